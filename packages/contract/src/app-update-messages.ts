/**
 * The web app's prompt when a new version is deployed (DESIGN section 15).
 * Apart from `messages`, which the first page loads: only the lazily loaded
 * update prompt (apps/web/src/app/app-update.tsx) takes these.
 * English: locales/en/app-update.ts.
 */
import { defineMessages } from './i18n/catalog.ts';

export const appUpdateMessages = defineMessages('appUpdate', {
  updateAvailable: 'Доступна нова версія',
  updateReload: 'Оновити',
} as const);
