import { messages } from '@urok/contract';
import { PagePlaceholder } from '../../components/ui/page-placeholder';

/** /my-courselist for a student: the enrolled courses. */
export function StudentCourseListPage() {
  return <PagePlaceholder title={messages.pageMyCourses} description={messages.aboutMyCoursesStudent} />;
}
