/**
 * Where each server suite runs in `npm test` — the one place that decides it
 * (read by the root vitest.config.ts). A suite not named here runs on every
 * database back end (SQLite, and PostgreSQL with TEST_DATABASE_URL) with files
 * on disk: the default for anything that reads or writes the database.
 */

/**
 * Suites whose behaviour does not depend on the database: headers, docs,
 * logs, throttling, hostile and malformed requests, streaming. They run once,
 * on SQLite (TEST_ONE_BACKEND=1); the database suites cover what each back
 * end does with the same requests.
 */
export const HTTP_LAYER_SUITES = [
  'docs', // the OpenAPI document and its page
  'hostile-input', // bodies refused by the schemas before any query
  'log-redaction', // what the access log writes
  'logging', // request ids, no secrets in the logs
  'multipart-scope', // which routes take multipart (415 elsewhere)
  'rate-limit', // the in-memory limiter and its rules per route
  'redis-shared-limits', // limits shared through Redis by two processes
  'security-headers', // every response's policy headers
  'throttling-coverage', // every write route is throttled before it reads or writes
  'trust-proxy', // which address a limit counts behind a proxy
  'upload-streaming', // memory held by a streamed upload over a real socket
  'quiz-gift', // GIFT import and export: pure functions, no database
  'quiz-aiken', // Aiken import: pure functions, no database
  'quiz-statistics', // item statistics: a pure function, no database
];

/**
 * Suites that store, serve, count or delete files: `npm test` runs them once
 * more with files in an object store (TEST_STORAGE=s3, s3rver on loopback),
 * on SQLite — the database does not change what storage does.
 */
export const STORAGE_SUITES = [
  'admin', // an account's files in its storage total, deleted with it
  'assignments', // files of submissions per assignment, the zip export
  'authorization-matrix', // who may download which file
  'content', // lesson files
  'courses', // covers
  'demo-data', // generated covers and homework files
  'fuzz', // no refused request leaves or changes a stored file
  'homework', // homework uploads and downloads
  'homework-quota', // quotas and withdrawals free the stored bytes
  'lesson-file-quota', // lesson files in the author quota
  'multipart-scope', // the upload routes still take multipart
  'security-headers', // downloads are attachments, with their headers
  'storage', // the storage contract and the sweep of orphan files
  'upload-streaming', // a streamed upload over a real socket
  'tus-uploads', // resumable uploads: their bytes in the tus store on disk or in the bucket
];

/** Vitest include patterns (relative to apps/server) for suite names. */
export function suiteFiles(names: readonly string[]): string[] {
  return names.map((name) => `test/${name}.test.ts`);
}
