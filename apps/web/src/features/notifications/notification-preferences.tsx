import { useEffect, useState } from 'react';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  notificationMessages,
  type NotificationKind,
} from '@urok/contract';
import { CheckboxField } from '../../components/ui/fields';
import { Spinner } from '../../components/ui/spinner';
import { StatusBanner, type Banner } from '../../components/ui/status-banner';
import { useServiceDispatch } from '../../lib/app-thunk';
import {
  fetchNotificationPreferences,
  saveNotificationPreference,
  type EmailPreferences,
} from './notification-thunks';

/**
 * The section of /settings that says which notifications are also e-mailed:
 * a checkbox per kind, saved the moment it changes (a failed save puts the
 * box back and says so).
 */
export function NotificationPreferences() {
  const dispatch = useServiceDispatch();
  const [email, setEmail] = useState<EmailPreferences | null>(null);
  const [banner, setBanner] = useState<Banner | null>(null);

  useEffect(() => {
    let live = true;
    void dispatch(fetchNotificationPreferences()).then((result) => {
      if (!live) return;
      if (fetchNotificationPreferences.fulfilled.match(result)) setEmail(result.payload);
      else
        setBanner({
          tone: 'error',
          text: result.payload?.message ?? notificationMessages.loadFailed,
        });
    });
    return () => {
      live = false;
    };
  }, [dispatch]);

  // Each save names only its own kind, so quick changes of several boxes cannot undo each other.
  const change = async (kind: NotificationKind, on: boolean) => {
    setEmail((current) => (current ? { ...current, [kind]: on } : current));
    setBanner(null);
    const result = await dispatch(saveNotificationPreference({ kind, email: on }));
    if (saveNotificationPreference.fulfilled.match(result)) {
      setBanner({ tone: 'success', text: notificationMessages.preferencesSaved });
    } else {
      setEmail((current) => (current ? { ...current, [kind]: !on } : current));
      setBanner({
        tone: 'error',
        text: result.payload?.message ?? notificationMessages.preferencesFailed,
      });
    }
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
