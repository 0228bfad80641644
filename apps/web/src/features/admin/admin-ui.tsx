import { useCallback, useEffect, useId, useRef, type ReactNode } from 'react';
import { adminMessages, ADMIN_LIMITS, checkAdminSearch, formatDate } from '@urok/contract';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { FormAlert } from '../../components/ui/form-alert';
import { Spinner } from '../../components/ui/spinner';
import { failureMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { useFieldValues } from '../../lib/form-controls';
import { useCheckedForm } from '../../lib/use-checked-form';
import { useAdminSettingsQuery } from './admin-api';

/** The frame of every console page: its title (also the document's) and the content. */
export function AdminFrame({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  );
}

/** A failed load: the server's message and a retry. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-4">
      <p className="text-sm text-red-800">{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        {adminMessages.retry}
      </Button>
    </div>
  );
}

export function Loading() {
  return <Spinner className="py-10" />;
}

export function Badge({
  tone,
  children,
}: {
  tone: 'slate' | 'indigo' | 'emerald' | 'amber' | 'red';
  children: ReactNode;
}) {
  const colours = {
    slate: 'bg-slate-100 text-slate-800 ring-slate-300',
    indigo: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
    emerald: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
    amber: 'bg-amber-50 text-amber-900 ring-amber-200',
    red: 'bg-red-50 text-red-800 ring-red-200',
  }[tone];
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${colours}`}
    >
      {children}
    </span>
  );
}

/** The school's zone until the server has said (GET admin/settings; the server's TZ, same default). */
export const SCHOOL_TIME_ZONE_DEFAULT = 'Europe/Kyiv';

/**
 * A stored instant as the school reads it: in the school's time zone, with
 * its offset (so an operator elsewhere is not misled), e.g.
 * '25 лист. 2026 р., 21:30 GMT+2'.
 */
export function formatDateTime(iso: string, timeZone = SCHOOL_TIME_ZONE_DEFAULT): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatDate(date, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });
}

/** formatDateTime in the school's time zone, as the server configures it. */
export function useFormatDateTime(): (iso: string) => string {
  // Asked once: a zone does not change while the console is open, and every row reads it.
  const zone =
    useAdminSettingsQuery(undefined, { refetchOnMountOrArgChange: false }).data?.timeZone ??
    SCHOOL_TIME_ZONE_DEFAULT;
  return useCallback((iso: string) => formatDateTime(iso, zone), [zone]);
}

/**
 * An action that needs a second, deliberate click: the question and its two
 * answers, with the focus on the confirming one.
 */
export function ConfirmBox({
  question,
  confirmLabel,
  pending,
  onConfirm,
  onCancel,
  withReason = false,
}: {
  question: string;
  confirmLabel: string;
  pending: boolean;
  /** With the operator's reason ('' when none was given) when `withReason`. */
  onConfirm: (reason: string) => void;
  onCancel: () => void;
  /** A decision: an optional reason, kept in the audit log. */
  withReason?: boolean;
}) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  const reasonId = useId();
  const { values, bind } = useFieldValues({ reason: '' });
  useEffect(() => confirmRef.current?.focus(), []);
  return (
    <div
      role="group"
      aria-label={question}
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <p className="text-sm text-slate-900">{question}</p>
      {withReason && (
        <TextField
          id={reasonId}
          name="reason"
          label={adminMessages.reasonLabel}
          maxLength={ADMIN_LIMITS.note.max}
          {...bind('reason')}
        />
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          ref={confirmRef}
          onClick={() => onConfirm(values.reason.trim())}
          disabled={pending}
          aria-busy={pending}
        >
          {confirmLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {adminMessages.cancel}
        </Button>
      </div>
    </div>
  );
}

/** A console search box, checked by the contract before it is sent. */
export function SearchForm({
  label,
  initial,
  onSearch,
  children,
}: {
  label: string;
  initial: string;
  onSearch: (q: string) => void;
  /** More filters beside the text (a role select). */
  children?: ReactNode;
}) {
  const form = useCheckedForm(['q'] as const, {
    initial: { q: initial },
    ids: { q: 'admin-search' },
  });
  const { q } = form.values;
  return (
    <form
      ref={form.formRef}
      role="search"
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (form.showCheck(checkAdminSearch({ q }))) onSearch(q.trim());
      }}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <FormAlert id="admin-search-alert" message={form.errors.message} />
      <div className="min-w-0 flex-1">
        <TextField
          {...form.field('q')}
          type="search"
          label={label}
          maxLength={ADMIN_LIMITS.query.max + 1}
          autoComplete="off"
        />
      </div>
      {children}
      <Button type="submit">{adminMessages.search}</Button>
    </form>
  );
}

/** A wide table on a narrow screen: scrolls sideways in a labelled, focusable region. */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {children}
    </div>
  );
}

/** What the console's cursor-paged lists (admin-api.ts) give a page. */
export interface PagedList<T> {
  currentData?: { pages: { items: T[] }[] };
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

/** Every item of the pages loaded so far (none while another search's are on their way). */
export function pagedItems<T>(list: PagedList<T>): T[] {
  return list.currentData?.pages.flatMap((page) => page.items) ?? [];
}

/** Above a paged list: its load failure with a retry, or that it is empty. */
export function PagedListHead<T>({ list, empty }: { list: PagedList<T>; empty: string }) {
  if (list.isError)
    return (
      <LoadError
        message={failureMessage(list.error, adminMessages.loadFailed)}
        onRetry={() => void list.refetch()}
      />
    );
  if (list.currentData && !list.isFetching && pagedItems(list).length === 0)
    return <p className="text-slate-600">{empty}</p>;
  return null;
}

/** Below a paged list: the spinner while a page loads, and 'Показати ще' while there are more. */
export function PagedListFoot<T>({ list }: { list: PagedList<T> }) {
  return (
    <>
      {list.isFetching && <Loading />}
      {list.hasNextPage && (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetching}
            aria-busy={list.isFetching}
          >
            {adminMessages.loadMore}
          </Button>
        </div>
      )}
    </>
  );
}
