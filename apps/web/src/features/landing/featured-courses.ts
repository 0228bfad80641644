import { featuredCourseCopy } from '@urok/contract';
import type { FeaturedCourse } from './featured-course-types';

/**
 * The featured courses of /course-details:N (ids 1, 2 and 4 to 13; there is
 * no 3), in the active language: a catalog value of the contract. Loaded on
 * demand by featured-course-loader, never by the entry.
 */
export function featuredCourses(): FeaturedCourse[] {
  return featuredCourseCopy.courses;
}
