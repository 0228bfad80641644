import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ROUTES, gradesMessages, messages } from '@urok/contract';
import type { UserGrades } from '@urok/contract/schemas';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { StatusBanner, type Banner } from '../../components/ui/status-banner';
import { useServiceDispatch } from '../../lib/app-thunk';
import { useDocumentTitle } from '../../lib/document-title';
import { useSignedInUser } from '../../lib/signed-in-user';
import { createCalendarFeed, fetchUserGrades, revokeCalendarFeed } from './assignment-thunks';
import { PageSection } from './components/course-overview';
import { EmptyState, LoadError, PageFrame } from './components/page-frame';
import { formatDateTime } from './format';

type CourseGrades = UserGrades['courses'][number];

/** One course: each assignment's due date, status, points and feedback, and the course percentage. */
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
                to={ROUTES.assignment(course._id, assignment._id)}
                className="font-medium text-indigo-700 hover:underline [overflow-wrap:anywhere]"
              >
                {assignment.title}
              </Link>
              <p className="text-xs text-slate-600">
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
                {assignment.points !== null
                  ? gradesMessages.points(assignment.points, assignment.maxPoints)
                  : (assignment.grade ?? '—')}
              </span>
              <span className="block text-xs text-slate-600">
                {gradesMessages.status[assignment.status]}
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
 * The server keeps no way to show an address again, so it is shown once.
 */
function CalendarFeed() {
  const dispatch = useServiceDispatch();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [copied, setCopied] = useState(false);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (url) inputRef.current?.select();
  }, [url]);

  const create = async () => {
    setPending(true);
    setBanner(null);
    setCopied(false);
    const result = await dispatch(createCalendarFeed());
    setPending(false);
    if (createCalendarFeed.fulfilled.match(result)) setUrl(result.payload);
    else
      setBanner({ tone: 'error', text: result.payload?.message ?? gradesMessages.calendarFailed });
  };

  const revoke = async () => {
    setPending(true);
    setBanner(null);
    const result = await dispatch(revokeCalendarFeed());
    setPending(false);
    if (revokeCalendarFeed.fulfilled.match(result)) {
      setUrl(null);
      setBanner({ tone: 'success', text: gradesMessages.calendarRevoked });
    } else {
      setBanner({ tone: 'error', text: result.payload?.message ?? gradesMessages.calendarFailed });
    }
  };

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin): the address is selected for a manual copy.
      inputRef.current?.select();
    }
  };

  return (
    <PageSection id="calendar" title={gradesMessages.calendarHeading}>
      <p className="text-sm text-slate-700">{gradesMessages.calendarIntro}</p>
      <StatusBanner banner={banner} />
      {url && (
        <div className="space-y-2 rounded-lg border border-indigo-200 bg-indigo-50 p-3">
          <label htmlFor={inputId} className="block text-sm font-semibold text-slate-900">
            {gradesMessages.calendarUrlLabel}
          </label>
          <input
            id={inputId}
            ref={inputRef}
            readOnly
            value={url}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm"
          />
          <p className="text-sm text-slate-700">{gradesMessages.calendarPrivate}</p>
          <Button onClick={() => void copy()}>
            {copied ? gradesMessages.calendarCopied : gradesMessages.calendarCopy}
          </Button>
        </div>
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
  const dispatch = useServiceDispatch();
  const [grades, setGrades] = useState<UserGrades | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useDocumentTitle(messages.myGrades);

  const load = () => {
    setFailure(null);
    void dispatch(fetchUserGrades(user._id)).then((result) => {
      if (fetchUserGrades.fulfilled.match(result)) setGrades(result.payload);
      else setFailure(result.payload?.message ?? gradesMessages.gradesLoadFailed);
    });
  };
  useEffect(load, [dispatch, user._id]);

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
      <CalendarFeed />
    </PageFrame>
  );
}
