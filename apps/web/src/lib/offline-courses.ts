/**
 * Courses saved for offline (DESIGN section 15): a student keeps a course's
 * outline, its published lessons, their images and attachments (and, when
 * asked, their videos) on the device, under the signed-in account, and the
 * data layer (lib/api.ts) answers from them when the server cannot be reached.
 *
 * - The API's answers (the course, the outline, the progress, the enrolled
 *   courses, the own homework, each lesson) are kept in IndexedDB
 *   (`urok-saved-courses`, store `answers`, keyed by account, course and the
 *   request's key as the data layer names it), beside one record per saved
 *   course (store `courses`: its title, size and when it was saved).
 * - The files' bytes are kept in the Cache Storage, in one cache per account
 *   (`urok-saved-files:<account>`), under a stable address of our own
 *   (`/saved-files/<course>/<attachment|video>/<id>`) — never under the signed
 *   link they were downloaded from, which expires in a few hours. A saved
 *   lesson read back offline has its links replaced by `blob:` addresses of
 *   those bytes, so the lesson page needs no other way to show them.
 *
 * Another account never reads them: every read names the signed-in account.
 * Signing out removes them (forgetSavedCourses, called by the offline queue's
 * forgetAccount).
 */
import type { Course } from '@urok/contract';
import type { Lesson, Outline } from '@urok/contract/schemas';
import { databaseOpener, done, finished } from './indexed-db';

const DB_NAME = 'urok-saved-courses';
const COURSES = 'courses';
const ANSWERS = 'answers';
const FILES_CACHE = 'urok-saved-files:';
/** The path prefix of the files' stable addresses in the cache (never sent to the server). */
const FILES_PATH = '/saved-files/';

/** One saved course of an account, as /settings lists it. */
export interface SavedCourse {
  account: string;
  courseId: string;
  title: string;
  /** When it was saved (ms since the epoch). */
  savedAt: number;
  /** Bytes kept on the device: the answers and the files. */
  size: number;
  withVideo: boolean;
  lessons: number;
}

/** A file to keep: its stable key (`attachment:<id>`, `video:<lessonId>`), signed link and size. */
export interface PlannedFile {
  key: string;
  url: string;
  size: number;
}

/** What saving a course will keep, measured before anything is downloaded. */
export interface SavePlan {
  courseId: string;
  title: string;
  /** The API's answers, by the data layer's key of their request. */
  answers: { key: string; data: unknown }[];
  /** The lessons' attachments (their images among them). */
  files: PlannedFile[];
  /** The lessons' uploaded videos, kept only when asked. */
  videos: PlannedFile[];
  /** The answers' and the attachments' bytes. */
  size: number;
  /** The videos' bytes. */
  videoSize: number;
  lessons: number;
}

interface AnswerRecord {
  account: string;
  courseId: string;
  key: string;
  data: unknown;
  savedAt: number;
}

/**
 * The API paths a saved copy keeps, as the content feature names them (handed
 * in, so this module carries no path map of its own into the frame's chunk).
 */
export interface CoursePaths {
  course(courseId: string): string;
  outline(courseId: string): string;
  progress(courseId: string): string;
  userCourses(account: string): string;
  ownHomework(courseId: string): string;
  lesson(lessonId: string): string;
}

/** GET of a path relative to /api/: the answer's JSON; throws when there is none. */
export type JsonGetter = (url: string) => Promise<unknown>;
/** Downloads a signed link: the response whose body is kept. */
export type Downloader = (url: string, signal?: AbortSignal) => Promise<Response>;

// ---------------------------------------------------------------- IndexedDB

const open = databaseOpener(DB_NAME, (db) => {
  db.createObjectStore(COURSES, { keyPath: ['account', 'courseId'] }).createIndex(
    'account',
    'account',
  );
  const answers = db.createObjectStore(ANSWERS, { keyPath: ['account', 'courseId', 'key'] });
  answers.createIndex('lookup', ['account', 'key']);
  answers.createIndex('account', 'account');
});

/** Every answer key of one course of one account (arrays sort after strings). */
const courseRange = (account: string, courseId: string) =>
  IDBKeyRange.bound([account, courseId], [account, courseId, []]);

// ---------------------------------------------------------------- the files

function hasCaches(): boolean {
  return typeof caches !== 'undefined';
}

const filesCache = (account: string) => `${FILES_CACHE}${account}`;

/** Where a course's files are kept in the cache (an address of this origin the server never sees). */
function courseAddress(courseId: string): string {
  const path = `${FILES_PATH}${encodeURIComponent(courseId)}/`;
  return new URL(path, typeof location === 'undefined' ? 'http://localhost' : location.href).href;
}

/** A file's stable address: `attachment:<id>` → /saved-files/<course>/attachment/<id>. */
function fileAddress(courseId: string, key: string): string {
  const [kind = '', id = ''] = key.split(':');
  return `${courseAddress(courseId)}${kind}/${encodeURIComponent(id)}`;
}

/** The `blob:` addresses handed out in this page, so a file gets one and they can be let go. */
const objectUrls = new Map<string, string>();

function releaseObjectUrls(prefix: string): void {
  for (const [key, url] of objectUrls) {
    if (!key.startsWith(prefix)) continue;
    URL.revokeObjectURL(url);
    objectUrls.delete(key);
  }
}

async function savedFileUrl(
  account: string,
  courseId: string,
  key: string,
): Promise<string | null> {
  const id = `${account}|${courseId}|${key}`;
  const known = objectUrls.get(id);
  if (known) return known;
  if (!hasCaches()) return null;
  const response = await (await caches.open(filesCache(account))).match(fileAddress(courseId, key));
  if (!response) return null;
  const url = URL.createObjectURL(await response.blob());
  objectUrls.set(id, url);
  return url;
}

/** Removes a course's files from the account's cache, all of them or those not in `keep`. */
async function removeFiles(account: string, courseId: string, keep?: Set<string>): Promise<void> {
  releaseObjectUrls(`${account}|${courseId}|`);
  if (!hasCaches()) return;
  const cache = await caches.open(filesCache(account));
  const prefix = courseAddress(courseId);
  const wanted = new Set([...(keep ?? [])].map((key) => fileAddress(courseId, key)));
  for (const request of await cache.keys()) {
    if (request.url.startsWith(prefix) && !wanted.has(request.url)) await cache.delete(request);
  }
}

// ---------------------------------------------------------------- changes

const listeners = new Set<() => void>();

/** Calls `listener` after a course is saved or removed in this tab; returns the unsubscribe. */
export function onSavedCoursesChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const listener of listeners) listener();
}

// ---------------------------------------------------------------- reading

/** The account's saved courses, the latest saved first. */
export async function savedCourses(account: string): Promise<SavedCourse[]> {
  const db = await open();
  const index = db.transaction(COURSES, 'readonly').objectStore(COURSES).index('account');
  const courses = (await done(index.getAll(account))) as SavedCourse[];
  return courses.sort((a, b) => b.savedAt - a.savedAt);
}

/** One saved course of the account, or null. */
export async function savedCourse(account: string, courseId: string): Promise<SavedCourse | null> {
  const db = await open();
  const store = db.transaction(COURSES, 'readonly').objectStore(COURSES);
  return ((await done(store.get([account, courseId]))) as SavedCourse | undefined) ?? null;
}

/**
 * The account's saved answer of a request (the data layer's key: its path
 * relative to /api/), or undefined. A lesson comes back with `blob:` links to
 * its saved files; a file that was not saved (a video left out) has none.
 */
export async function savedAnswer(account: string, key: string): Promise<unknown> {
  const db = await open();
  const index = db.transaction(ANSWERS, 'readonly').objectStore(ANSWERS).index('lookup');
  const records = (await done(index.getAll([account, key]))) as AnswerRecord[];
  const latest = records.sort((a, b) => b.savedAt - a.savedAt)[0];
  if (!latest) return undefined;
  const lesson = (latest.data as { lesson?: Lesson } | null)?.lesson;
  if (!lesson) return latest.data;
  return {
    ...(latest.data as object),
    lesson: await withSavedFiles(account, latest.courseId, lesson),
  };
}

async function withSavedFiles(account: string, courseId: string, lesson: Lesson): Promise<Lesson> {
  const attachments = await Promise.all(
    lesson.attachments.map(async (file) => ({
      ...file,
      url: (await savedFileUrl(account, courseId, `attachment:${file._id}`)) ?? '',
    })),
  );
  const videoUrl = lesson.video
    ? await savedFileUrl(account, courseId, `video:${lesson._id}`)
    : null;
  return {
    ...lesson,
    attachments,
    // A video left out of the saved copy cannot play offline: the lesson shows none.
    video: lesson.video && videoUrl ? { ...lesson.video, url: videoUrl } : null,
  };
}

// ---------------------------------------------------------------- saving

const jsonSize = (data: unknown) => new TextEncoder().encode(JSON.stringify(data)).length;

/**
 * Reads what a saved copy of the course holds (the course, its outline and
 * every published lesson; the progress, the enrolled courses and the own
 * homework when the server gives them) and measures it: the answers' size
 * and the files' sizes the lessons report, the videos apart.
 */
export async function planCourse(
  get: JsonGetter,
  account: string,
  courseId: string,
  paths: CoursePaths,
): Promise<SavePlan> {
  const courseAnswer = (await get(paths.course(courseId))) as { course: Course };
  const outline = (await get(paths.outline(courseId))) as Outline;
  const answers: SavePlan['answers'] = [
    { key: paths.course(courseId), data: courseAnswer },
    { key: paths.outline(courseId), data: outline },
  ];
  // What the course page shows beside the outline: kept when the server gives it.
  for (const key of [
    paths.progress(courseId),
    paths.userCourses(account),
    paths.ownHomework(courseId),
  ]) {
    try {
      answers.push({ key, data: await get(key) });
    } catch {
      // Not needed to read the lessons offline.
    }
  }
  const lessonIds = outline.sections.flatMap((section) =>
    section.items
      .filter((item) => item.kind === 'lesson' && item.published)
      .map((item) => item._id),
  );
  const files: PlannedFile[] = [];
  const videos: PlannedFile[] = [];
  for (const lessonId of lessonIds) {
    const answer = (await get(paths.lesson(lessonId))) as { lesson: Lesson };
    answers.push({ key: paths.lesson(lessonId), data: answer });
    for (const file of answer.lesson.attachments)
      files.push({ key: `attachment:${file._id}`, url: file.url, size: file.size });
    if (answer.lesson.video)
      videos.push({
        key: `video:${lessonId}`,
        url: answer.lesson.video.url,
        size: answer.lesson.video.size,
      });
  }
  const size =
    answers.reduce((sum, answer) => sum + jsonSize(answer.data), 0) +
    files.reduce((sum, file) => sum + file.size, 0);
  return {
    courseId,
    title: courseAnswer.course.title,
    answers,
    files,
    videos,
    size,
    videoSize: videos.reduce((sum, file) => sum + file.size, 0),
    lessons: lessonIds.length,
  };
}

/** A failed download: the status the server answered (0: none). */
export class DownloadFailed extends Error {
  constructor(readonly status: number) {
    super(`download failed: ${status}`);
  }
}

export interface SaveOptions {
  withVideo: boolean;
  download: Downloader;
  /** Bytes kept so far, of the total. */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * Keeps the planned course on the device: each file streamed into the
 * account's cache under its stable address (counted for the progress bar),
 * then the answers and the course's record in one transaction. Saving again
 * replaces the copy (files no longer in it go). A failure removes what this
 * save wrote when there was no copy before, and rethrows.
 */
export async function saveCourse(
  account: string,
  plan: SavePlan,
  { withVideo, download, onProgress, signal }: SaveOptions,
): Promise<SavedCourse> {
  if (!hasCaches()) throw new DownloadFailed(0);
  const files = withVideo ? [...plan.files, ...plan.videos] : plan.files;
  const total = plan.size + (withVideo ? plan.videoSize : 0);
  let kept = plan.size - plan.files.reduce((sum, file) => sum + file.size, 0);
  onProgress?.(kept, total);
  const before = await savedCourse(account, plan.courseId);
  const cache = await caches.open(filesCache(account));
  try {
    for (const file of files) {
      const response = await download(file.url, signal).catch(() => {
        throw new DownloadFailed(0);
      });
      if (!response.ok) throw new DownloadFailed(response.status);
      const start = kept;
      const counted = response.body
        ? response.body.pipeThrough(
            new TransformStream<Uint8Array, Uint8Array>({
              transform(chunk, controller) {
                kept += chunk.byteLength;
                onProgress?.(Math.min(kept, total), total);
                controller.enqueue(chunk);
              },
            }),
          )
        : await response.blob();
      await cache.put(
        fileAddress(plan.courseId, file.key),
        new Response(counted, {
          headers: { 'Content-Type': response.headers.get('Content-Type') ?? '' },
        }),
      );
      kept = start + file.size;
      onProgress?.(Math.min(kept, total), total);
    }
    await removeFiles(account, plan.courseId, new Set(files.map((file) => file.key)));
    const savedAt = Date.now();
    const record: SavedCourse = {
      account,
      courseId: plan.courseId,
      title: plan.title,
      savedAt,
      size: total,
      withVideo: withVideo && plan.videos.length > 0,
      lessons: plan.lessons,
    };
    const db = await open();
    const transaction = db.transaction([COURSES, ANSWERS], 'readwrite');
    const answers = transaction.objectStore(ANSWERS);
    answers.delete(courseRange(account, plan.courseId));
    for (const answer of plan.answers)
      answers.put({
        account,
        courseId: plan.courseId,
        key: answer.key,
        data: answer.data,
        savedAt,
      } satisfies AnswerRecord);
    transaction.objectStore(COURSES).put(record);
    await finished(transaction);
    onProgress?.(total, total);
    notify();
    return record;
  } catch (error) {
    if (!before) await removeFiles(account, plan.courseId).catch(() => undefined);
    throw error;
  }
}

// ---------------------------------------------------------------- removing

/** Removes one saved course of the account: its answers, its record and its files. */
export async function removeSavedCourse(account: string, courseId: string): Promise<void> {
  const db = await open();
  const transaction = db.transaction([COURSES, ANSWERS], 'readwrite');
  transaction.objectStore(ANSWERS).delete(courseRange(account, courseId));
  transaction.objectStore(COURSES).delete([account, courseId]);
  await finished(transaction);
  await removeFiles(account, courseId);
  notify();
}

/** Sign-out: every saved course of the account leaves the device (its records, answers and files). */
export async function forgetSavedCourses(account: string): Promise<void> {
  releaseObjectUrls(`${account}|`);
  if (hasCaches()) await caches.delete(filesCache(account));
  const db = await open();
  const transaction = db.transaction([COURSES, ANSWERS], 'readwrite');
  for (const name of [COURSES, ANSWERS]) {
    const store = transaction.objectStore(name);
    const keys = await done(store.index('account').getAllKeys(account));
    for (const key of keys) store.delete(key);
  }
  await finished(transaction);
  notify();
}

/** Asks the browser to keep the site's storage under pressure (true when it will). */
export async function persistStorage(): Promise<boolean> {
  try {
    return (await navigator.storage?.persist?.()) ?? false;
  } catch {
    return false;
  }
}

/** The space the browser still gives the site, in bytes (null when it does not say). */
export async function freeSpace(): Promise<number | null> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (!estimate?.quota) return null;
    return estimate.quota - (estimate.usage ?? 0);
  } catch {
    return null;
  }
}
