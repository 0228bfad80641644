import { useMemo } from 'react';
import { Outlet } from 'react-router';
import { AppShell } from '../components/layout/app-shell';
import { FullPageSpinner } from '../components/ui/spinner';
import { logout, selectUser } from '../features/auth/auth-slice';
import { useAuthDispatch, useAuthSelector, useEnsureUser } from '../features/auth/hooks';
import { NotificationBell } from '../features/notifications/notification-bell';
import type { SignedInContext } from '../lib/signed-in-user';

// The notifications page and /home and /settings (with the mail preferences) share this chunk with
// the bell (see app/pages.tsx): each chunk is one more name in the map /login's entry chunk carries.
export { NotificationsPage } from '../features/notifications/notifications-page';
export { HomeRoute, SettingsRoute } from './settings-route';

/** The signed-in frame around every signed-in page (loaded on demand with them). */
export function SignedInLayout() {
  const dispatch = useAuthDispatch();
  const user = useAuthSelector(selectUser);
  useEnsureUser();
  // The pages read the user from here (lib/signed-in-user.ts).
  const context = useMemo<SignedInContext | null>(() => (user ? { user } : null), [user]);
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
