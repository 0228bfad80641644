import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import yazl from 'yazl';
import type { Course, Homework } from '@urok/contract';
import type { AppInstance } from '../src/app.ts';
import type { Db } from '../src/db/database.ts';
import {
  approveApplication,
  submitApplication,
} from '../src/features/applications/applications.service.ts';
import { bearer, registerAccount, validApplication, type Account } from './helpers.ts';

/** A teacher the way production makes one: an approved application for the account's number. */
export async function registerTeacher(
  app: AppInstance,
  db: Db,
  overrides: Parameters<typeof registerAccount>[1] = {},
): Promise<Account> {
  const account = await registerAccount(app, overrides);
  const application = await submitApplication(
    db,
    validApplication({ telephone: account.telephone }),
    { autoApprove: false },
  );
  await approveApplication(db, application._id);
  return { ...account, user: { ...account.user, isAdmin: true } };
}

export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer; contentType?: string };

/** A multipart/form-data body with its parts in the order given (so tests can send the file first). */
export function multipart(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----urok${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

// ---------------------------------------------------------------- sample files

export const SAMPLE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
/** A 1×1 PNG. */
export const SAMPLE_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201a5d2a4c20000000049454e44ae426082',
  'hex',
);
export const SAMPLE_JPEG = fs.readFileSync(
  path.join(import.meta.dirname, '../src/db/demo-covers/python.jpg'),
);
export const SAMPLE_TXT = Buffer.from(
  'Домашнє завдання: відповіді на питання 1–3.\nTab\there.\r\n',
);
export const SAMPLE_RTF = Buffer.from(
  '{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Times;}} Homework \\par }',
);
/** The start of an OLE compound file, as a .doc begins. */
export const SAMPLE_CFB = Buffer.concat([
  Buffer.from('d0cf11e0a1b11ae1', 'hex'),
  Buffer.alloc(1024),
]);
async function makeZip(
  entries: [name: string, content: string, compress: boolean][],
): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content, compress] of entries)
    zip.addBuffer(Buffer.from(content), name, { compress });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
export const SAMPLE_ZIP = await makeZip([['answers/1.txt', 'Відповідь 1', true]]);
export const SAMPLE_DOCX = await makeZip([
  [
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    true,
  ],
  ['word/document.xml', '<w:document/>', true],
]);
export const SAMPLE_ODT = await makeZip([
  ['mimetype', 'application/vnd.oasis.opendocument.text', false],
  ['content.xml', '<office:document-content/>', true],
]);
export const ELF_BINARY = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
  randomBytes(2048),
]);
export const MZ_BINARY = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
  randomBytes(2048),
]);

// ---------------------------------------------------------------- API shortcuts

export const COURSE_FIELDS = {
  title: 'Історія України',
  description: 'Від Київської Русі до незалежності: події, постаті, джерела.',
  category: 'Історія',
  homeworkTask: 'Напишіть есе про Хмельниччину.',
};

export async function createCourse(
  app: AppInstance,
  teacher: Account,
  fields: Record<string, string> = {},
  cover?: { content: Buffer; filename?: string },
): Promise<Course> {
  const parts: FormPart[] = Object.entries({ ...COURSE_FIELDS, ...fields }).map(
    ([name, value]) => ({ name, value }),
  );
  if (cover)
    parts.push({
      name: 'cover',
      filename: cover.filename ?? 'cover.jpg',
      content: cover.content,
      contentType: 'image/jpeg',
    });
  const body = multipart(parts);
  const response = await app.inject({
    method: 'POST',
    url: '/api/courses',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(teacher.token) },
  });
  if (response.statusCode !== 201)
    throw new Error(`create course failed: ${response.statusCode} ${response.body}`);
  return response.json().course as Course;
}

export async function enroll(
  app: AppInstance,
  account: Account,
  courseId: string,
): Promise<Course> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/enroll`,
    headers: bearer(account.token),
  });
  if (response.statusCode !== 200)
    throw new Error(`enroll failed: ${response.statusCode} ${response.body}`);
  return response.json().course as Course;
}

export function uploadHomeworkRequest(
  account: Account | null,
  courseId: string,
  file: { content: Buffer; filename: string } = { content: SAMPLE_PDF, filename: 'homework.pdf' },
  options: { comment?: string; fileFirst?: boolean; assignmentId?: string } = {},
) {
  const fields: FormPart[] = [{ name: 'courseId', value: courseId }];
  if (options.assignmentId !== undefined)
    fields.push({ name: 'assignmentId', value: options.assignmentId });
  if (options.comment !== undefined) fields.push({ name: 'comment', value: options.comment });
  const filePart: FormPart = { name: 'file', filename: file.filename, content: file.content };
  const body = multipart(options.fileFirst ? [filePart, ...fields] : [...fields, filePart]);
  return {
    method: 'POST' as const,
    url: '/api/courses/upload-homework',
    payload: body.payload,
    headers: { ...body.headers, ...(account ? bearer(account.token) : {}) },
  };
}

export async function uploadHomework(
  app: AppInstance,
  account: Account,
  courseId: string,
  file?: { content: Buffer; filename: string },
  options?: { comment?: string; fileFirst?: boolean; assignmentId?: string },
): Promise<Homework> {
  const response = await app.inject(uploadHomeworkRequest(account, courseId, file, options));
  if (response.statusCode !== 201)
    throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json().homework as Homework;
}

/** Every key in a storage area (to check that nothing was left behind). */
/**
 * Sweeps every unfinished write the storage holds (a `.tmp/` file on disk,
 * a multipart upload on S3) and says how many there were: 0 after any
 * request, refused or not.
 */
export async function sweepUnfinishedWrites(app: AppInstance): Promise<number> {
  return app.storage.removeUnfinishedWrites(new Date(Date.now() + 60_000));
}

export async function listStored(
  app: AppInstance,
  area: 'homework' | 'covers' | 'lessons',
): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of app.storage.list(area)) keys.push(key);
  return keys.sort();
}
