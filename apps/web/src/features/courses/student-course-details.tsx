import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ROUTES, courseMessages, messages, type Course } from '@urok/contract';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../lib/document-title';
import { useSignedInUser } from '../../lib/signed-in-user';
import { CourseHeader, Deadline, PageSection } from './components/course-overview';
import { HomeworkUploadForm } from './components/homework-upload-form';
import { OwnSubmissions } from './components/own-submissions';
import { CourseNotFound } from './components/course-not-found';
import { LoadError } from './components/page-frame';
import { enroll, fetchCourse, fetchOwnHomework, fetchUserCourses, unenroll } from './course-slice';
import { useCoursesDispatch, useCoursesState } from './hooks';

/** 'Покинути курс' with an inline confirmation (submitted homework is kept). */
function LeaveCourse({ courseId }: { courseId: string }) {
  const dispatch = useCoursesDispatch();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const leave = async () => {
    setPending(true);
    setError(null);
    const result = await dispatch(unenroll(courseId));
    setPending(false);
    if (unenroll.rejected.match(result))
      setError(result.payload?.message ?? courseMessages.leaveFailed);
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
  const dispatch = useCoursesDispatch();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onEnrol = async () => {
    setPending(true);
    setError(null);
    const result = await dispatch(enroll(courseId));
    setPending(false);
    if (enroll.rejected.match(result))
      setError(result.payload?.message ?? courseMessages.enrolFailed);
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

function EnrolledCourse({ course }: { course: Course }) {
  const dispatch = useCoursesDispatch();
  const { ownHomework, loads } = useCoursesState();
  const homework = ownHomework[course._id];

  useEffect(() => {
    void dispatch(fetchOwnHomework(course._id));
  }, [dispatch, course._id]);

  return (
    <>
      <PageSection id="homework-task" title={courseMessages.homeworkHeading}>
        <Deadline dueAt={course.homeworkDueAt} />
        <p className="whitespace-pre-line break-words text-base text-slate-800">
          {course.homeworkTask || courseMessages.noHomeworkTask}
        </p>
      </PageSection>
      <PageSection id="homework-upload" title={courseMessages.submitHeading}>
        <HomeworkUploadForm courseId={course._id} />
      </PageSection>
      <PageSection id="own-submissions" title={courseMessages.mySubmissions}>
        {homework ? (
          <OwnSubmissions courseId={course._id} homework={homework} />
        ) : loads.ownHomework === 'error' ? (
          <LoadError
            message={courseMessages.courseLoadFailed}
            onRetry={() => void dispatch(fetchOwnHomework(course._id))}
          />
        ) : (
          <Spinner />
        )}
      </PageSection>
    </>
  );
}

/**
 * /mycourse-details/{id} for a student: the course, and — once enrolled —
 * its homework task, the upload and the own submissions; otherwise an
 * enrol button.
 */
export function StudentCourseDetails({
  courseId,
  renderOutline,
}: {
  courseId: string;
  renderOutline?: (courseId: string, enrolled: boolean) => ReactNode;
}) {
  const user = useSignedInUser();
  const dispatch = useCoursesDispatch();
  const { viewedCourse, viewedCourseId, userCourses, loads } = useCoursesState();
  const course = viewedCourseId === courseId ? viewedCourse : null;
  useDocumentTitle(course?.title ?? messages.pageMyCourseDetails);

  useEffect(() => {
    void dispatch(fetchCourse(courseId));
  }, [dispatch, courseId]);
  useEffect(() => {
    void dispatch(fetchUserCourses(user._id));
  }, [dispatch, user._id]);

  const courseStatus = viewedCourseId === courseId ? loads.course : 'loading';
  const enrolmentKnown = loads.userCourses === 'loaded' || loads.userCourses === 'error';
  const enrolled = userCourses.some((entry) => entry._id === courseId);

  if (!course) {
    if (courseStatus === 'loaded') return <CourseNotFound />;
    if (courseStatus === 'error') {
      return (
        <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
          <h1 className="sr-only">{messages.pageMyCourseDetails}</h1>
          <LoadError
            message={courseMessages.courseLoadFailed}
            onRetry={() => void dispatch(fetchCourse(courseId))}
          />
        </div>
      );
    }
    return <Spinner className="py-16" />;
  }

  return (
    <article className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <CourseHeader course={course}>
        {enrolmentKnown &&
          (enrolled ? (
            <LeaveCourse courseId={course._id} />
          ) : (
            <EnrolButton courseId={course._id} />
          ))}
      </CourseHeader>
      <PageSection id="about-course" title={courseMessages.aboutCourse}>
        <p className="whitespace-pre-line break-words text-base text-slate-800">
          {course.description}
        </p>
      </PageSection>
      {enrolmentKnown && !enrolled && (
        <p className="rounded-xl border border-indigo-200 bg-indigo-50 p-4 text-sm text-indigo-950">
          {courseMessages.notEnrolledIntro}
        </p>
      )}
      {enrolmentKnown && renderOutline?.(course._id, enrolled)}
      {enrolled && <EnrolledCourse course={course} />}
      <Link
        to={ROUTES.myCourseList}
        className="inline-block text-sm font-medium text-indigo-700 hover:underline"
      >
        {courseMessages.backToMyCourses}
      </Link>
    </article>
  );
}
