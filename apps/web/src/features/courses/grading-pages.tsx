/**
 * The assignment page, the gradebook and 'Мої оцінки' as one chunk behind
 * one lazy page of the route table: every lazy page adds to /login's entry
 * chunk, which holds the table, and that chunk is at its budget.
 */
import { AssignmentPage } from './assignment-page';
import { GradebookPage } from './gradebook-page';
import { GradesPage } from './grades-page';

export type GradingPageName = 'assignment' | 'gradebook' | 'grades';

export function GradingPage({
  page,
  viewer = 'student',
}: {
  page: GradingPageName;
  viewer?: 'student' | 'teacher';
}) {
  if (page === 'assignment') return <AssignmentPage viewer={viewer} />;
  return page === 'gradebook' ? <GradebookPage /> : <GradesPage />;
}
