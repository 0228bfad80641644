import { HomePage, SettingsPage } from '../features/auth/settings-page';
import { NotificationPreferences } from '../features/notifications/notification-preferences';

/** /settings: the account's own sections, then which notifications are also e-mailed. */
export function SettingsRoute() {
  return (
    <SettingsPage>
      <NotificationPreferences />
    </SettingsPage>
  );
}

/** /home: the personal information form alone. */
export const HomeRoute = HomePage;
