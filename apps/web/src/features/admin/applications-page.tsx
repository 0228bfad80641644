import { useId, useState } from 'react';
import {
  adminMessages,
  checkDecisionNote,
  ADMIN_LIMITS,
  type ApplicationStatus,
  type DecidedApplication,
} from '@urok/contract';
import { Button } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/fields';
import { FormAlert } from '../../components/ui/form-alert';
import { useFieldValues } from '../../lib/form-controls';
import { useCheckedForm } from '../../lib/use-checked-form';
import { asFailure, failureMessage } from '../../lib/api';
import { useApplicationsQuery, useDecideApplicationMutation } from './admin-api';
import { AdminFrame, Badge, LoadError, Loading, useFormatDateTime } from './admin-ui';

const STATUS_LABELS: Record<ApplicationStatus | '', string> = {
  pending: adminMessages.statusPending,
  approved: adminMessages.statusApproved,
  rejected: adminMessages.statusRejected,
  '': adminMessages.statusAll,
};

/** One application: its full text, and for a pending one the note and the two decisions. */
function ApplicationCard({
  application,
  onDecided,
}: {
  application: DecidedApplication;
  onDecided: (message: string) => void;
}) {
  const formatDateTime = useFormatDateTime();
  const [decideApplication] = useDecideApplicationMutation();
  const headingId = useId();
  const form = useCheckedForm(['note'] as const, { idPrefix: headingId });
  const { note } = form.values;

  const decide = async (decision: 'approve' | 'reject') => {
    if (!form.showCheck(checkDecisionNote({ note }))) return;
    form.setPending(true);
    const result = await decideApplication({ id: application._id, decision, note });
    form.setPending(false);
    if (!result.error) {
      onDecided(decision === 'approve' ? adminMessages.approved : adminMessages.rejected);
      return;
    }
    const failure = asFailure(result.error, adminMessages.actionFailed);
    if (failure.status === 409) {
      // Someone (another operator, the CLI) decided first: show the queue as it is now.
      onDecided(adminMessages.alreadyDecided);
      return;
    }
    form.showServerFailure(failure, adminMessages.actionFailed);
  };

  const tone =
    application.status === 'approved'
      ? 'emerald'
      : application.status === 'rejected'
        ? 'red'
        : 'amber';
  return (
    <article
      aria-labelledby={headingId}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {application.fullName}
          </h2>
          <p className="text-sm text-slate-600">
            {adminMessages.applicationSubmitted(formatDateTime(application.createdAt))}
            {application.decidedAt &&
              ` · ${adminMessages.applicationDecided(formatDateTime(application.decidedAt))}`}
          </p>
        </div>
        <Badge tone={tone}>{STATUS_LABELS[application.status]}</Badge>
      </header>
      <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium text-slate-700">{adminMessages.applicationContacts}</dt>
        <dd className="break-words text-slate-900">
          <a className="text-indigo-700 underline" href={`tel:${application.telephone}`}>
            {application.telephone}
          </a>
          {' · '}
          <a className="text-indigo-700 underline" href={`mailto:${application.email}`}>
            {application.email}
          </a>
        </dd>
        <dt className="font-medium text-slate-700">{adminMessages.applicationSubject}</dt>
        <dd className="break-words text-slate-900">{application.subject}</dd>
        <dt className="font-medium text-slate-700">{adminMessages.applicationExperience}</dt>
        <dd className="whitespace-pre-wrap break-words text-slate-900">
          {application.experience || '—'}
        </dd>
        <dt className="font-medium text-slate-700">{adminMessages.applicationMotivation}</dt>
        <dd className="whitespace-pre-wrap break-words text-slate-900">{application.motivation}</dd>
      </dl>
      {application.decisionNote && (
        <p className="whitespace-pre-wrap text-sm text-slate-700">
          {adminMessages.decisionNote(application.decisionNote)}
        </p>
      )}
      {application.status === 'pending' && (
        <form
          ref={form.formRef}
          noValidate
          onSubmit={(event) => event.preventDefault()}
          className="space-y-3 border-t border-slate-100 pt-4"
        >
          <FormAlert id={`${headingId}-alert`} message={form.errors.message} />
          <TextAreaField
            {...form.field('note')}
            label={adminMessages.noteLabel}
            hint={adminMessages.noteHint}
            rows={2}
            maxLength={ADMIN_LIMITS.note.max + 1}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() => void decide('approve')}
              disabled={form.pending}
              aria-describedby={headingId}
            >
              {adminMessages.approve}
            </Button>
            <Button
              variant="secondary"
              onClick={() => void decide('reject')}
              disabled={form.pending}
              aria-describedby={headingId}
            >
              {adminMessages.reject}
            </Button>
          </div>
        </form>
      )}
    </article>
  );
}

/** /admin/applications: the queue of teacher applications, newest first. */
export function AdminApplicationsPage() {
  const filter = useFieldValues({ status: 'pending' });
  const applications = useApplicationsQuery(filter.values.status as ApplicationStatus | '');
  const items = applications.currentData ?? [];
  const [notice, setNotice] = useState<string | null>(null);
  const selectId = useId();

  // A decision makes the lists stale (admin-api.ts), so the queue is asked for again.
  const onDecided = (message: string) => {
    setNotice(message);
    void applications.refetch();
  };

  return (
    <AdminFrame
      title={adminMessages.applicationsTitle}
      actions={
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
            {adminMessages.statusFilter}
          </label>
          <select
            id={selectId}
            {...filter.bind('status')}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm"
          >
            {(['pending', 'approved', 'rejected', ''] as const).map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      }
    >
      <p role="status" className={notice ? 'text-sm text-emerald-800' : 'sr-only'}>
        {notice}
      </p>
      {applications.isError && (
        <LoadError
          message={failureMessage(applications.error, adminMessages.loadFailed)}
          onRetry={() => void applications.refetch()}
        />
      )}
      {applications.isFetching && items.length === 0 && <Loading />}
      {applications.currentData && !applications.isFetching && items.length === 0 && (
        <p className="text-slate-600">{adminMessages.applicationsEmpty}</p>
      )}
      <div className="space-y-4">
        {items.map((application) => (
          <ApplicationCard key={application._id} application={application} onDecided={onDecided} />
        ))}
      </div>
    </AdminFrame>
  );
}
