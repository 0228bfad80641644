import { useParams } from 'react-router';
import { StudentCourseDetails } from './student-course-details';
import { TeacherCourseDetails } from './teacher-course-details';

interface MyCourseDetailsPageProps {
  /** Students look the course up among their enrolled courses, teachers among their created ones. */
  scope: 'enrolled' | 'created';
}

/** /mycourse-details/:id */
export function MyCourseDetailsPage({ scope }: MyCourseDetailsPageProps) {
  const { id = '' } = useParams();
  return scope === 'created' ? (
    <TeacherCourseDetails key={id} courseId={id} />
  ) : (
    <StudentCourseDetails key={id} courseId={id} />
  );
}
