import type { InjectOptions } from 'fastify';
import type { Lesson, Section } from '@urok/contract/schemas';
import type { AppInstance } from '../src/app.ts';
import { bearer, type Account } from './helpers.ts';
import { multipart } from './course-fixtures.ts';

/** A box of ISO BMFF: 32-bit size, four-character type, payload. */
function box(type: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}

/**
 * The start of an MP4 (an `ftyp` box of brand isom, then an `mdat` of
 * counting bytes), `size` bytes long: enough for the type check and for
 * range reads whose bytes can be predicted (byte i of the mdat payload is i % 251).
 */
export function sampleMp4(size = 8192): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2avc1mp41', 'latin1'));
  const payload = Buffer.alloc(size - ftyp.length - 8);
  for (let i = 0; i < payload.length; i += 1) payload[i] = i % 251;
  return Buffer.concat([ftyp, box('mdat', payload)]);
}

/** EBML element: id bytes, a one-byte size (values < 127 bytes), payload. */
function ebml(id: number[], payload: Buffer): Buffer {
  return Buffer.concat([Buffer.from(id), Buffer.from([0x80 | payload.length]), payload]);
}

/** The start of a WebM: the EBML header with DocType 'webm', then a Segment of unknown size. */
export function sampleWebm(size = 4096): Buffer {
  const header = ebml(
    [0x1a, 0x45, 0xdf, 0xa3],
    Buffer.concat([
      ebml([0x42, 0x86], Buffer.from([1])),
      ebml([0x42, 0xf7], Buffer.from([1])),
      ebml([0x42, 0xf2], Buffer.from([4])),
      ebml([0x42, 0xf3], Buffer.from([8])),
      ebml([0x42, 0x82], Buffer.from('webm')),
      ebml([0x42, 0x87], Buffer.from([4])),
      ebml([0x42, 0x85], Buffer.from([2])),
    ]),
  );
  const segment = Buffer.from([
    0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
  ]);
  const rest = Buffer.alloc(Math.max(0, size - header.length - segment.length), 0xec);
  return Buffer.concat([header, segment, rest]);
}

/** A QuickTime movie: an ISO BMFF file, but not MP4. */
export function sampleQuickTime(): Buffer {
  return Buffer.concat([
    box('ftyp', Buffer.from('qt  \0\0\x02\0qt  ', 'latin1')),
    box('mdat', Buffer.alloc(2048)),
  ]);
}

/** A document of one paragraph of `text`. */
export function paragraphDoc(text: string) {
  return { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] };
}

/** An image node showing an attachment. */
export function imageDoc(attachmentId: string, text = 'Схема') {
  return {
    type: 'doc',
    content: [
      { type: 'paragraph', content: [{ type: 'text', text }] },
      { type: 'image', attrs: { src: `attachment:${attachmentId}`, alt: text } },
    ],
  };
}

type Request = Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> };

async function call(app: AppInstance, account: Account, request: Request, status: number) {
  const response = await app.inject({
    ...request,
    headers: { ...request.headers, ...bearer(account.token) },
  } as InjectOptions);
  if (response.statusCode !== status)
    throw new Error(`${request.method} ${request.url}: ${response.statusCode} ${response.body}`);
  return response;
}

export async function getOutlineAs(app: AppInstance, account: Account, courseId: string) {
  return (
    await call(app, account, { method: 'GET', url: `/api/courses/${courseId}/outline` }, 200)
  ).json();
}

export async function addSection(
  app: AppInstance,
  author: Account,
  courseId: string,
  title: string,
): Promise<Section> {
  const response = await call(
    app,
    author,
    { method: 'POST', url: `/api/courses/${courseId}/sections`, payload: { title } },
    201,
  );
  return response.json().section as Section;
}

export async function addLesson(
  app: AppInstance,
  author: Account,
  courseId: string,
  fields: {
    sectionId: string;
    title?: string;
    body?: unknown;
    published?: boolean;
    videoUrl?: string;
  },
): Promise<Lesson> {
  const response = await call(
    app,
    author,
    {
      method: 'POST',
      url: `/api/courses/${courseId}/lessons`,
      payload: { title: 'Урок', body: paragraphDoc('Текст уроку.'), ...fields },
    },
    201,
  );
  return response.json().lesson as Lesson;
}

export function fileForm(content: Buffer, filename: string) {
  return multipart([{ name: 'file', filename, content }]);
}

export async function attachFile(
  app: AppInstance,
  author: Account,
  lessonId: string,
  content: Buffer,
  filename: string,
) {
  const form = fileForm(content, filename);
  const response = await call(
    app,
    author,
    {
      method: 'POST',
      url: `/api/lessons/${lessonId}/attachments`,
      payload: form.payload,
      headers: form.headers,
    },
    201,
  );
  return response.json().attachment as {
    _id: string;
    fileName: string;
    size: number;
    mimeType: string;
  };
}

export async function uploadVideo(
  app: AppInstance,
  author: Account,
  lessonId: string,
  content: Buffer,
  filename = 'lesson.mp4',
): Promise<Lesson> {
  const form = fileForm(content, filename);
  const response = await call(
    app,
    author,
    {
      method: 'PUT',
      url: `/api/lessons/${lessonId}/video`,
      payload: form.payload,
      headers: form.headers,
    },
    200,
  );
  return response.json().lesson as Lesson;
}
