import { messages } from '@urok/contract';
import { PagePlaceholder } from '../../components/ui/page-placeholder';

/** /my-courselist for a teacher: the created courses (a different page from the student one). */
export function TeacherCourseListPage() {
  return <PagePlaceholder title={messages.pageMyCourses} description={messages.aboutMyCoursesTeacher} />;
}
