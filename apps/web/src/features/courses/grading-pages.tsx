/**
 * The assignment page, its grading page and 'Мої оцінки' as one chunk behind
 * one lazy page of the route table: every lazy page adds to /login's entry
 * chunk, which holds the table, and that chunk is at its budget.
 */
import { AssignmentPage } from './assignment-page';
import { GradeSubmissionsPage } from './grade-submissions-page';
import { GradesPage } from './grades-page';

export type GradingPageName = 'assignment' | 'grade' | 'grades';

export function GradingPage({
  page,
  viewer = 'student',
}: {
  page: GradingPageName;
  viewer?: 'student' | 'teacher';
}) {
  if (page === 'assignment') return <AssignmentPage viewer={viewer} />;
  if (page === 'grade') return <GradeSubmissionsPage />;
  return <GradesPage />;
}
