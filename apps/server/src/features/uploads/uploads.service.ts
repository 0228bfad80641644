/**
 * Resumable uploads (tus 1.0, DESIGN section 15): the rules around the
 * bytes @tus/server receives. Who may upload what, the limits and the
 * quotas are the homework and content services' own, asked at creation
 * and again at the end, where the bytes are streamed into storage through
 * lib/uploads.ts storeUpload (the type from the bytes, the stored name) and
 * become a submission, an attachment or a lesson's video exactly as the
 * multipart routes make them. The database row holds the owner, purpose
 * and outcome, so any process can continue, finish or answer for it.
 */
import type { Readable } from 'node:stream';
import { homeworkFormSchema } from '@urok/contract/schemas';
import { messages, type User } from '@urok/contract';
import type { UploadResult } from '@urok/contract/schemas';
import { AppError } from '../../app-error.ts';
import { inLanguage, later, type Text } from '../../lib/language.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Announcement } from '../../lib/notify.ts';
import { createStorageName } from '../../lib/ids.ts';
import {
  parseFormFields,
  storeUpload,
  withUploadCleanup,
  type UploadLimit,
  type UploadRule,
} from '../../lib/uploads.ts';
import { unsafeTextError, unsafeTextField } from '../../plugins/input-guard.ts';
import type { Storage } from '../../storage/storage.ts';
import {
  addAttachment,
  assertCanAttach,
  attachmentUploadRule,
  getAuthoredLesson,
  lessonFileUploadLimit,
  readLesson,
  setVideo,
  videoUploadRule,
  type MediaLinks,
} from '../content/content.service.ts';
import {
  assertEnrolled,
  findSubmittableAssignment,
  homeworkUploadLimit,
  homeworkUploadRule,
  listOwnHomework,
  submitHomework,
} from '../homework/homework.service.ts';
import {
  closeUpload,
  deleteClosedUploadsBefore,
  deleteUpload,
  findExpiredUploads,
  findUpload,
  insertUploadCounting,
  type ResumableUploadRow,
} from './uploads.repository.ts';

/** An unfinished upload is kept this long from its creation (Upload-Expires). */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;
/** Unfinished uploads an account may have at once. */
export const MAX_OPEN_UPLOADS = 10;
/** A finished or refused upload's answer is kept this long after its expiry. */
const CLOSED_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

export type UploadPurpose = ResumableUploadRow['purpose'];
const PURPOSES: readonly UploadPurpose[] = ['homework', 'attachment', 'video'];

/** What an upload is for, from its Upload-Metadata. */
export interface UploadSpec {
  purpose: UploadPurpose;
  fileName: string;
  courseId: string | null;
  assignmentId: string | null;
  lessonId: string | null;
  comment: string | null;
}

const badRequest = (message: Text, field?: string) =>
  new AppError('BAD_REQUEST', message, field ? { [field]: message } : undefined);

/**
 * Upload-Metadata as @tus/server parsed it: `purpose`, `filename`, and the purpose's own fields.
 * 400 for an unknown purpose, a missing field, or text no form field may hold.
 */
export function parseUploadMetadata(
  metadata: Record<string, string | null> | undefined,
): UploadSpec {
  const text = (key: string): string | undefined => {
    const value = metadata?.[key];
    if (value === undefined || value === null) return undefined;
    if (value.includes('\u0000') || unsafeTextField({ [key]: value }) !== null)
      throw unsafeTextError(key);
    return value;
  };
  const purpose = text('purpose');
  if (!PURPOSES.includes(purpose as UploadPurpose))
    throw badRequest(messages.uploadPurposeInvalid, 'purpose');
  const fileName = text('filename')?.trim();
  if (!fileName) throw badRequest(messages.uploadFileNameRequired, 'filename');
  if (purpose === 'homework') {
    const fields = parseFormFields(homeworkFormSchema, {
      courseId: text('courseId'),
      assignmentId: text('assignmentId'),
      comment: text('comment'),
    });
    return {
      purpose,
      fileName,
      courseId: fields.courseId,
      assignmentId: fields.assignmentId ? fields.assignmentId : null,
      lessonId: null,
      comment: fields.comment,
    };
  }
  const lessonId = text('lessonId')?.trim();
  if (!lessonId || lessonId.length > 100)
    throw badRequest(
      later(() => messages.uploadFieldRequired('lessonId')),
      'lessonId',
    );
  return {
    purpose: purpose as UploadPurpose,
    fileName,
    courseId: null,
    assignmentId: null,
    lessonId,
    comment: null,
  };
}

function specOf(row: ResumableUploadRow): UploadSpec {
  return {
    purpose: row.purpose,
    fileName: row.file_name,
    courseId: row.course_id,
    assignmentId: row.assignment_id,
    lessonId: row.lesson_id,
    comment: row.comment,
  };
}

/**
 * Whether `user` may upload this now, and the rule its bytes must pass with the tighter of the
 * purpose's limit and what is left of the quota: the same questions, asked of the same services,
 * as the multipart routes ask before their file (403, 404, 409, 413).
 */
async function uploadRuleFor(
  db: Db,
  config: Config,
  user: User,
  spec: UploadSpec,
): Promise<UploadRule> {
  let rule: UploadRule;
  let limit: UploadLimit;
  if (spec.purpose === 'homework') {
    const courseId = spec.courseId ?? '';
    await assertEnrolled(db, user._id, courseId);
    if (spec.assignmentId !== null)
      await findSubmittableAssignment(db, courseId, spec.assignmentId);
    rule = homeworkUploadRule(config.homeworkMaxBytes);
    limit = await homeworkUploadLimit(db, config.quota, user._id, courseId);
  } else if (spec.purpose === 'attachment') {
    const authorId = await assertCanAttach(db, user, spec.lessonId ?? '');
    rule = attachmentUploadRule();
    limit = await lessonFileUploadLimit(db, config.authorQuota, authorId);
  } else {
    const lessonId = spec.lessonId ?? '';
    const { author_id: authorId } = await getAuthoredLesson(db, user, lessonId);
    rule = videoUploadRule(config.videoMaxBytes);
    // The lesson's current video is replaced, so it does not count against the new one.
    limit = await lessonFileUploadLimit(db, config.authorQuota, authorId, lessonId);
  }
  return limit.maxBytes < rule.maxBytes ? { ...rule, ...limit } : rule;
}

/** 400 for an empty file; 413 with the limit's message when `length` passes it. */
function assertLengthFits(rule: UploadRule, length: number): void {
  if (length <= 0) throw badRequest(messages.fileRequired, 'file');
  if (length > rule.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', rule.tooLargeMessage);
}

/**
 * Creation: checks who may upload, the limits and quotas against the declared length, and the
 * owner's number of unfinished uploads (409 past MAX_OPEN_UPLOADS); then records the upload.
 * Resolves to its expiry.
 */
export async function createUpload(
  db: Db,
  config: Config,
  user: User,
  id: string,
  spec: UploadSpec,
  length: number,
  now: number,
): Promise<ResumableUploadRow> {
  assertLengthFits(await uploadRuleFor(db, config, user, spec), length);
  const row: ResumableUploadRow = {
    id,
    user_id: user._id,
    purpose: spec.purpose,
    course_id: spec.courseId,
    assignment_id: spec.assignmentId,
    lesson_id: spec.lessonId,
    comment: spec.comment,
    file_name: spec.fileName,
    length,
    state: 'open',
    result_id: null,
    message: null,
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + UPLOAD_EXPIRY_MS).toISOString(),
    lock_holder: null,
    locked_until: null,
    lock_wanted: 0,
  };
  await db.transaction().execute(async (trx) => {
    if ((await insertUploadCounting(trx, row)) > MAX_OPEN_UPLOADS)
      throw new AppError(
        'CONFLICT',
        later(() => messages.uploadTooManyOpen(MAX_OPEN_UPLOADS)),
      );
  });
  return row;
}

/** A new upload's id: the last part of its URL, and (with a prefix) its key in the tus store. */
export function createUploadId(): string {
  return createStorageName();
}

/**
 * The caller's own upload; 404 for an unknown one and for anyone else's (an upload is no one
 * else's business, not even that it exists).
 */
export async function findOwnUpload(
  db: Db,
  userId: string,
  id: string,
): Promise<ResumableUploadRow> {
  const row = await findUpload(db, id);
  if (!row || row.user_id !== userId) throw new AppError('NOT_FOUND', messages.uploadNotFound);
  return row;
}

/** A terminated upload (tus DELETE, its bytes removed): its row goes too, and with it its place. */
export async function forgetUpload(db: Db, id: string): Promise<void> {
  await deleteUpload(db, id);
}

/** What finishing needs beyond the database: the stores, and the links and notices of the answer. */
export interface FinishDeps {
  db: Db;
  config: Config;
  storage: Storage;
  links: MediaLinks;
  announcing: <T>(work: (announcement: Announcement) => Promise<T>) => Promise<T>;
}

/**
 * The end of an upload whose bytes have all arrived: the rules are asked again (things changed
 * in a day: an enrolment, a quota), the bytes are streamed from `source` into storage, their type
 * taken from them, and they become what the purpose says. A refusal (any 4xx) is recorded with
 * its message, and nothing stays stored; resolves to the row as it ends. Another failure
 * (the store, the database) leaves the upload open, to be finished again.
 */
export async function finishUpload(
  deps: FinishDeps,
  user: User,
  row: ResumableUploadRow,
  source: () => Promise<Readable>,
): Promise<ResumableUploadRow> {
  const { db, config, storage } = deps;
  const spec = specOf(row);
  let resultId: string;
  try {
    const rule = await uploadRuleFor(db, config, user, spec);
    assertLengthFits(rule, Number(row.length));
    const stored = await storeUpload(storage, await source(), spec.fileName, rule);
    if (!stored) throw badRequest(messages.fileRequired, 'file');
    resultId = await withUploadCleanup(storage, stored, async () => {
      if (spec.purpose === 'homework') {
        const homework = await deps.announcing((announcement) =>
          submitHomework(
            db,
            config.quota,
            user,
            {
              courseId: spec.courseId ?? '',
              assignmentId: spec.assignmentId ?? undefined,
              comment: spec.comment ?? '',
            },
            stored,
            announcement,
          ),
        );
        return homework._id;
      }
      const lessonId = spec.lessonId ?? '';
      if (spec.purpose === 'attachment') {
        const attachment = await addAttachment(
          db,
          config.authorQuota,
          user,
          lessonId,
          stored,
          deps.links,
        );
        return attachment._id;
      }
      await setVideo(db, storage, config.authorQuota, user, lessonId, stored, deps.links);
      return lessonId;
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    // Kept as its uploader reads it: a message with values cannot be translated later.
    const message = inLanguage(user.language, error.text);
    await closeUpload(db, row.id, { state: 'refused', message });
    return { ...row, state: 'refused', message };
  }
  await closeUpload(db, row.id, { state: 'finished', resultId });
  return { ...row, state: 'finished', result_id: resultId };
}

/**
 * GET uploads/{id}/result for a closed upload: what it became, read now (its links fresh), or
 * 409 with the refusal's message. 404 when what it became is gone since.
 */
export async function uploadResult(
  db: Db,
  user: User,
  row: ResumableUploadRow,
  links: MediaLinks,
): Promise<UploadResult> {
  if (row.state === 'refused')
    throw new AppError('CONFLICT', row.message ?? messages.uploadNotFound);
  if (row.state !== 'finished' || row.result_id === null)
    throw new AppError('CONFLICT', messages.uploadUnfinished);
  const gone = () => new AppError('NOT_FOUND', messages.uploadNotFound);
  if (row.purpose === 'homework') {
    const homework = (await listOwnHomework(db, user._id, row.course_id ?? '')).find(
      (h) => h._id === row.result_id,
    );
    if (!homework) throw gone();
    return { homework };
  }
  const lesson = await readLesson(db, user, row.lesson_id ?? '', links);
  if (row.purpose === 'video') return { lesson };
  const attachment = lesson.attachments.find((a) => a._id === row.result_id);
  if (!attachment) throw gone();
  return { attachment };
}

/** The sweep: open uploads past their expiry at `now`, handed to `removeBytes`, then their rows. */
export async function sweepExpiredUploads(
  db: Db,
  now: number,
  removeBytes: (id: string) => Promise<void>,
): Promise<number> {
  let removed = 0;
  for (;;) {
    const expired = await findExpiredUploads(db, new Date(now).toISOString(), 100);
    for (const row of expired) {
      await removeBytes(row.id);
      await deleteUpload(db, row.id);
      removed += 1;
    }
    if (expired.length < 100) break;
  }
  await deleteClosedUploadsBefore(db, new Date(now - CLOSED_KEPT_MS).toISOString());
  return removed;
}
