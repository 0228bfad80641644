import { Link } from 'react-router';
import { LEARNING_API, ROUTES, gradesMessages, messages } from '@urok/contract';
import type { GradebookCell, GradebookStatus } from '@urok/contract/schemas';
import { Spinner } from '../../components/ui/spinner';
import { failureMessage } from '../../lib/api';
import { DownloadButton } from './components/download-button';
import { PageSection } from './components/course-overview';
import { EmptyState, LoadError } from './components/page-frame';
import { QuizGradeCell } from './components/quiz-grade';
import { useGradebookQuery } from './grading-api';
import { formatDateTime, formatGrade } from './format';
import { gradingPath } from './grading-route';

const STATUS_LOOK: Record<GradebookStatus, string> = {
  missing: 'text-slate-500',
  submitted: 'text-indigo-800',
  late: 'text-amber-900',
  graded: 'text-emerald-900',
};

/** One cell: the points (or the grade as given), else the status; a submission opens to be graded. */
function Cell({
  courseId,
  assignmentId,
  studentId,
  maxPoints,
  cell,
}: {
  courseId: string;
  assignmentId: string;
  studentId: string;
  maxPoints: number;
  cell: GradebookCell | undefined;
}) {
  const status = cell?.status ?? 'missing';
  const main = (cell && formatGrade(cell, maxPoints)) ?? gradesMessages.status[status];
  const content = (
    <span className="flex flex-col">
      <span className={`font-medium ${STATUS_LOOK[status]}`}>{main}</span>
      {status !== 'missing' && main !== gradesMessages.status[status] && (
        <span className="text-xs text-slate-600">{gradesMessages.status[status]}</span>
      )}
    </span>
  );
  if (!cell?.homeworkId) return content;
  return (
    <Link
      to={gradingPath(courseId, assignmentId, studentId)}
      className="-m-2 block min-h-11 rounded p-2 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {content}
    </Link>
  );
}

/**
 * The 'Журнал оцінок' tab of the author's course page
 * (/mycourse-details/{id}/gradebook): every enrolled student against every
 * published assignment, then every published quiz, with the status and points
 * of each cell and each student's percentage; a cell with a submission opens
 * it on the grading page, a quiz's cell its attempt. The header row and the
 * names stay in view while the table scrolls (also sideways on a phone).
 */
export function Gradebook({ courseId, title }: { courseId: string; title: string }) {
  const query = useGradebookQuery(courseId);
  const gradebook = query.currentData;
  const failure = query.isError
    ? failureMessage(query.error, gradesMessages.gradebookLoadFailed)
    : null;
  const load = () => void query.refetch();

  return (
    <PageSection
      id="gradebook"
      title={gradesMessages.pageGradebook}
      actions={
        gradebook && (
          <DownloadButton
            path={LEARNING_API.gradebookCsv(courseId)}
            fallbackName={`${title} — ${messages.gradebookFileSuffix}.csv`}
          >
            {gradesMessages.downloadGradebookCsv}
          </DownloadButton>
        )
      }
    >
      {failure ? (
        <LoadError message={failure} onRetry={load} />
      ) : !gradebook ? (
        <Spinner />
      ) : gradebook.students.length === 0 ? (
        <EmptyState message={gradesMessages.gradebookEmpty} />
      ) : gradebook.assignments.length === 0 ? (
        <EmptyState message={gradesMessages.gradebookNoAssignments} />
      ) : (
        <div
          role="region"
          aria-label={gradesMessages.gradebookRegion}
          tabIndex={0}
          className="max-h-[75vh] overflow-auto rounded-2xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <table className="min-w-full border-separate border-spacing-0 text-sm">
            <caption className="sr-only">{gradesMessages.gradebookCaption(title)}</caption>
            <thead>
              <tr>
                <th
                  scope="col"
                  className="sticky left-0 top-0 z-20 border-b border-r border-slate-200 bg-slate-50 px-3 py-2 text-left font-semibold text-slate-900"
                >
                  {gradesMessages.gradebookStudent}
                </th>
                {gradebook.assignments.map((assignment) => (
                  <th
                    key={assignment._id}
                    scope="col"
                    className="sticky top-0 z-10 min-w-36 border-b border-slate-200 bg-slate-50 px-3 py-2 text-left align-bottom font-semibold text-slate-900"
                  >
                    <Link
                      to={
                        assignment.kind === 'quiz'
                          ? ROUTES.quiz(courseId, assignment._id)
                          : ROUTES.assignment(courseId, assignment._id)
                      }
                      className="hover:underline"
                    >
                      {assignment.title}
                    </Link>
                    <span className="block text-xs font-normal text-slate-600">
                      {assignment.kind === 'quiz' ? `${gradesMessages.quizKind} · ` : ''}
                      {gradesMessages.maxPointsNote(assignment.maxPoints)}
                      {assignment.dueAt ? ` · ${formatDateTime(assignment.dueAt)}` : ''}
                    </span>
                  </th>
                ))}
                <th
                  scope="col"
                  className="sticky top-0 z-10 border-b border-slate-200 bg-slate-50 px-3 py-2 text-right font-semibold text-slate-900"
                >
                  %
                </th>
              </tr>
            </thead>
            <tbody>
              {gradebook.students.map((student) => (
                <tr key={student._id} className="odd:bg-white even:bg-slate-50/60">
                  <th
                    scope="row"
                    className="sticky left-0 z-10 max-w-48 border-r border-slate-200 bg-inherit px-3 py-2 text-left font-medium text-slate-900 [overflow-wrap:anywhere]"
                  >
                    {student.username}
                  </th>
                  {gradebook.assignments.map((assignment) => (
                    <td key={assignment._id} className="px-3 py-2 align-top">
                      {assignment.kind === 'quiz' ? (
                        <QuizGradeCell
                          courseId={courseId}
                          quiz={assignment}
                          studentName={student.username}
                          cell={student.cells[assignment._id]}
                        />
                      ) : (
                        <Cell
                          courseId={courseId}
                          assignmentId={assignment._id}
                          studentId={student._id}
                          maxPoints={assignment.maxPoints}
                          cell={student.cells[assignment._id]}
                        />
                      )}
                    </td>
                  ))}
                  <td className="px-3 py-2 text-right align-top font-semibold text-slate-900">
                    {gradesMessages.percent(student.percent)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PageSection>
  );
}
