import { unsafeTextError, unsafeTextField } from '../plugins/input-guard.ts';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { messages } from '@urok/contract';
import { AppError } from '../app-error.ts';
import { later, type Text } from './language.ts';
import { StorageFailure, type Storage, type StorageArea } from '../storage/storage.ts';
import { fileNameForType, sanitizeFileName } from './file-names.ts';
import { SNIFF_BYTES, type DetectedType } from './file-types.ts';
import { createStorageName } from './ids.ts';

/** What an upload may be, and what to answer when it is not. */
export interface UploadRule {
  area: StorageArea;
  maxBytes: number;
  detect(head: Buffer, fileName: string): Promise<DetectedType | null>;
  /** Covers keep the extension in their key: the serving route takes the type from it. */
  keyWithExtension: boolean;
  tooLargeMessage: Text;
  unsupportedMessage: Text;
}

/** A tighter limit for one upload (what is left of a quota), and what to answer when it is passed. */
export interface UploadLimit {
  maxBytes: number;
  tooLargeMessage: Text;
}

/**
 * The 413 of a quota (homework's, an author's lesson files): its message names
 * the quota, a message with values, so it is worded when it is sent (lib/language.ts).
 */
export function quotaExceeded(word: () => string): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', later(word));
}

/** A file that is in storage now (its row, if any, comes next). */
export interface StoredUpload {
  key: string;
  /** The client's name, sanitised (never a path), with the detected type's extension (lib/file-names.ts). */
  fileName: string;
  size: number;
  mimeType: string;
}

/** Reads chunks from `iterator` until `bytes` are in hand or the stream ends. */
async function readHead(
  iterator: AsyncIterator<Buffer>,
  bytes: number,
): Promise<{ head: Buffer; done: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) return { head: Buffer.concat(chunks), done: true };
    chunks.push(next.value);
    length += next.value.length;
  }
  return { head: Buffer.concat(chunks), done: false };
}

/**
 * Streams one uploaded file into storage (null for an empty one): the first
 * bytes are read to decide the type (415 before anything is written), then
 * the head and the rest go to storage while the size is counted (413 as soon
 * as the limit is passed; the storage drops the partial object). Never holds
 * more than the first chunks of the file in memory.
 */
export async function storeUpload(
  storage: Storage,
  source: Readable,
  clientName: string | undefined,
  rule: UploadRule,
): Promise<StoredUpload | null> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const fileName = sanitizeFileName(clientName);
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', rule.tooLargeMessage);
  let head: Buffer;
  let done: boolean;
  let type: DetectedType | null;
  try {
    ({ head, done } = await readHead(iterator, SNIFF_BYTES));
    // An empty part is what a form sends for a file input left empty.
    if (head.length === 0) return null;
    if (head.length > rule.maxBytes) throw tooLarge();
    type = await rule.detect(head, fileName);
    if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', rule.unsupportedMessage);
  } catch (error) {
    // Refused from its first bytes: the rest is not read.
    await iterator.return?.();
    throw error;
  }

  async function* headThenRest(): AsyncGenerator<Buffer> {
    let size = head.length;
    yield head;
    if (done) return;
    try {
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        size += next.value.length;
        if (size > rule.maxBytes) throw tooLarge();
        yield next.value;
      }
    } finally {
      // Stops the multipart stream when the copy ends early (too large, or a storage failure).
      await iterator.return?.();
    }
  }

  const key = `${rule.area}/${createStorageName()}${rule.keyWithExtension ? `.${type.ext}` : ''}`;
  const { size } = await storage.write(key, Readable.from(headThenRest(), { objectMode: false }));
  return { key, fileName: fileNameForType(fileName, type.mime), size, mimeType: type.mime };
}

export interface MultipartFormOptions<F extends string> {
  /** The text fields read; others are ignored. The first value of a repeated field counts. */
  fields: readonly F[];
  /** The one file part accepted, by its field name; without `optional`, a form without it is a 400. */
  file: { field: string; rule: UploadRule; optional?: boolean };
  /**
   * Runs when the file part arrives, with the fields sent before it: a
   * refusal here (not enrolled, not the author, no quota left) stores
   * nothing. It may return a limit for this upload: when lower than the
   * rule's, the file is refused with its message as soon as it passes it
   * while streaming (the rule's own limit keeps the rule's message). When
   * the file comes first, the caller checks again after the form is read.
   */
  beforeFile?: (fieldsSoFar: Partial<Record<F, string>>) => Promise<UploadLimit | void>;
}

export interface MultipartForm<F extends string> {
  fields: Partial<Record<F, string>>;
  file: StoredUpload | null;
}

/** A failure of the multipart body itself (cut off, malformed) is the client's: 400. */
function asClientError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  // The object store's failures stay server errors too.
  if (error instanceof StorageFailure) return error;
  if (typeof error === 'object' && error !== null) {
    const { statusCode, syscall } = error as { statusCode?: unknown; syscall?: unknown };
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return error;
    // Disk and network failures of the storage stay server errors.
    if (typeof syscall === 'string') return error;
  }
  return new AppError('BAD_REQUEST', messages.badRequest);
}

/**
 * Reads a multipart form whose parts may come in any order, streaming its
 * file into storage as it arrives. On any failure the stored file is
 * removed before the error is rethrown.
 */
export async function readMultipartForm<F extends string>(
  request: FastifyRequest,
  storage: Storage,
  options: MultipartFormOptions<F>,
): Promise<MultipartForm<F>> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.unsupportedMediaType);
  const fields: Partial<Record<F, string>> = Object.create(null);
  const accepted = new Set<string>(options.fields);
  let stored: StoredUpload | null = null;
  let sawFile = false;
  try {
    const parts = request.parts({ limits: { fileSize: options.file.rule.maxBytes + 1 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        const name = part.fieldname as F;
        const value = String(part.value);
        // PostgreSQL cannot store U+0000 in text, and no form field needs it (plugins/input-guard.ts).
        if (value.includes('\u0000'))
          throw new AppError('BAD_REQUEST', messages.badRequest, {
            [part.fieldname]: messages.badRequest,
          });
        // The rule of every stored text (plugins/input-guard.ts), for form fields.
        if (unsafeTextField({ [part.fieldname]: value }) !== null)
          throw unsafeTextError(part.fieldname);
        if (accepted.has(name) && fields[name] === undefined) fields[name] = value;
        continue;
      }
      if (part.fieldname !== options.file.field || sawFile) {
        throw new AppError('BAD_REQUEST', messages.badRequest, {
          [part.fieldname]: messages.badRequest,
        });
      }
      sawFile = true;
      const limit = await options.beforeFile?.({ ...fields });
      const rule =
        limit && limit.maxBytes < options.file.rule.maxBytes
          ? { ...options.file.rule, ...limit }
          : options.file.rule;
      stored = await storeUpload(storage, part.file, part.filename, rule);
    }
    if (!stored && !options.file.optional) {
      throw new AppError('BAD_REQUEST', messages.fileRequired, {
        [options.file.field]: messages.fileRequired,
      });
    }
  } catch (error) {
    if (stored) await storage.remove(stored.key).catch(() => {});
    throw asClientError(error);
  }
  return { fields: { ...fields }, file: stored };
}

/** Validates the text fields of a form with a contract schema: 400 with `fields` naming each one at fault. */
export function parseFormFields<S extends z.ZodType>(
  schema: S,
  fields: Record<string, string | undefined>,
): z.output<S> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const byField: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field) byField[field] ??= issue.message;
  }
  const first = Object.values(byField)[0] ?? messages.badRequest;
  throw new AppError('BAD_REQUEST', first, Object.keys(byField).length > 0 ? byField : undefined);
}

/** Runs `work`; if it fails, the file stored for it is removed, so no file outlives a failed request. */
export async function withUploadCleanup<T>(
  storage: Storage,
  upload: StoredUpload | null,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (upload) await storage.remove(upload.key).catch(() => {});
    throw error;
  }
}
