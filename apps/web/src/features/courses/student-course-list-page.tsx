import { Link } from 'react-router';
import { ROUTES, courseMessages, messages } from '@urok/contract';
import { loadFailureMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { useSignedInUser } from '../../lib/signed-in-user';
import {
  COURSE_GRID,
  CourseCard,
  CourseGridSkeleton,
  courseTitleId,
} from './components/course-card';
import { JoinByCodeForm } from './components/join-by-code-form';
import { EmptyState, LINK_BUTTON, LoadError, PageFrame } from './components/page-frame';
import { useUserCoursesQuery } from './courses-api';
import { usePendingJoin } from './pending-join';

/** /my-courselist for a student: the enrolled courses, each leading to its homework. */
export function StudentCourseListPage() {
  useDocumentTitle(messages.pageMyCourses);
  usePendingJoin();
  const user = useSignedInUser();
  const {
    data: userCourses = [],
    isLoading,
    isError,
    error,
    isSuccess,
    refetch,
  } = useUserCoursesQuery(user._id);
  const load = () => void refetch();
  // A list already on screen stays there while it refreshes.
  const loading = isLoading;

  return (
    <PageFrame title={messages.pageMyCourses} intro={courseMessages.studentListIntro}>
      <JoinByCodeForm />
      <CourseGridSkeleton loading={loading} count={3} />
      {isError && (
        <LoadError
          message={loadFailureMessage(error, courseMessages.listLoadFailed)}
          onRetry={load}
        />
      )}
      {isSuccess && userCourses.length === 0 && (
        <EmptyState message={courseMessages.studentListEmpty}>
          <Link to={ROUTES.courseGrid} className={LINK_BUTTON.primary}>
            {courseMessages.browseCatalog}
          </Link>
        </EmptyState>
      )}
      {userCourses.length > 0 && (
        <ul className={COURSE_GRID}>
          {userCourses.map((course) => (
            <li key={course._id}>
              <CourseCard course={course} href={ROUTES.myCourseDetails(course._id)}>
                <Link
                  to={ROUTES.myCourseDetails(course._id)}
                  className={LINK_BUTTON.secondary}
                  aria-describedby={courseTitleId(course._id)}
                >
                  {courseMessages.openCourse}
                </Link>
              </CourseCard>
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}
