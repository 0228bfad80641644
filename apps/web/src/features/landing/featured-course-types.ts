/** A featured course's landing page (/course-details:N): a curated programme shipped with the app. */
export type { FeaturedCourse } from '@urok/contract';
