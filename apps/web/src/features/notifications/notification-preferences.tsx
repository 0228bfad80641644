import { useState } from 'react';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  notificationMessages,
  type NotificationKind,
} from '@urok/contract';
import { CheckboxField } from '../../components/ui/fields';
import { Spinner } from '../../components/ui/spinner';
import { StatusBanner, type Banner } from '../../components/ui/status-banner';
import { failureMessage } from '../../lib/api';
import {
  useNotificationPreferencesQuery,
  useSaveNotificationPreferenceMutation,
} from './notifications-api';

/**
 * The section of /settings that says which notifications are also e-mailed:
 * a checkbox per kind, saved the moment it changes (a failed save puts the
 * box back and says so).
 */
export function NotificationPreferences() {
  const preferences = useNotificationPreferencesQuery();
  const [save] = useSaveNotificationPreferenceMutation();
  const [saved, setSaved] = useState<Banner | null>(null);
  const email = preferences.data ?? null;
  const banner: Banner | null = preferences.isError
    ? { tone: 'error', text: failureMessage(preferences.error, notificationMessages.loadFailed) }
    : saved;

  const change = async (kind: NotificationKind, on: boolean) => {
    setSaved(null);
    const result = await save({ kind, email: on });
    setSaved(
      result.error
        ? {
            tone: 'error',
            text: failureMessage(result.error, notificationMessages.preferencesFailed),
          }
        : { tone: 'success', text: notificationMessages.preferencesSaved },
    );
  };

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <h2 id="mail-preferences" className="mb-1 text-lg font-semibold text-slate-900">
        {notificationMessages.preferencesHeading}
      </h2>
      <p className="mb-5 text-sm text-slate-600">{notificationMessages.preferencesHint}</p>
      {email ? (
        <fieldset aria-labelledby="mail-preferences" className="space-y-3">
          {NOTIFICATION_KINDS.map((kind) => (
            <CheckboxField
              key={kind}
              id={`mail-${kind.replace('.', '-')}`}
              label={NOTIFICATION_KIND_LABELS[kind]}
              checked={email[kind]}
              onChange={(event) => void change(kind, event.target.checked)}
            />
          ))}
        </fieldset>
      ) : (
        !banner && <Spinner />
      )}
      <div className="mt-4">
        <StatusBanner banner={banner} />
      </div>
    </div>
  );
}
