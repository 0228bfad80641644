import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@urok/contract';
import { AppError } from '../app-error.ts';
import { StorageNotFoundError, type ByteRange, type Storage } from '../storage/storage.ts';
import { attachmentDisposition } from './file-names.ts';
import { inLanguage } from './language.ts';

/** What a Range header asks of a file of `size` bytes. */
export type RangeAsk =
  { kind: 'whole' } | { kind: 'part'; range: ByteRange } | { kind: 'unsatisfiable' };

/**
 * One byte range (RFC 9110 section 14): `bytes=a-b`, `bytes=a-` or the
 * suffix `bytes=-n`. Several ranges, another unit or a malformed header are
 * answered with the whole file, as the RFC allows; a well-formed range that
 * starts past the end (or an empty suffix) is unsatisfiable (416).
 */
export function parseRange(header: string | undefined, size: number): RangeAsk {
  if (header === undefined) return { kind: 'whole' };
  const match = /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/i.exec(header);
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  // Offsets past 2^53 are not exact numbers: treat them as past the end.
  const start = first === '' ? undefined : Number(first);
  const end = last === '' ? undefined : Number(last);
  if (start === undefined) {
    if (end === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', range: { start: Math.max(0, size - end!), end: size - 1 } };
  }
  if (end !== undefined && end < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', range: { start, end: Math.min(end ?? size - 1, size - 1) } };
}

export interface ServedFile {
  key: string;
  size: number;
  fileName: string;
  mimeType: string;
}

/**
 * Sends a stored file, streamed, whole (200) or one range of it (206), with
 * `Accept-Ranges: bytes`, so a `<video>` can seek; an unsatisfiable range is
 * 416 with `Content-Range: bytes *\/size`. A Range sent with If-Range is
 * ignored (we give no validator to compare). `inline` is for media a page
 * plays; everything else is an attachment, downloaded under its own name.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  file: ServedFile,
  options: { inline?: boolean; notFound: string },
): Promise<FastifyReply> {
  const ask =
    request.headers['if-range'] === undefined
      ? parseRange(request.headers.range, file.size)
      : ({ kind: 'whole' } as const);
  if (ask.kind === 'unsatisfiable') {
    return reply
      .code(416)
      .headers({ 'Content-Range': `bytes */${file.size}`, 'Accept-Ranges': 'bytes' })
      .send({
        message: inLanguage(request.language, messages.rangeNotSatisfiable),
        code: 'RANGE_NOT_SATISFIABLE',
      });
  }
  const range = ask.kind === 'part' ? ask.range : undefined;
  let stream;
  try {
    ({ stream } = await storage.read(file.key, range));
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw new AppError('NOT_FOUND', options.notFound);
    throw error;
  }
  const disposition = attachmentDisposition(file.fileName);
  reply.headers({
    // Text was accepted only as UTF-8, so say so.
    'Content-Type': file.mimeType === 'text/plain' ? 'text/plain; charset=utf-8' : file.mimeType,
    'Accept-Ranges': 'bytes',
    'Content-Disposition': options.inline
      ? disposition.replace(/^attachment/, 'inline')
      : disposition,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  });
  if (range) {
    return reply
      .code(206)
      .headers({
        'Content-Range': `bytes ${range.start}-${range.end}/${file.size}`,
        'Content-Length': String(range.end - range.start + 1),
      })
      .send(stream);
  }
  return reply.header('Content-Length', String(file.size)).send(stream);
}
