import { useEffect, useRef, useState, type ReactNode } from 'react';
import { adminMessages, ADMIN_LIMITS, checkAdminSearch } from '@urok/contract';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { FormAlert } from '../../components/ui/form-alert';
import { Spinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../lib/document-title';
import { useCheckedForm } from '../../lib/use-checked-form';

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
    <div className="mx-auto w-full max-w-6xl space-y-6">
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

const DATE_TIME = new Intl.DateTimeFormat('uk-UA', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** A stored instant as people read it (UTC, so every operator sees the same). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${DATE_TIME.format(date)} UTC`;
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
}: {
  question: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const confirmRef = useRef<HTMLButtonElement>(null);
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
      <div className="flex flex-wrap gap-2">
        <Button ref={confirmRef} onClick={onConfirm} disabled={pending} aria-busy={pending}>
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
  const [q, setQ] = useState(initial);
  const form = useCheckedForm(['q'] as const);
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
          id="admin-search"
          name="q"
          type="search"
          label={label}
          value={q}
          maxLength={ADMIN_LIMITS.query.max + 1}
          autoComplete="off"
          error={form.errors.fields.q}
          onChange={(event) => setQ(event.target.value)}
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

export function LoadMore({
  nextCursor,
  loading,
  onMore,
}: {
  nextCursor: string | null;
  loading: boolean;
  onMore: () => void;
}) {
  if (!nextCursor) return null;
  return (
    <div className="flex justify-center">
      <Button variant="secondary" onClick={onMore} disabled={loading} aria-busy={loading}>
        {adminMessages.loadMore}
      </Button>
    </div>
  );
}
