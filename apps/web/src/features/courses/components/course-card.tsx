import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { courseMessages, messages, type Course } from '@urok/contract';
import { CourseCover } from './course-cover';
import { VisibilityBadge } from './visibility-badge';

interface CourseCardProps {
  course: Course;
  /** Where the title leads; without it the title is plain text. */
  href?: string;
  /** The card's actions and states (enrol button, links). */
  children?: ReactNode;
}

/** The id of a card's title: its actions point at it with aria-describedby. */
export const courseTitleId = (courseId: string) => `course-${courseId}-title`;

/** One course in a grid: an <article> named by the course title. */
export function CourseCard({ course, href, children }: CourseCardProps) {
  const titleId = courseTitleId(course._id);
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <CourseCover course={course} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-indigo-700">
          {course.category}
        </p>
        <VisibilityBadge course={course} />
        <h2 id={titleId} className="text-lg font-semibold leading-snug text-slate-900">
          {href ? (
            <Link
              to={href}
              className="rounded hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              {course.title}
            </Link>
          ) : (
            course.title
          )}
        </h2>
        <p className="text-sm text-slate-700">{courseMessages.author(course.author.username)}</p>
        <p className="text-sm text-slate-600">
          {courseMessages.enrolledCount(course.enrolledCount)}
        </p>
        {children && (
          <div className="mt-auto flex flex-wrap items-center gap-2 pt-3">{children}</div>
        )}
      </div>
    </article>
  );
}

/**
 * A grey stand-in card while a list loads, of a card's height: its lines are the card's (the
 * category, the title, the author, the count, each at its line height) and its action row a
 * button's, so the cards that replace it move nothing below.
 */
export function CourseCardSkeleton() {
  return (
    <div className="flex h-full animate-pulse flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm motion-reduce:animate-none">
      <div className="aspect-video w-full bg-slate-200" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="h-4 w-1/3 rounded bg-slate-200" />
        <div className="h-6 w-4/5 rounded bg-slate-200" />
        <div className="h-5 w-1/2 rounded bg-slate-200" />
        <div className="h-5 w-1/3 rounded bg-slate-200" />
        <div className="mt-auto pt-3">
          <div className="h-11 w-28 rounded-lg bg-slate-200" />
        </div>
      </div>
    </div>
  );
}

/**
 * The place of an action (enrol, leave) while which one it will be is not yet known: a button's
 * size, so the button that replaces it moves nothing (a card in a list, a course page's header).
 */
export function ActionPlaceholder() {
  return (
    <span
      aria-hidden="true"
      className="inline-block h-11 w-32 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none"
    />
  );
}

/** The responsive grid of course cards (one column on phones). */
export const COURSE_GRID = 'grid gap-5 sm:grid-cols-2 xl:grid-cols-3';

interface CourseListStateProps {
  loading: boolean;
  count?: number;
}

/** Skeleton cards with one polite 'loading' announcement. */
export function CourseGridSkeleton({ loading, count = 6 }: CourseListStateProps) {
  if (!loading) return null;
  return (
    <div>
      <p role="status" className="sr-only">
        {messages.loading}
      </p>
      <ul aria-hidden="true" className={COURSE_GRID}>
        {Array.from({ length: count }, (_, index) => (
          <li key={index}>
            <CourseCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}
