import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LEARNING_API, ROUTES, gradesMessages, messages } from '@urok/contract';
import type { Gradebook, GradebookCell, GradebookStatus } from '@urok/contract/schemas';
import { Spinner } from '../../components/ui/spinner';
import { useServiceDispatch } from '../../lib/app-thunk';
import { useDocumentTitle } from '../../lib/document-title';
import { fetchGradebook } from './assignment-thunks';
import { DownloadButton } from './components/download-button';
import { EmptyState, LoadError, PageFrame } from './components/page-frame';
import { submissionAnchor } from './components/submission-facts';
import { fetchCreatedCourses } from './course-slice';
import { useCoursesDispatch, useCoursesState } from './hooks';
import { formatDateTime } from './format';

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
  maxPoints,
  cell,
}: {
  courseId: string;
  assignmentId: string;
  maxPoints: number;
  cell: GradebookCell | undefined;
}) {
  const status = cell?.status ?? 'missing';
  const main =
    cell?.points !== null && cell?.points !== undefined
      ? gradesMessages.points(cell.points, maxPoints)
      : (cell?.grade ?? gradesMessages.status[status]);
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
      to={`${ROUTES.assignment(courseId, assignmentId)}#${submissionAnchor(cell.homeworkId)}`}
      className="-m-2 block min-h-11 rounded p-2 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {content}
    </Link>
  );
}

/**
 * /mycourse-details/{id}/gradebook (the author): every enrolled student
 * against every published assignment, with the status and points of each
 * cell and each student's percentage; a cell with a submission opens it to
 * grade. The header row and the names stay in view while the table scrolls
 * (also sideways on a phone).
 */
export function GradebookPage() {
  const { id: courseId = '' } = useParams();
  const dispatch = useServiceDispatch();
  const coursesDispatch = useCoursesDispatch();
  const { createdCourses } = useCoursesState();
  const course = createdCourses.find((entry) => entry._id === courseId);
  const [gradebook, setGradebook] = useState<Gradebook | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useDocumentTitle(
    course ? `${gradesMessages.pageGradebook} — ${course.title}` : gradesMessages.pageGradebook,
  );

  const load = () => {
    setFailure(null);
    void dispatch(fetchGradebook(courseId)).then((result) => {
      if (fetchGradebook.fulfilled.match(result)) setGradebook(result.payload);
      else setFailure(result.payload?.message ?? gradesMessages.gradebookLoadFailed);
    });
  };
  useEffect(load, [dispatch, courseId]);
  useEffect(() => {
    void coursesDispatch(fetchCreatedCourses());
  }, [coursesDispatch]);

  const title = course?.title ?? '';
  return (
    <PageFrame
      title={gradesMessages.pageGradebook}
      intro={
        <Link to={ROUTES.myCourseDetails(courseId)} className="text-indigo-700 hover:underline">
          {title || gradesMessages.backToCourse}
        </Link>
      }
      aside={
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
                      to={ROUTES.assignment(courseId, assignment._id)}
                      className="hover:underline"
                    >
                      {assignment.title}
                    </Link>
                    <span className="block text-xs font-normal text-slate-600">
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
                      <Cell
                        courseId={courseId}
                        assignmentId={assignment._id}
                        maxPoints={assignment.maxPoints}
                        cell={student.cells[assignment._id]}
                      />
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
    </PageFrame>
  );
}
