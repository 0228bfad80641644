import { useEffect, useMemo } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useSelector } from 'react-redux';
import { AppShell } from '../components/layout/app-shell';
import { SessionEnded } from '../components/layout/session-ended';
import { FullPageSpinner } from '../components/ui/spinner';
import { logout, selectUser } from '../features/auth/auth-slice';
import { useAuthDispatch, useAuthSelector, useEnsureUser } from '../features/auth/hooks';
import { NotificationBell } from '../features/notifications/notification-bell';
import { selectEndedSession } from '../lib/ended-session';
import { takeReturnPath } from '../lib/next';
import type { SignedInContext } from '../lib/signed-in-user';

// The notifications page and /home and /settings (with the mail preferences) share this chunk with
// the bell (see app/pages.tsx): each chunk is one more name in the map /login's entry chunk carries.
export { NotificationsPage } from '../features/notifications/notifications-page';
export { HomeRoute, SettingsRoute } from './settings-route';

/**
 * The signed-in frame around every signed-in page (loaded on demand with them);
 * once the server ends the session, the reason and a way to sign in again.
 */
export function SignedInLayout() {
  const dispatch = useAuthDispatch();
  const user = useAuthSelector(selectUser);
  useEnsureUser();
  // The pages read the user from here (lib/signed-in-user.ts).
  const context = useMemo<SignedInContext | null>(() => (user ? { user } : null), [user]);
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
      onLogout={() => void dispatch(logout())}
      headerExtra={<NotificationBell />}
    >
      <Outlet context={context} />
    </AppShell>
  );
}
