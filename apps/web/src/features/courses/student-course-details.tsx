import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  ROUTES,
  courseMessages,
  gradesMessages,
  messages,
  type Course,
  type Homework,
} from '@urok/contract';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { failureMessage, loadFailureMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { useSignedInUser } from '../../lib/signed-in-user';
import { ActionPlaceholder } from './components/course-card';
import { CourseHeader, Deadline, PageSection } from './components/course-overview';
import { OwnSubmissions } from './components/own-submissions';
import { CourseNotFound } from './components/course-not-found';
import { formatGrade } from './format';
import { LoadError } from './components/page-frame';
import {
  useCourseQuery,
  useEnrollMutation,
  useUnenrollMutation,
  useUserCoursesQuery,
} from './courses-api';
import { useCourseWorkQuery } from './grading-api';
import { useOwnHomeworkQuery } from './homework-api';
import type { RenderOutline } from './my-course-details-page';

/** How long the course page's parts wait for the outline before they are shown without it. */
const PARTS_WAIT_MS = 3000;

/** 'Покинути курс' with an inline confirmation (submitted homework is kept). */
function LeaveCourse({ courseId }: { courseId: string }) {
  const [unenroll, { isLoading: pending }] = useUnenrollMutation();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const leave = async () => {
    setError(null);
    const result = await unenroll(courseId);
    if (result.error) setError(failureMessage(result.error, courseMessages.leaveFailed));
  };

  const cancel = () => {
    setConfirming(false);
    // Back to the button that opened the question.
    setTimeout(() => openRef.current?.focus());
  };

  if (!confirming) {
    return (
      <Button ref={openRef} variant="secondary" onClick={() => setConfirming(true)}>
        {courseMessages.leaveCourse}
      </Button>
    );
  }
  return (
    <div
      role="group"
      aria-labelledby="leave-course-question"
      className="w-full space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-4"
    >
      <p id="leave-course-question" className="text-sm font-medium text-amber-950">
        {courseMessages.leaveConfirm}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          ref={confirmRef}
          onClick={() => void leave()}
          disabled={pending}
          aria-busy={pending}
        >
          {courseMessages.leaveConfirmAction}
        </Button>
        <Button variant="secondary" onClick={cancel} disabled={pending}>
          {courseMessages.cancel}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function EnrolButton({ courseId }: { courseId: string }) {
  const [enroll, { isLoading: pending }] = useEnrollMutation();
  const [error, setError] = useState<string | null>(null);
  const onEnrol = async () => {
    setError(null);
    const result = await enroll(courseId);
    if (result.error) setError(failureMessage(result.error, courseMessages.enrolFailed));
  };
  return (
    <div className="flex flex-col items-start gap-2">
      <Button onClick={() => void onEnrol()} disabled={pending} aria-busy={pending}>
        {courseMessages.enrol}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A student's standing on one assignment: its latest submission's grade, or none yet. */
function AssignmentStatus({
  homework,
  maxPoints,
}: {
  homework: Homework | undefined;
  maxPoints: number | null;
}) {
  if (!homework) {
    return (
      <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
        {gradesMessages.status.missing}
      </span>
    );
  }
  if (homework.grade === null) {
    return (
      <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
        {courseMessages.awaitingGrade}
      </span>
    );
  }
  return (
    <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-900">
      {courseMessages.grade(formatGrade(homework, maxPoints ?? undefined) ?? homework.grade)}
    </span>
  );
}

/**
 * The enrolled student's part: the course's assignments, each a link to its own page (where the
 * work is handed in) with its due date and the student's status, then every own submission
 * naming its assignment.
 */
function EnrolledCourse({ course }: { course: Course }) {
  const own = useOwnHomeworkQuery(course._id);
  const work = useCourseWorkQuery(course._id);
  const homework = own.currentData;
  const assignments = work.currentData?.filter((item) => item.kind === 'assignment');

  if (assignments?.length === 0 && homework?.length === 0) return null;
  // Submissions come newest first: the first one of an assignment is its latest.
  const latest = (assignmentId: string) =>
    homework?.find((entry) => entry.assignmentId === assignmentId);
  const byId = new Map(assignments?.map((item) => [item._id, item]));
  return (
    <>
      <PageSection id="course-assignments" title={gradesMessages.assignmentsHeading}>
        {assignments && homework ? (
          assignments.length === 0 ? (
            <p className="text-sm text-slate-600">{gradesMessages.noAssignments}</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {assignments.map((item) => (
                <li
                  key={item._id}
                  className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0 space-y-1">
                    <Link
                      to={ROUTES.assignment(course._id, item._id)}
                      className="inline-flex min-h-11 items-center break-words text-base font-medium text-indigo-700 hover:underline"
                    >
                      {item.title}
                    </Link>
                    <Deadline dueAt={item.dueAt} />
                  </div>
                  <p className="sm:shrink-0">
                    <AssignmentStatus homework={latest(item._id)} maxPoints={item.maxPoints} />
                  </p>
                </li>
              ))}
            </ul>
          )
        ) : work.isError || own.isError ? (
          <LoadError
            message={courseMessages.courseLoadFailed}
            onRetry={() => {
              if (work.isError) void work.refetch();
              if (own.isError) void own.refetch();
            }}
          />
        ) : (
          <Spinner />
        )}
      </PageSection>
      {homework && homework.length > 0 && (
        <PageSection id="own-submissions" title={courseMessages.mySubmissions}>
          <OwnSubmissions
            courseId={course._id}
            homework={homework}
            assignmentOf={(entry) => ({
              title: byId.get(entry.assignmentId)?.title ?? courseMessages.homeworkHeading,
              path: ROUTES.assignment(course._id, entry.assignmentId),
              maxPoints: byId.get(entry.assignmentId)?.maxPoints ?? undefined,
            })}
          />
        </PageSection>
      )}
    </>
  );
}

/**
 * /mycourse-details/{id} for a student: the course, and — once enrolled —
 * its assignments (each handed in on its own page) and the own submissions;
 * otherwise an enrol button.
 */
export function StudentCourseDetails({
  courseId,
  renderOutline,
}: {
  courseId: string;
  renderOutline?: RenderOutline;
}) {
  const user = useSignedInUser();
  const viewed = useCourseQuery(courseId);
  const userCourses = useUserCoursesQuery(user._id);
  const course = viewed.currentData ?? null;
  useDocumentTitle(course?.title ?? messages.pageMyCourseDetails);

  const enrolmentKnown = userCourses.isSuccess || userCourses.isError;
  const enrolled = (userCourses.data ?? []).some((entry) => entry._id === courseId);
  // The parts below the description load side by side (the outline, the assignments, the own
  // submissions): they are shown together once each has its data, so that none arrives above
  // another already shown and moves it (and the link the reader is about to tap). Meanwhile they
  // are rendered hidden, their code and data loading. A part that neither loads nor fails within
  // PARTS_WAIT_MS (its code still coming) does not hold the others back longer.
  const own = useOwnHomeworkQuery(courseId, { skip: !enrolled });
  const work = useCourseWorkQuery(courseId, { skip: !enrolled });
  const [outlineLoaded, setOutlineLoaded] = useState(false);
  const onOutlineLoaded = useCallback(() => setOutlineLoaded(true), []);
  const settled = (query: { isSuccess: boolean; isError: boolean }) =>
    query.isSuccess || query.isError;
  const ownPartsReady = enrolmentKnown && (!enrolled || (settled(own) && settled(work)));
  const [waitedLongEnough, setWaitedLongEnough] = useState(false);
  useEffect(() => {
    if (!ownPartsReady) return;
    const timer = setTimeout(() => setWaitedLongEnough(true), PARTS_WAIT_MS);
    return () => clearTimeout(timer);
  }, [ownPartsReady]);
  const partsReady = ownPartsReady && (outlineLoaded || !renderOutline || waitedLongEnough);

  if (!course) {
    // A course that does not exist is an answer, not a failure to retry.
    const status = viewed.isError ? (viewed.error as { status?: number }).status : undefined;
    if (status === 404 || status === 400) return <CourseNotFound />;
    if (viewed.isError) {
      return (
        <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
          <h1 className="sr-only">{messages.pageMyCourseDetails}</h1>
          <LoadError
            message={loadFailureMessage(viewed.error, courseMessages.courseLoadFailed)}
            onRetry={() => void viewed.refetch()}
          />
        </div>
      );
    }
    return <Spinner className="py-16" />;
  }

  return (
    <article className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <CourseHeader course={course}>
        {!enrolmentKnown ? (
          <ActionPlaceholder />
        ) : enrolled ? (
          <LeaveCourse courseId={course._id} />
        ) : (
          <EnrolButton courseId={course._id} />
        )}
      </CourseHeader>
      <PageSection id="about-course" title={courseMessages.aboutCourse}>
        <p className="whitespace-pre-line break-words text-base text-slate-800">
          {course.description}
        </p>
      </PageSection>
      {!partsReady && <Spinner className="py-8" />}
      <div hidden={!partsReady} className="space-y-6">
        {enrolmentKnown && !enrolled && (
          <p className="rounded-xl border border-indigo-200 bg-indigo-50 p-4 text-sm text-indigo-950">
            {courseMessages.notEnrolledIntro}
          </p>
        )}
        {enrolmentKnown && renderOutline?.(course._id, enrolled, false, onOutlineLoaded)}
        {enrolled && <EnrolledCourse course={course} />}
      </div>
      <Link
        to={ROUTES.myCourseList}
        className="inline-block text-sm font-medium text-indigo-700 hover:underline"
      >
        {courseMessages.backToMyCourses}
      </Link>
    </article>
  );
}
