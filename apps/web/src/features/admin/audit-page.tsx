import { useId, useState, type FormEvent } from 'react';
import { AUDIT_ACTIONS, adminMessages, type AuditEntry } from '@urok/contract';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { SelectField } from '../../components/ui/select-field';
import { useFieldValues } from '../../lib/form-controls';
import { useAuditInfiniteQuery, type AuditFilter } from './admin-api';
import {
  AdminFrame,
  PagedListFoot,
  PagedListHead,
  ScrollTable,
  useFormatDateTime,
  pagedItems,
} from './admin-ui';

function actorName(entry: AuditEntry): string {
  if (entry.actor.kind === 'cli') return adminMessages.actorCli(entry.actor.username);
  if (entry.actor.kind === 'system')
    return `${adminMessages.actorSystem} (${entry.actor.username})`;
  return entry.actor.username;
}

/**
 * Who acted: an operator by name, then by the telephone they had then and
 * their account id — a name is theirs to edit, so it alone proves nothing.
 */
function ActorCell({ entry }: { entry: AuditEntry }) {
  const { actor } = entry;
  return (
    <td className="px-3 py-2">
      <span className="block break-words">{actorName(entry)}</span>
      {actor.kind === 'operator' && actor.telephone && (
        <span className="block whitespace-nowrap text-xs text-slate-600">
          {adminMessages.actorTelephone(actor.telephone)}
        </span>
      )}
      {actor.kind === 'operator' && actor._id && (
        <span className="block break-all font-mono text-xs text-slate-600">
          {adminMessages.actorId(actor._id)}
        </span>
      )}
    </td>
  );
}

/**
 * The details as short "name: value" lines in Ukrainian; objects (a teacher)
 * by their username, a change's `from` and `to` by their words.
 */
function detailLines(
  details: Record<string, unknown>,
  formatDateTime: (iso: string) => string,
): string[] {
  return Object.entries(details)
    .filter(([, value]) => value !== '' && value !== null && value !== undefined)
    .map(([key, value]) => {
      const name = adminMessages.detailKeys[key] ?? key;
      if (typeof value === 'object' && value && 'username' in value)
        return `${name}: ${String((value as { username: unknown }).username)}`;
      if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value))
        return `${name}: ${formatDateTime(value)}`;
      const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
      const word = key === 'from' || key === 'to' ? adminMessages.detailValues[text] : undefined;
      return `${name}: ${word ?? text}`;
    });
}

const NO_FILTER: AuditFilter = { actor: '', action: '', from: '', to: '' };

/**
 * Who, what and when: the filters are sent when 'Показати' is pressed; the
 * server checks them (a day's form, 'from' not after 'to') and the list shows
 * its refusal.
 */
function AuditFilters({ onApply }: { onApply: (filter: AuditFilter) => void }) {
  const id = useId();
  const draft = useFieldValues<keyof AuditFilter>(NO_FILTER);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { values } = draft;
    onApply({
      ...values,
      action: values.action as AuditFilter['action'],
      actor: values.actor.trim(),
    });
  };
  return (
    <form
      role="search"
      aria-label={adminMessages.auditFilterHeading}
      onSubmit={submit}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end"
    >
      <TextField
        id={`${id}-actor`}
        name="actor"
        label={adminMessages.auditFilterActor}
        {...draft.bind('actor')}
      />
      <SelectField
        id={`${id}-action`}
        label={adminMessages.auditFilterAction}
        {...draft.bind('action')}
      >
        <option value="">{adminMessages.auditFilterAnyAction}</option>
        {AUDIT_ACTIONS.map((action) => (
          <option key={action} value={action}>
            {adminMessages.actions[action] ?? action}
          </option>
        ))}
      </SelectField>
      <TextField
        id={`${id}-from`}
        name="from"
        type="date"
        label={adminMessages.auditFilterFrom}
        {...draft.bind('from')}
      />
      <TextField
        id={`${id}-to`}
        name="to"
        type="date"
        label={adminMessages.auditFilterTo}
        {...draft.bind('to')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit">{adminMessages.auditFilterApply}</Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            draft.setValues(NO_FILTER);
            onApply(NO_FILTER);
          }}
        >
          {adminMessages.auditFilterReset}
        </Button>
      </div>
    </form>
  );
}

/** /admin/audit: every operator action and CLI decision, newest first; filtered by who, what and when. */
export function AdminAuditPage() {
  const formatDateTime = useFormatDateTime();
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER);
  const list = useAuditInfiniteQuery(filter);
  const entries = pagedItems(list);
  const filtered = Object.values(filter).some((value) => value !== '');

  return (
    <AdminFrame title={adminMessages.auditTitle}>
      <AuditFilters onApply={setFilter} />
      <PagedListHead
        list={list}
        empty={filtered ? adminMessages.auditFilteredEmpty : adminMessages.auditEmpty}
      />
      {entries.length > 0 && (
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
              {entries.map((entry) => (
                <tr key={entry._id} className="border-t border-slate-100 align-top">
                  <td className="whitespace-nowrap px-3 py-2 text-slate-600">
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  </td>
                  <ActorCell entry={entry} />
                  <th scope="row" className="px-3 py-2 text-left font-medium">
                    {adminMessages.actions[entry.action] ?? entry.action}
                  </th>
                  <td className="break-words px-3 py-2">{entry.target.label}</td>
                  <td className="px-3 py-2 text-slate-700">
                    {detailLines(entry.details, formatDateTime).map((line) => (
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
      <PagedListFoot list={list} />
    </AdminFrame>
  );
}
