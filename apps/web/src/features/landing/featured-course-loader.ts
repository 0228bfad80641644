import type { FeaturedCourse } from './featured-course-types';

let featuredModule: Promise<typeof import('./featured-courses')> | null = null;

/**
 * The featured courses, in the active language: their data module is loaded
 * on first use and kept; a failed load is retried next time.
 */
export function loadFeaturedCourses(): Promise<FeaturedCourse[]> {
  featuredModule ??= import('./featured-courses').catch((error: unknown) => {
    featuredModule = null;
    throw error;
  });
  return featuredModule.then((module) => module.featuredCourses());
}
