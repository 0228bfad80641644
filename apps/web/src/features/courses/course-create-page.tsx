import { messages } from '@urok/contract';
import { PagePlaceholder } from '../../components/ui/page-placeholder';

/** /courseCreate (teachers only). */
export function CourseCreatePage() {
  return <PagePlaceholder title={messages.pageCreateCourse} description={messages.aboutCourseCreate} />;
}
