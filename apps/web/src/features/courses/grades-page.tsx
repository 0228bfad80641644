import { useState } from 'react';
import { Link } from 'react-router';
import { ROUTES, gradesMessages, messages } from '@urok/contract';
import type { UserGrades } from '@urok/contract/schemas';
import { Button } from '../../components/ui/button';
import { SecretLink } from '../../components/ui/secret-link';
import { Spinner } from '../../components/ui/spinner';
import { StatusBanner, type Banner } from '../../components/ui/status-banner';
import { failureMessage, useSecretMutation } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { useSignedInUser } from '../../lib/signed-in-user';
import { gradingApi, useRevokeCalendarFeedMutation, useUserGradesQuery } from './grading-api';
import { PageSection } from './components/course-overview';
import { EmptyState, LoadError, PageFrame } from './components/page-frame';
import { quizStateText } from './components/quiz-grade';
import { formatDateTime, formatGrade } from './format';

type CourseGrades = UserGrades['courses'][number];

/**
 * One course: each assignment's and quiz's due date, status, points and
 * feedback, and the course percentage. A quiz's state says whether it is not
 * attempted, in progress, waiting for an essay's grade or graded.
 */
function CourseGradesTable({ course }: { course: CourseGrades }) {
  return (
    <PageSection id={`course-${course._id}`} title={course.title}>
      <p className="text-sm font-semibold text-slate-900">
        {gradesMessages.coursePercent(course.percent)}
      </p>
      <ul className="divide-y divide-slate-200">
        {course.assignments.map((assignment) => (
          <li
            key={assignment._id}
            className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between sm:gap-6"
          >
            <div className="min-w-0 space-y-0.5">
              <Link
                to={
                  assignment.kind === 'quiz'
                    ? ROUTES.quiz(course._id, assignment._id)
                    : ROUTES.assignment(course._id, assignment._id)
                }
                className="font-medium text-indigo-700 hover:underline [overflow-wrap:anywhere]"
              >
                {assignment.title}
              </Link>
              <p className="text-xs text-slate-600">
                {assignment.kind === 'quiz' ? `${gradesMessages.quizKind} · ` : ''}
                {assignment.dueAt ? formatDateTime(assignment.dueAt) : gradesMessages.noDueDate}
              </p>
              {assignment.feedback && (
                <p className="whitespace-pre-line break-words text-sm text-slate-700">
                  {assignment.feedback}
                </p>
              )}
            </div>
            <p className="shrink-0 text-sm sm:text-right">
              <span className="block font-semibold text-slate-900">
                {formatGrade(assignment, assignment.maxPoints) ?? '—'}
              </span>
              <span className="block text-xs text-slate-600">
                {assignment.kind === 'quiz'
                  ? quizStateText(assignment)
                  : gradesMessages.status[assignment.status]}
              </span>
            </p>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}

/**
 * The private calendar feed of due dates: a new address to subscribe to in
 * Google Calendar or Outlook (a new one replaces the old), and revoking it.
 * The server keeps no way to show an address again, so it is shown once; it
 * is a credential, so it is asked for untracked and kept out of the store.
 */
function CalendarFeed() {
  const createFeed = useSecretMutation(gradingApi.endpoints.createCalendarFeed);
  const [creating, setCreating] = useState(false);
  const [revokeFeed, revoking] = useRevokeCalendarFeedMutation();
  const [url, setUrl] = useState<string | null>(null);
  const [banner, setBanner] = useState<Banner | null>(null);
  const pending = creating || revoking.isLoading;

  const failed = (error: unknown) =>
    setBanner({ tone: 'error', text: failureMessage(error, gradesMessages.calendarFailed) });

  const create = async () => {
    setBanner(null);
    setCreating(true);
    const result = await createFeed();
    setCreating(false);
    if (result.data) setUrl(result.data);
    else failed(result.error);
  };

  const revoke = async () => {
    setBanner(null);
    const result = await revokeFeed();
    if (result.error) return failed(result.error);
    setUrl(null);
    setBanner({ tone: 'success', text: gradesMessages.calendarRevoked });
  };

  return (
    <PageSection id="calendar" title={gradesMessages.calendarHeading}>
      <p className="text-sm text-slate-700">{gradesMessages.calendarIntro}</p>
      <StatusBanner banner={banner} />
      {url && (
        <SecretLink
          label={gradesMessages.calendarUrlLabel}
          url={url}
          note={gradesMessages.calendarPrivate}
          copyLabel={gradesMessages.calendarCopy}
          copiedLabel={gradesMessages.calendarCopied}
        />
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void create()} disabled={pending} aria-busy={pending}>
          {url ? gradesMessages.calendarRenew : gradesMessages.calendarCreate}
        </Button>
        <Button variant="secondary" onClick={() => void revoke()} disabled={pending}>
          {gradesMessages.calendarRevoke}
        </Button>
      </div>
    </PageSection>
  );
}

/** /grades ('Мої оцінки'): the signed-in student's grades in every course, and the calendar feed. */
export function GradesPage() {
  const user = useSignedInUser();
  const query = useUserGradesQuery(user._id);
  const grades = query.currentData;
  const failure = query.isError
    ? failureMessage(query.error, gradesMessages.gradesLoadFailed)
    : null;
  useDocumentTitle(messages.myGrades);
  const load = () => void query.refetch();

  const courses = grades?.courses.filter((course) => course.assignments.length > 0);
  return (
    <PageFrame title={messages.myGrades} intro={gradesMessages.gradesIntro} width="narrow">
      {failure ? (
        <LoadError message={failure} onRetry={load} />
      ) : !courses ? (
        <Spinner />
      ) : courses.length === 0 ? (
        <EmptyState message={gradesMessages.gradesEmpty} />
      ) : (
        courses.map((course) => <CourseGradesTable key={course._id} course={course} />)
      )}
      {/* With the grades, not before them: below a list still loading it would move. */}
      {(courses || failure) && <CalendarFeed />}
    </PageFrame>
  );
}
