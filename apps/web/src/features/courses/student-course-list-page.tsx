import { useEffect } from 'react';
import { Link } from 'react-router';
import { ROUTES, courseMessages, messages } from '@urok/contract';
import { useDocumentTitle } from '../../lib/document-title';
import { useSignedInUser } from '../../lib/signed-in-user';
import {
  COURSE_GRID,
  CourseCard,
  CourseGridSkeleton,
  courseTitleId,
} from './components/course-card';
import { EmptyState, LINK_BUTTON, LoadError, PageFrame } from './components/page-frame';
import { fetchUserCourses } from './course-slice';
import { useCoursesDispatch, useCoursesState } from './hooks';

/** /my-courselist for a student: the enrolled courses, each leading to its homework. */
export function StudentCourseListPage() {
  useDocumentTitle(messages.pageMyCourses);
  const user = useSignedInUser();
  const dispatch = useCoursesDispatch();
  const { userCourses, loads } = useCoursesState();
  const load = () => void dispatch(fetchUserCourses(user._id));

  useEffect(() => {
    void dispatch(fetchUserCourses(user._id));
  }, [dispatch, user._id]);

  const status = loads.userCourses;
  // A list already on screen stays there while it refreshes.
  const loading = (status === 'loading' || status === 'idle') && userCourses.length === 0;

  return (
    <PageFrame title={messages.pageMyCourses} intro={courseMessages.studentListIntro}>
      <CourseGridSkeleton loading={loading} count={3} />
      {status === 'error' && <LoadError message={courseMessages.listLoadFailed} onRetry={load} />}
      {status === 'loaded' && userCourses.length === 0 && (
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
