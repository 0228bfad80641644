import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { StudentCourseDetails } from './student-course-details';
import { TeacherCourseDetails } from './teacher-course-details';

/**
 * The course's outline, drawn by another feature (app/router.tsx hands it in):
 * `enrolled` is false for a student who has not enrolled yet; for the author,
 * `progress` asks for the students' progress instead of the outline editor.
 * `onLoaded` is called once a student's outline has its data (or has failed).
 */
export type RenderOutline = (
  courseId: string,
  enrolled: boolean,
  progress?: boolean,
  onLoaded?: () => void,
) => ReactNode;

interface MyCourseDetailsPageProps {
  /** Students look the course up among their enrolled courses, teachers among their created ones. */
  scope: 'enrolled' | 'created';
  renderOutline?: RenderOutline;
}

/** /mycourse-details/:id, and for the author /mycourse-details/:id/:tab */
export function MyCourseDetailsPage({ scope, renderOutline }: MyCourseDetailsPageProps) {
  const { id = '', tab } = useParams();
  return scope === 'created' ? (
    <TeacherCourseDetails key={id} courseId={id} tab={tab} renderOutline={renderOutline} />
  ) : (
    <StudentCourseDetails key={id} courseId={id} renderOutline={renderOutline} />
  );
}
