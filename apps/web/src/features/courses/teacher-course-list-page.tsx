import { Link } from 'react-router';
import { ROUTES, courseMessages, messages } from '@urok/contract';
import { useDocumentTitle } from '../../lib/document-title';
import {
  COURSE_GRID,
  CourseCard,
  CourseGridSkeleton,
  courseTitleId,
} from './components/course-card';
import { SUBMISSIONS_ANCHOR } from './components/course-overview';
import { EmptyState, LINK_BUTTON, LoadError, PageFrame } from './components/page-frame';
import { useCreatedCoursesQuery } from './courses-api';
import { usePendingJoin } from './pending-join';
import { formatDateTime } from './format';

/** /my-courselist for a teacher: the created courses, to edit and to grade (a page of its own). */
export function TeacherCourseListPage() {
  useDocumentTitle(messages.pageMyCourses);
  usePendingJoin();
  const {
    data: createdCourses = [],
    isLoading,
    isError,
    isSuccess,
    refetch,
  } = useCreatedCoursesQuery();
  const load = () => void refetch();
  const loading = isLoading;
  const createLink = (
    <Link to={ROUTES.courseCreate} className={LINK_BUTTON.primary}>
      {messages.createCourse}
    </Link>
  );

  return (
    <PageFrame
      title={messages.pageMyCourses}
      intro={courseMessages.teacherListIntro}
      aside={createLink}
    >
      <CourseGridSkeleton loading={loading} count={3} />
      {isError && <LoadError message={courseMessages.listLoadFailed} onRetry={load} />}
      {isSuccess && createdCourses.length === 0 && (
        <EmptyState message={courseMessages.teacherListEmpty} />
      )}
      {createdCourses.length > 0 && (
        <ul className={COURSE_GRID}>
          {createdCourses.map((course) => {
            const details = ROUTES.myCourseDetails(course._id);
            return (
              <li key={course._id}>
                <CourseCard course={course} href={details}>
                  <p className="w-full text-sm text-slate-600">
                    {course.homeworkDueAt
                      ? courseMessages.deadlineAt(formatDateTime(course.homeworkDueAt))
                      : courseMessages.noDeadline}
                  </p>
                  <Link
                    to={details}
                    className={LINK_BUTTON.secondary}
                    aria-describedby={courseTitleId(course._id)}
                  >
                    {courseMessages.editCourse}
                  </Link>
                  <Link
                    to={`${details}#${SUBMISSIONS_ANCHOR}`}
                    className={LINK_BUTTON.secondary}
                    aria-describedby={courseTitleId(course._id)}
                  >
                    {courseMessages.viewSubmissions}
                  </Link>
                </CourseCard>
              </li>
            );
          })}
        </ul>
      )}
    </PageFrame>
  );
}
