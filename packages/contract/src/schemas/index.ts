// The zod schemas of every request and response, for the server (route
// validation, serialisation and OpenAPI). The web app validates with the
// check functions of the main entry and never bundles zod.
export * from './admin.ts';
export * from './applications.ts';
export * from './assignments.ts';
export * from './auth.ts';
export * from './contacts.ts';
export * from './content.ts';
export * from './courses.ts';
export * from './errors.ts';
export * from './pledges.ts';
export * from './quizzes.ts';
export * from './notifications.ts';
export * from './uploads.ts';
