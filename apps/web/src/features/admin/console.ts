/**
 * The whole console in one chunk (app/pages.tsx loads it on demand): only
 * operators open it, and one chunk keeps the entry's list of chunks short.
 */
export { AdminApplicationsPage } from './applications-page';
export { AdminAuditPage } from './audit-page';
export { AdminCoursesPage } from './courses-page';
export { AdminOverviewPage } from './overview-page';
export { AdminUsersPage } from './users-page';
