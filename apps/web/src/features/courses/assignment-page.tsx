import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ROUTES, courseMessages, gradesMessages, gradingMessages, messages } from '@urok/contract';
import type { LessonDocument } from '@urok/contract';
import type { Assignment } from '@urok/contract/schemas';
import { LessonDocumentView } from '../../components/document/lesson-document';
import { Spinner } from '../../components/ui/spinner';
import { asFailure } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { AssignmentForm } from './components/assignment-form';
import { Deadline, PageSection } from './components/course-overview';
import { HomeworkUploadForm } from './components/homework-upload-form';
import { OwnSubmissions } from './components/own-submissions';
import { LoadError } from './components/page-frame';
import { StudentSubmissions } from './components/student-submissions';
import { useCreatedCoursesQuery } from './courses-api';
import { useAssignmentQuery, useAssignmentSectionsQuery } from './grading-api';
import { gradingPath } from './grading-route';
import { useOwnHomeworkQuery, useSubmissionsQuery } from './homework-api';

/** Moves to the submission a gradebook cell leads to (`#homework-<id>`) once it is on the page. */
function useHashTarget(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView?.({ block: 'start' });
    target?.focus({ preventScroll: true });
  }, [ready, hash]);
}

/** The author's side: the assignment's form and every student's submissions to it. */
function AuthorView({ assignment }: { assignment: Assignment }) {
  const created = useCreatedCoursesQuery();
  const found = created.data?.some((entry) => entry._id === assignment.courseId);
  const { data: sections, isError: sectionsFailed } = useAssignmentSectionsQuery(
    assignment.courseId,
  );
  const submissions = useSubmissionsQuery(assignment.courseId, { skip: !found });

  // Only this assignment's submissions, and only the students who made one.
  const users = submissions.currentData
    ?.map((user) => ({
      ...user,
      homework: user.homework.filter((entry) => entry.assignmentId === assignment._id),
    }))
    .filter((user) => user.homework.length > 0);
  // The submissions and the form load side by side: they are shown together, so that the list
  // arriving above the form does not move it (nor the field the teacher is about to use).
  const submissionsKnown =
    users !== undefined || submissions.isError || created.isError || found === false;
  const ready = submissionsKnown && (sections !== undefined || sectionsFailed);
  useHashTarget(ready && users !== undefined);

  if (!ready) return <Spinner className="py-8" />;
  return (
    <>
      <PageSection
        id="submissions"
        title={gradesMessages.submissionsOfAssignment}
        actions={
          <div className="flex flex-wrap items-center gap-x-4">
            <Link
              to={gradingPath(assignment.courseId, assignment._id)}
              className="inline-flex min-h-11 items-center text-sm font-medium text-indigo-700 hover:underline"
            >
              {gradingMessages.openGrading}
            </Link>
            <Link
              to={ROUTES.gradebook(assignment.courseId)}
              className="inline-flex min-h-11 items-center text-sm font-medium text-indigo-700 hover:underline"
            >
              {gradesMessages.gradebookOpen}
            </Link>
          </div>
        }
      >
        {users ? (
          users.length === 0 ? (
            <p className="text-sm text-slate-600">{gradesMessages.noSubmissionsYet}</p>
          ) : (
            <StudentSubmissions users={users} maxPoints={assignment.maxPoints} />
          )
        ) : submissions.isError ? (
          <LoadError
            message={courseMessages.submissionsLoadFailed}
            onRetry={() => void submissions.refetch()}
          />
        ) : (
          <Spinner />
        )}
      </PageSection>
      <PageSection id="edit-assignment" title={gradesMessages.editAssignmentHeading}>
        {sections ? (
          <AssignmentForm
            courseId={assignment.courseId}
            sections={sections}
            assignment={assignment}
          />
        ) : (
          <Spinner />
        )}
      </PageSection>
    </>
  );
}

/** The student's side: their submissions to this assignment, grades and threads, and the upload. */
function StudentView({ assignment }: { assignment: Assignment }) {
  const { courseId } = assignment;
  const own = useOwnHomeworkQuery(courseId);
  const mine = own.currentData?.filter((entry) => entry.assignmentId === assignment._id);
  useHashTarget(mine !== undefined);

  return (
    <>
      <PageSection id="upload" title={courseMessages.submitHeading}>
        <HomeworkUploadForm courseId={courseId} assignmentId={assignment._id} />
      </PageSection>
      <PageSection id="my-work" title={gradesMessages.yourWorkHeading}>
        {mine ? (
          <OwnSubmissions courseId={courseId} homework={mine} maxPoints={assignment.maxPoints} />
        ) : own.isError ? (
          <LoadError message={courseMessages.courseLoadFailed} onRetry={() => void own.refetch()} />
        ) : (
          <Spinner />
        )}
      </PageSection>
    </>
  );
}

/**
 * /mycourse-details/{courseId}/assignments/{assignmentId}: the instructions,
 * due date and maximum, then the student's work and upload, or the author's
 * list of submissions to grade and the assignment's form.
 */
export function AssignmentPage({ viewer }: { viewer: 'student' | 'teacher' }) {
  const { id: courseId = '', assignmentId = '' } = useParams();
  const query = useAssignmentQuery(assignmentId);
  const assignment = query.currentData ?? null;
  const failure = query.isError
    ? asFailure(query.error, gradesMessages.assignmentLoadFailed)
    : null;
  useDocumentTitle(assignment?.title ?? gradesMessages.pageAssignment);

  const back = (
    <Link
      to={ROUTES.myCourseDetails(courseId)}
      className="inline-flex min-h-11 items-center text-sm font-medium text-indigo-700 hover:underline"
    >
      ← {gradesMessages.backToCourse}
    </Link>
  );

  if (!assignment || assignment.courseId !== courseId) {
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-8 sm:px-6">
        {back}
        <h1 className="text-2xl font-bold text-slate-900">{gradesMessages.pageAssignment}</h1>
        {assignment || failure?.status === 404 || failure?.status === 403 ? (
          <p role="alert" className="text-sm text-slate-700">
            {messages.assignmentNotFound}
          </p>
        ) : failure ? (
          <LoadError message={failure.message} onRetry={() => void query.refetch()} />
        ) : (
          <Spinner />
        )}
      </div>
    );
  }

  return (
    <article className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      {back}
      <header className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {assignment.title}
          {!assignment.published && (
            <span className="ml-3 rounded-full bg-slate-100 px-2.5 py-0.5 align-middle text-xs font-semibold text-slate-700">
              {gradesMessages.assignmentDraft}
            </span>
          )}
        </h1>
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <Deadline dueAt={assignment.dueAt} />
          <p className="text-sm text-slate-700">
            {gradesMessages.maxPointsNote(assignment.maxPoints)}
          </p>
        </div>
        {/* Instructions hold no images (the server refuses them). */}
        <LessonDocumentView
          doc={assignment.instructions as LessonDocument}
          imageUrl={() => undefined}
        />
      </header>
      {viewer === 'teacher' ? (
        <AuthorView assignment={assignment} />
      ) : (
        <StudentView assignment={assignment} />
      )}
    </article>
  );
}
