import { Link } from 'react-router';
import { ROUTES, offlineMessages } from '@urok/contract';
import { Button } from '../../components/ui/button';
import { useRemoveOfflineCourseMutation, useSavedCoursesQuery } from './offline-api';
import { formatBytes, savedDetails } from './offline-save';

/**
 * /settings: the courses the account saved for offline on this device, each
 * with its size and a delete. A teacher (who saves none) sees it only when one is kept.
 */
export function SavedCourses({ account, teacher }: { account: string; teacher: boolean }) {
  const { data: courses } = useSavedCoursesQuery(account);
  const [remove, { isLoading: removing }] = useRemoveOfflineCourseMutation();
  if (!courses || (teacher && courses.length === 0)) return null;
  const total = courses.reduce((sum, course) => sum + course.size, 0);
  return (
    <section
      aria-labelledby="saved-courses-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2 id="saved-courses-heading" className="mb-1 text-lg font-semibold text-slate-900">
        {offlineMessages.savedCoursesHeading}
      </h2>
      <p className="mb-5 text-sm text-slate-600">{offlineMessages.savedCoursesIntro}</p>
      {courses.length === 0 ? (
        <p className="text-sm text-slate-700">{offlineMessages.savedCoursesEmpty}</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
            {courses.map((course) => (
              <li
                key={course.courseId}
                className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0 space-y-0.5">
                  <Link
                    to={ROUTES.myCourseDetails(course.courseId)}
                    className="break-words text-base font-medium text-indigo-700 underline-offset-2 hover:underline"
                  >
                    {course.title}
                  </Link>
                  <p className="text-sm text-slate-600">
                    {offlineMessages.savedLessons(course.lessons)}, {savedDetails(course)}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  className="sm:shrink-0"
                  onClick={() => void remove({ account, courseId: course.courseId })}
                  disabled={removing}
                  aria-label={offlineMessages.removeCourse(course.title)}
                >
                  {offlineMessages.remove}
                </Button>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm font-medium text-slate-800">
            {offlineMessages.savedCoursesTotal(formatBytes(total))}
          </p>
        </>
      )}
    </section>
  );
}
