import { HomePage, SettingsPage } from '../features/auth/settings-page';
import { SavedCourses } from '../features/content/saved-courses';
import { NotificationPreferences } from '../features/notifications/notification-preferences';

/**
 * /settings: the account's own sections, which notifications are also e-mailed,
 * and the courses saved for offline on this device.
 */
export function SettingsRoute() {
  return (
    <SettingsPage>
      <NotificationPreferences />
      <SavedCourses />
    </SettingsPage>
  );
}

/** /home: the personal information form alone. */
export const HomeRoute = HomePage;
