import { messages } from '@urok/contract';
import { PagePlaceholder } from '../../components/ui/page-placeholder';

/** /course-details:N (a featured course's landing page) and the bare /course-details. */
export function CourseLandingPage({ landingId }: { landingId?: number }) {
  const title = landingId === undefined ? messages.pageCourseDetails : `${messages.pageCourseLanding} ${landingId}`;
  return <PagePlaceholder title={title} description={messages.aboutCourseLanding} />;
}
