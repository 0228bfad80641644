import { useEffect, useId, useState } from 'react';
import { adminMessages, type AdminCourse } from '@urok/contract';
import { Button } from '../../components/ui/button';
import { fetchAdminCourses, setCourseHidden } from './admin-slice';
import {
  AdminFrame,
  Badge,
  ConfirmBox,
  LoadError,
  LoadMore,
  Loading,
  SearchForm,
  formatDateTime,
} from './admin-ui';
import { useAdminDispatch, useAdminState } from './hooks';

function CourseCard({ course }: { course: AdminCourse }) {
  const dispatch = useAdminDispatch();
  const headingId = useId();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  const toggle = async () => {
    setPending(true);
    const hidden = !course.hidden;
    const result = await dispatch(setCourseHidden({ id: course._id, hidden }));
    setPending(false);
    setAsking(false);
    if (setCourseHidden.fulfilled.match(result))
      setMessage({
        text: hidden ? adminMessages.courseHidden : adminMessages.courseShown,
        error: false,
      });
    else setMessage({ text: result.payload?.message ?? adminMessages.actionFailed, error: true });
  };

  const label = course.hidden ? adminMessages.unhide : adminMessages.hide;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={headingId} className="break-words text-base font-semibold text-slate-900">
            {course.title}
          </h2>
          {course.hidden && <Badge tone="amber">{adminMessages.hiddenBadge}</Badge>}
        </div>
        <p className="text-sm text-slate-600">
          {adminMessages.courseAuthor(course.author.username)} · {course.category} ·{' '}
          {adminMessages.courseEnrolled(course.enrolledCount)}
        </p>
        <p className="text-sm text-slate-600">{formatDateTime(course.createdAt)}</p>
        <div className="mt-auto space-y-2">
          {asking ? (
            <ConfirmBox
              question={
                course.hidden
                  ? adminMessages.confirmUnhide(course.title)
                  : adminMessages.confirmHide(course.title)
              }
              confirmLabel={label}
              pending={pending}
              onConfirm={() => void toggle()}
              onCancel={() => setAsking(false)}
            />
          ) : (
            <Button
              variant="secondary"
              onClick={() => {
                setMessage(null);
                setAsking(true);
              }}
              aria-describedby={headingId}
            >
              {label}
            </Button>
          )}
          {message && (
            <p
              role={message.error ? 'alert' : 'status'}
              className={`text-sm ${message.error ? 'text-red-700' : 'text-emerald-800'}`}
            >
              {message.text}
            </p>
          )}
        </div>
      </article>
    </li>
  );
}

/** /admin/courses: every course, hidden ones too; hide or show one. */
export function AdminCoursesPage() {
  const dispatch = useAdminDispatch();
  const { courses } = useAdminState();

  useEffect(() => {
    void dispatch(fetchAdminCourses({ q: courses.q }));
    // The first page once; later searches are the form's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch]);

  return (
    <AdminFrame title={adminMessages.coursesTitle}>
      <SearchForm
        label={adminMessages.coursesSearchLabel}
        initial={courses.q}
        onSearch={(q) => void dispatch(fetchAdminCourses({ q }))}
      />
      {courses.load === 'error' && (
        <LoadError
          message={courses.error ?? adminMessages.loadFailed}
          onRetry={() => void dispatch(fetchAdminCourses({ q: courses.q }))}
        />
      )}
      {courses.load === 'loaded' && courses.items.length === 0 && (
        <p className="text-slate-600">{adminMessages.empty}</p>
      )}
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        {courses.items.map((course) => (
          <CourseCard key={course._id} course={course} />
        ))}
      </ul>
      {courses.load === 'loading' && <Loading />}
      <LoadMore
        nextCursor={courses.nextCursor}
        loading={courses.load === 'loading'}
        onMore={() =>
          void dispatch(fetchAdminCourses({ q: courses.q, cursor: courses.nextCursor }))
        }
      />
    </AdminFrame>
  );
}
