import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { StudentCourseDetails } from './student-course-details';
import { TeacherCourseDetails } from './teacher-course-details';

/**
 * The course's outline, drawn by another feature (app/router.tsx hands it in):
 * `enrolled` is false for a student who has not enrolled yet.
 */
export type RenderOutline = (courseId: string, enrolled: boolean) => ReactNode;

interface MyCourseDetailsPageProps {
  /** Students look the course up among their enrolled courses, teachers among their created ones. */
  scope: 'enrolled' | 'created';
  renderOutline?: RenderOutline;
}

/** /mycourse-details/:id */
export function MyCourseDetailsPage({ scope, renderOutline }: MyCourseDetailsPageProps) {
  const { id = '' } = useParams();
  return scope === 'created' ? (
    <TeacherCourseDetails key={id} courseId={id} renderOutline={renderOutline} />
  ) : (
    <StudentCourseDetails key={id} courseId={id} renderOutline={renderOutline} />
  );
}
