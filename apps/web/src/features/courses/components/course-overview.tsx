import type { ReactNode } from 'react';
import { courseMessages, type Course } from '@urok/contract';
import { formatDateTime, isPast } from '../format';
import { CourseCover } from './course-cover';
import { VisibilityBadge } from './visibility-badge';

/** The id of the submissions section of a teacher's course page ('Роботи студентів' links to it). */
export const SUBMISSIONS_ANCHOR = 'submissions';

/** The deadline line: the date, and a flag once it has passed. */
export function Deadline({ dueAt }: { dueAt: string | null }) {
  if (!dueAt) return <p className="text-sm text-slate-700">{courseMessages.noDeadline}</p>;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
      <span>{courseMessages.deadlineAt(formatDateTime(dueAt))}</span>
      {isPast(dueAt) && (
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
          {courseMessages.deadlinePassed}
        </span>
      )}
    </p>
  );
}

/** The top of a course page: cover, title (the page's h1), category, author, enrolled count. */
export function CourseHeader({ course, children }: { course: Course; children?: ReactNode }) {
  return (
    <header className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:grid md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:items-center">
      {/* The whole cover, never cropped: covers often carry text. */}
      <div className="p-4 pb-0 md:pb-4 md:pr-0">
        <CourseCover course={course} eager className="rounded-xl" />
      </div>
      <div className="space-y-3 p-5 sm:p-6">
        <p className="text-xs font-semibold uppercase tracking-wide text-indigo-700">
          {course.category}
        </p>
        <VisibilityBadge course={course} />
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {course.title}
        </h1>
        <p className="text-sm text-slate-700">{courseMessages.author(course.author.username)}</p>
        <p className="text-sm text-slate-600">
          {courseMessages.enrolledCount(course.enrolledCount)}
        </p>
        {children && <div className="flex flex-wrap items-center gap-3 pt-2">{children}</div>}
      </div>
    </header>
  );
}

/** A titled block of a course page (an h2 section). */
export function PageSection({
  id,
  title,
  actions,
  children,
}: {
  id: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="scroll-mt-20 space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2
          id={headingId}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-none"
        >
          {title}
        </h2>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}
