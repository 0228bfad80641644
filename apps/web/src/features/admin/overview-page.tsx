import { Link } from 'react-router';
import { ROUTES, adminMessages, type AdminStats } from '@urok/contract';
import { failureMessage } from '../../lib/api';
import { useAdminStatsQuery } from './admin-api';
import { AdminFrame, LoadError, Loading } from './admin-ui';
import { SubmissionsChart } from './submissions-chart';

function Figure({
  label,
  value,
  note,
  to,
}: {
  label: string;
  value: string;
  note?: string;
  to?: string;
}) {
  const body = (
    <>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-slate-900">{value}</dd>
      {note && <dd className="mt-1 text-sm text-slate-600">{note}</dd>}
    </>
  );
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      {to ? (
        <Link
          to={to}
          className="block rounded focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <dl>{body}</dl>
        </Link>
      ) : (
        <dl>{body}</dl>
      )}
    </div>
  );
}

function Figures({ stats }: { stats: AdminStats }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Figure label={adminMessages.statStudents} value={String(stats.users.students)} />
      <Figure label={adminMessages.statTeachers} value={String(stats.users.teachers)} />
      <Figure label={adminMessages.statOperators} value={String(stats.users.operators)} />
      <Figure
        label={adminMessages.statCourses}
        value={String(stats.courses)}
        to={ROUTES.adminCourses}
      />
      <Figure
        label={adminMessages.statSubmissions}
        value={String(stats.submissions.total)}
        note={adminMessages.statSubmissionsWeek(stats.submissions.last7Days)}
      />
      <Figure
        label={adminMessages.statPending}
        value={String(stats.applications.pending)}
        to={ROUTES.adminApplications}
      />
      <Figure label={adminMessages.statStorage} value={adminMessages.bytes(stats.storageBytes)} />
    </div>
  );
}

/** /admin: the platform in figures, and submissions per day over the last 30 days. */
export function AdminOverviewPage() {
  const stats = useAdminStatsQuery();

  return (
    <AdminFrame title={adminMessages.overviewTitle}>
      {stats.isError && (
        <LoadError
          message={failureMessage(stats.error, adminMessages.loadFailed)}
          onRetry={() => void stats.refetch()}
        />
      )}
      {!stats.data && !stats.isError && <Loading />}
      {stats.data && (
        <>
          <Figures stats={stats.data} />
          <SubmissionsChart days={stats.data.submissions.perDay} />
        </>
      )}
    </AdminFrame>
  );
}
