import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { API, ROUTES, courseMessages, gradesMessages, messages, type Course } from '@urok/contract';
import { useServiceDispatch } from '../../lib/app-thunk';
import { fetchSections } from './assignment-thunks';
import { AssignmentForm } from './components/assignment-form';
import { Spinner } from '../../components/ui/spinner';
import { StatusBanner, type Banner } from '../../components/ui/status-banner';
import { useDocumentTitle } from '../../lib/document-title';
import { CourseForm } from './components/course-form';
import { CourseNotFound } from './components/course-not-found';
import {
  CourseHeader,
  Deadline,
  PageSection,
  SUBMISSIONS_ANCHOR,
} from './components/course-overview';
import { DownloadButton } from './components/download-button';
import { LoadError } from './components/page-frame';
import { StudentSubmissions } from './components/student-submissions';
import {
  fetchCreatedCourses,
  fetchUsersWithHomework,
  updateCourse,
  type CourseFormInput,
  type CreatedCourse,
} from './course-slice';
import { useCoursesDispatch, useCoursesState } from './hooks';

function EditCourse({ course }: { course: Course }) {
  const dispatch = useCoursesDispatch();
  const [banner, setBanner] = useState<Banner | null>(null);

  const onSubmit = async (input: CourseFormInput) => {
    setBanner(null);
    const result = await dispatch(updateCourse({ courseId: course._id, ...input }));
    if (updateCourse.fulfilled.match(result)) return null;
    return result.payload ?? { message: courseMessages.courseSaveFailed };
  };

  return (
    <PageSection id="edit-course" title={courseMessages.editHeading}>
      <StatusBanner banner={banner} />
      <CourseForm
        course={course}
        submitLabel={courseMessages.saveAction}
        onSubmit={onSubmit}
        onSaved={() => setBanner({ tone: 'success', text: courseMessages.courseSaved })}
      />
    </PageSection>
  );
}

/** 'Нове завдання': an assignment in one of the course's sections, and the way to the gradebook. */
function NewAssignment({ courseId, onCreated }: { courseId: string; onCreated: () => void }) {
  const dispatch = useServiceDispatch();
  const [sections, setSections] = useState<{ _id: string; title: string }[] | null>(null);
  const [banner, setBanner] = useState<Banner | null>(null);
  useEffect(() => {
    void dispatch(fetchSections(courseId)).then((result) => {
      if (fetchSections.fulfilled.match(result)) setSections(result.payload);
    });
  }, [dispatch, courseId]);
  return (
    <PageSection
      id="new-assignment"
      title={gradesMessages.newAssignmentHeading}
      actions={
        <Link
          to={ROUTES.gradebook(courseId)}
          className="inline-flex min-h-11 items-center text-sm font-medium text-indigo-700 hover:underline"
        >
          {gradesMessages.gradebookOpen}
        </Link>
      }
    >
      <StatusBanner banner={banner} />
      {sections ? (
        <AssignmentForm
          courseId={courseId}
          sections={sections}
          onSaved={(assignment) => {
            setBanner({
              tone: 'success',
              text: gradesMessages.assignmentCreated(assignment.title),
            });
            onCreated();
          }}
        />
      ) : (
        <Spinner />
      )}
    </PageSection>
  );
}

function Submissions({ course }: { course: CreatedCourse }) {
  const dispatch = useCoursesDispatch();
  const { loads } = useCoursesState();
  const reload = () => void dispatch(fetchUsersWithHomework(course._id));
  const actions = (
    <>
      <DownloadButton
        path={API.homeworkZip(course._id)}
        fallbackName={`${course.title} — ${messages.homeworkArchiveSuffix}.zip`}
      >
        {courseMessages.downloadZip}
      </DownloadButton>
      <DownloadButton
        path={API.gradesCsv(course._id)}
        fallbackName={`${course.title} — ${messages.gradesFileSuffix}.csv`}
      >
        {courseMessages.downloadCsv}
      </DownloadButton>
    </>
  );
  return (
    <PageSection
      id={SUBMISSIONS_ANCHOR}
      title={courseMessages.submissionsHeading}
      actions={actions}
    >
      {course.enrolledUsers ? (
        <StudentSubmissions users={course.enrolledUsers} />
      ) : loads.enrolledUsers === 'error' ? (
        <LoadError message={courseMessages.submissionsLoadFailed} onRetry={reload} />
      ) : (
        <Spinner />
      )}
    </PageSection>
  );
}

/**
 * /mycourse-details/{id} for a teacher: the course looked up among the
 * created ones, its edit form, and the students' submissions to grade.
 */
export function TeacherCourseDetails({
  courseId,
  renderOutline,
}: {
  courseId: string;
  renderOutline?: (courseId: string, enrolled: boolean) => ReactNode;
}) {
  const dispatch = useCoursesDispatch();
  const { hash } = useLocation();
  const { createdCourses, loads } = useCoursesState();
  const course = createdCourses.find((entry) => entry._id === courseId);
  const found = course !== undefined;
  // A new assignment is read back by mounting the outline anew.
  const [outlineVersion, setOutlineVersion] = useState(0);
  useDocumentTitle(course?.title ?? messages.pageMyCourseDetails);

  useEffect(() => {
    void dispatch(fetchCreatedCourses());
  }, [dispatch]);

  useEffect(() => {
    if (found) void dispatch(fetchUsersWithHomework(courseId));
  }, [dispatch, found, courseId]);

  // '#submissions' (the course list's 'Роботи студентів' link) lands on that section.
  useEffect(() => {
    if (!found || hash !== `#${SUBMISSIONS_ANCHOR}`) return;
    const heading = document.getElementById(`${SUBMISSIONS_ANCHOR}-heading`);
    heading?.scrollIntoView?.({ block: 'start' });
    heading?.focus({ preventScroll: true });
  }, [found, hash]);

  if (!course) {
    if (loads.createdCourses === 'loaded') return <CourseNotFound />;
    if (loads.createdCourses === 'error') {
      return (
        <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
          <h1 className="sr-only">{messages.pageMyCourseDetails}</h1>
          <LoadError
            message={courseMessages.courseLoadFailed}
            onRetry={() => void dispatch(fetchCreatedCourses())}
          />
        </div>
      );
    }
    return <Spinner className="py-16" />;
  }

  return (
    <article className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <CourseHeader course={course}>
        <Deadline dueAt={course.homeworkDueAt} />
      </CourseHeader>
      <Fragment key={outlineVersion}>{renderOutline?.(course._id, false)}</Fragment>
      <NewAssignment
        courseId={course._id}
        onCreated={() => setOutlineVersion((version) => version + 1)}
      />
      <EditCourse key={course._id} course={course} />
      <Submissions course={course} />
    </article>
  );
}
