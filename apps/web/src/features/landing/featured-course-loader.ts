import type { FeaturedCourse } from './featured-course-types';

let featuredCourses: Promise<FeaturedCourse[]> | null = null;

/** The featured courses' data module, loaded on first use and kept; a failed load is retried next time. */
export function loadFeaturedCourses(): Promise<FeaturedCourse[]> {
  featuredCourses ??= import('./featured-courses').then(
    (module) => module.FEATURED_COURSES,
    (error: unknown) => {
      featuredCourses = null;
      throw error;
    },
  );
  return featuredCourses;
}
