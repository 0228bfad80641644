import { useId, useState } from 'react';
import { adminMessages, type AdminCourse } from '@urok/contract';
import { Button } from '../../components/ui/button';
import { useAdminCoursesInfiniteQuery, useSetCourseHiddenMutation } from './admin-api';
import { failureMessage } from '../../lib/api';
import {
  AdminFrame,
  Badge,
  ConfirmBox,
  PagedListFoot,
  PagedListHead,
  SearchForm,
  useFormatDateTime,
  pagedItems,
} from './admin-ui';

function CourseCard({ course }: { course: AdminCourse }) {
  const formatDateTime = useFormatDateTime();
  const [setCourseHidden, { isLoading: pending }] = useSetCourseHiddenMutation();
  const headingId = useId();
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  const toggle = async (reason: string) => {
    const hidden = !course.hidden;
    const result = await setCourseHidden({ id: course._id, hidden, reason });
    setAsking(false);
    setMessage(
      result.error
        ? { text: failureMessage(result.error, adminMessages.actionFailed), error: true }
        : { text: hidden ? adminMessages.courseHidden : adminMessages.courseShown, error: false },
    );
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
              onConfirm={(reason) => void toggle(reason)}
              withReason
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
  const [q, setQ] = useState('');
  const list = useAdminCoursesInfiniteQuery(q);

  return (
    <AdminFrame title={adminMessages.coursesTitle}>
      <SearchForm
        label={adminMessages.coursesSearchLabel}
        initial={q}
        // The same search again asks again.
        onSearch={(next) => (next.trim() === q ? void list.refetch() : setQ(next.trim()))}
      />
      <PagedListHead list={list} empty={adminMessages.empty} />
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        {pagedItems(list).map((course) => (
          <CourseCard key={course._id} course={course} />
        ))}
      </ul>
      <PagedListFoot list={list} />
    </AdminFrame>
  );
}
