import { classPageMessages, type Course } from '@urok/contract';

const TONES = {
  private: 'bg-indigo-100 text-indigo-900',
  draft: 'bg-slate-200 text-slate-800',
} as const;

/** 'Закритий клас' or 'Чернетка' beside a course's title; nothing for a public course. */
export function VisibilityBadge({ course }: { course: Pick<Course, 'visibility'> }) {
  if (course.visibility === 'public') return null;
  return (
    <span
      className={`inline-flex w-fit items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[course.visibility]}`}
    >
      {classPageMessages.badge[course.visibility]}
    </span>
  );
}
