import { useEffect, useMemo } from 'react';
import { messages, offlineMessages } from '@urok/contract';
import { Outlet, useNavigate } from 'react-router';
import { useSelector } from 'react-redux';
import { AppShell } from '../components/layout/app-shell';
import { SessionEnded } from '../components/layout/session-ended';
import { FullPageSpinner } from '../components/ui/spinner';
import { logout, selectUser } from '../features/auth/auth-slice';
import { useAuthDispatch, useAuthSelector, useEnsureUser } from '../features/auth/hooks';
import { NotificationBell } from '../features/notifications/notification-bell';
import { OfflineSave } from '../features/content/offline-save';
import { serveSavedAnswers } from '../lib/api';
import { selectEndedSession } from '../lib/ended-session';
import { savedAnswer } from '../lib/offline-courses';
import { forgetAccount, httpSender, type Refusal } from '../lib/offline-queue';
import { useOfflineQueue } from '../lib/offline-replay';
import { useOnline } from '../lib/online';
import { takeReturnPath } from '../lib/next';
import type { SignedInContext } from '../lib/signed-in-user';

// The notifications page and /home and /settings (with the mail preferences) share this chunk with
// the bell (see app/pages.tsx): each chunk is one more name in the map /login's entry chunk carries.
export { NotificationsPage } from '../features/notifications/notifications-page';
export { HomeRoute, SettingsRoute } from './settings-route';

// With no answer from the server, the data layer reads the account's courses saved for offline.
serveSavedAnswers({ answer: savedAnswer, needsNetwork: () => offlineMessages.needsNetwork });

/** What the server refused of the actions given offline, once the network was back. */
function QueueRefusals({ refusals, dismiss }: { refusals: Refusal[]; dismiss: () => void }) {
  if (refusals.length === 0) return null;
  return (
    <div
      role="alert"
      className="mx-auto mt-4 w-full max-w-5xl space-y-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      <ul className="space-y-1">
        {refusals.map((refusal) => (
          <li key={refusal.action.id}>
            {messages.queuedActionRefused(refusal.action.label, refusal.message)}
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={dismiss}
        className="min-h-11 font-semibold text-red-900 underline underline-offset-2"
      >
        {messages.queuedActionsDismiss}
      </button>
    </div>
  );
}

/** With no network: what opens (the courses saved for offline) and what does not. */
function OfflineBanner() {
  if (useOnline()) return null;
  return (
    <div
      role="status"
      className="mx-auto mt-4 w-full max-w-5xl rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950"
    >
      {offlineMessages.offlineBanner}
    </div>
  );
}

/**
 * The signed-in frame around every signed-in page (loaded on demand with them);
 * once the server ends the session, the reason and a way to sign in again.
 */
export function SignedInLayout() {
  const dispatch = useAuthDispatch();
  const user = useAuthSelector(selectUser);
  useEnsureUser();
  // Actions given offline (lib/offline-queue.ts) go when the network is back; pages queue through it.
  // They are replayed through the store's HTTP client (the bearer header; the tests' fake one).
  const send = useMemo(
    () => httpSender(dispatch((_dispatch, _getState, services) => services.http)),
    [dispatch],
  );
  const queue = useOfflineQueue(user?._id ?? null, send);
  // The pages read the user from here (lib/signed-in-user.ts).
  const context = useMemo<SignedInContext | null>(
    () =>
      user
        ? {
            user,
            offline: queue.offline,
            saveForOffline: (courseId, paths) => (
              <OfflineSave key={courseId} account={user._id} courseId={courseId} paths={paths} />
            ),
          }
        : null,
    [user, queue.offline],
  );
  // Signed in from a page that wants the visitor back (lib/next.ts): go there, once.
  const navigate = useNavigate();
  useEffect(() => {
    const next = takeReturnPath();
    if (next) void navigate(next, { replace: true });
  }, [navigate]);
  // The server ended the session (lib/ended-session.ts): say why instead of broken pages.
  const ended = useSelector(selectEndedSession);
  if (ended) return <SessionEnded message={ended} />;
  if (!user) return <FullPageSpinner />;
  return (
    <AppShell
      user={user}
      // Signing out first removes what this account kept on the device (DESIGN section 15).
      onLogout={() => void forgetAccount(user._id).finally(() => void dispatch(logout()))}
      headerExtra={<NotificationBell />}
    >
      <OfflineBanner />
      <QueueRefusals refusals={queue.refusals} dismiss={queue.dismiss} />
      <Outlet context={context} />
    </AppShell>
  );
}
