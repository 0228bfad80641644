/**
 * Who sees a course (DESIGN section 17), decided here for every door: the
 * catalog and search, the course's own page, its outline, lessons, files and
 * assignments. `public` courses are everyone's; a `private` one is its
 * author's, its students' and operators'; a `draft` its author's and
 * operators' alone. An operator's `hidden` flag takes a public course down to
 * what a private one shows.
 *
 * A draft never has students: nobody enrols in one, and a course with
 * students cannot become one (features/courses), so "enrolled" never opens a
 * draft (docs/decisions.md, "Private classes").
 */
import { isCourseVisibility, type CourseVisibility } from '@urok/contract';

export interface CourseVisibilityFacts {
  author_id: string;
  visibility?: string | undefined;
  hidden?: number | undefined;
}

/** Who asks; null is a visitor who is not signed in. */
export type Viewer = { _id: string; isOperator?: boolean | undefined } | null;

export function courseVisibility(row: Pick<CourseVisibilityFacts, 'visibility'>): CourseVisibility {
  const value = row.visibility ?? 'public';
  return isCourseVisibility(value) ? value : 'public';
}

/** In the catalog, search and public pages for everyone: public, and not hidden by an operator. */
export function isListedCourse(row: CourseVisibilityFacts): boolean {
  return courseVisibility(row) === 'public' && Number(row.hidden ?? 0) !== 1;
}

/**
 * Whether `viewer` may know the course exists. `enrolled` is asked only
 * when the answer depends on it, so the public read stays one query.
 */
export async function maySeeCourse(
  row: CourseVisibilityFacts,
  viewer: Viewer,
  enrolled: () => Promise<boolean>,
): Promise<boolean> {
  if (isListedCourse(row)) return true;
  if (viewer === null) return false;
  if (viewer.isOperator === true || viewer._id === row.author_id) return true;
  if (courseVisibility(row) === 'draft') return false;
  return enrolled();
}
