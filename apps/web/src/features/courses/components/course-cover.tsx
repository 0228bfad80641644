import type { Course } from '@urok/contract';

interface CourseCoverProps {
  course: Pick<Course, 'title' | 'coverUrl'>;
  /** The details page's cover is at the top of the page: load it at once. */
  eager?: boolean;
  className?: string;
}

/** A course's cover (decorative: the title is next to it), or a coloured block with its initial. */
export function CourseCover({ course, eager = false, className = '' }: CourseCoverProps) {
  if (course.coverUrl) {
    return (
      <img
        src={course.coverUrl}
        alt=""
        width={640}
        height={360}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className={`aspect-video w-full bg-slate-100 object-cover ${className}`}
      />
    );
  }
  return (
    <div
      aria-hidden="true"
      className={`flex aspect-video w-full items-center justify-center bg-linear-to-br from-indigo-600 to-sky-500 text-5xl font-bold text-white/90 ${className}`}
    >
      {course.title.trim().charAt(0).toUpperCase()}
    </div>
  );
}
