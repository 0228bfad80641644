import { selectUser } from '../features/auth/auth-slice';
import { useAuthSelector } from '../features/auth/hooks';
import { HomePage, SettingsPage } from '../features/auth/settings-page';
import { SavedCourses } from '../features/content/saved-courses';
import { NotificationPreferences } from '../features/notifications/notification-preferences';

/**
 * /settings: the account's own sections, which notifications are also e-mailed,
 * and the courses saved for offline on this device.
 */
export function SettingsRoute() {
  const user = useAuthSelector(selectUser);
  return (
    <SettingsPage>
      <NotificationPreferences />
      {user && <SavedCourses account={user._id} teacher={user.isAdmin} />}
    </SettingsPage>
  );
}

/** /home: the personal information form alone. */
export const HomeRoute = HomePage;
