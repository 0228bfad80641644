import { useEffect } from 'react';
import { adminMessages, type AuditEntry } from '@urok/contract';
import { fetchAudit } from './admin-slice';
import { AdminFrame, LoadError, LoadMore, Loading, ScrollTable, formatDateTime } from './admin-ui';
import { useAdminDispatch, useAdminState } from './hooks';

function actorName(entry: AuditEntry): string {
  if (entry.actor.kind === 'cli') return adminMessages.actorCli(entry.actor.username);
  if (entry.actor.kind === 'system')
    return `${adminMessages.actorSystem} (${entry.actor.username})`;
  return entry.actor.username;
}

/** The details as short "key: value" lines; objects (a teacher) by their username. */
function detailLines(details: Record<string, unknown>): string[] {
  return Object.entries(details)
    .filter(([, value]) => value !== '' && value !== null && value !== undefined)
    .map(([key, value]) => {
      if (typeof value === 'object' && value && 'username' in value)
        return `${key}: ${String((value as { username: unknown }).username)}`;
      if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value))
        return `${key}: ${formatDateTime(value)}`;
      return `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`;
    });
}

/** /admin/audit: every operator action and CLI decision, newest first. */
export function AdminAuditPage() {
  const dispatch = useAdminDispatch();
  const { audit } = useAdminState();

  useEffect(() => {
    void dispatch(fetchAudit({}));
  }, [dispatch]);

  return (
    <AdminFrame title={adminMessages.auditTitle}>
      {audit.load === 'error' && (
        <LoadError
          message={audit.error ?? adminMessages.loadFailed}
          onRetry={() => void dispatch(fetchAudit({}))}
        />
      )}
      {audit.load === 'loaded' && audit.items.length === 0 && (
        <p className="text-slate-600">{adminMessages.auditEmpty}</p>
      )}
      {audit.items.length > 0 && (
        <ScrollTable label={adminMessages.auditTitle}>
          <table className="w-full min-w-[48rem] text-sm">
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {adminMessages.columnWhen}
                </th>
                <th scope="col" className="px-3 py-2">
                  {adminMessages.columnWho}
                </th>
                <th scope="col" className="px-3 py-2">
                  {adminMessages.columnAction}
                </th>
                <th scope="col" className="px-3 py-2">
                  {adminMessages.columnTarget}
                </th>
                <th scope="col" className="px-3 py-2">
                  {adminMessages.columnDetails}
                </th>
              </tr>
            </thead>
            <tbody>
              {audit.items.map((entry) => (
                <tr key={entry._id} className="border-t border-slate-100 align-top">
                  <td className="whitespace-nowrap px-3 py-2 text-slate-600">
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  </td>
                  <td className="px-3 py-2">{actorName(entry)}</td>
                  <th scope="row" className="px-3 py-2 text-left font-medium">
                    {adminMessages.actions[entry.action] ?? entry.action}
                  </th>
                  <td className="break-words px-3 py-2">{entry.target.label}</td>
                  <td className="px-3 py-2 text-slate-700">
                    {detailLines(entry.details).map((line) => (
                      <span key={line} className="block break-words">
                        {line}
                      </span>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      {audit.load === 'loading' && <Loading />}
      <LoadMore
        nextCursor={audit.nextCursor}
        loading={audit.load === 'loading'}
        onMore={() => void dispatch(fetchAudit({ cursor: audit.nextCursor }))}
      />
    </AdminFrame>
  );
}
