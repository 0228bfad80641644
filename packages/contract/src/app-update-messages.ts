/**
 * The web app's prompt when a new version is deployed (DESIGN section 15).
 * Apart from `messages`, which the first page loads: only the lazily loaded
 * update prompt (apps/web/src/app/app-update.tsx) takes these.
 */
export const appUpdateMessages = {
  updateAvailable: 'Доступна нова версія',
  updateReload: 'Оновити',
} as const;
