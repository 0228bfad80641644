import { describe, expect, it } from 'vitest';
import { signInMessages } from '@urok/contract';
import {
  UPLOAD_STORAGE_PREFIX,
  UPLOAD_WAIT_DELAYS,
  createUrlStorage,
  isWaitable,
  newestPreviousUpload,
  percentOf,
  refusalOf,
  shouldRetryRequest,
  uploadFingerprint,
  uploadIdOf,
  uploadMetadata,
  waitDelay,
} from './resumable-upload';

const file = { name: 'Есе.pdf', size: 12_000_000, type: 'application/pdf', lastModified: 1_700 };

describe('the resumable upload', () => {
  it('sends the purpose, its fields and the file name as metadata, leaving out absent fields', () => {
    expect(
      uploadMetadata({ purpose: 'homework', courseId: 'c1', comment: 'Перша спроба' }, 'Есе.pdf'),
    ).toEqual({
      filename: 'Есе.pdf',
      purpose: 'homework',
      courseId: 'c1',
      comment: 'Перша спроба',
    });
    expect(uploadMetadata({ purpose: 'video', lessonId: 'l1' }, 'урок.mp4')).toEqual({
      filename: 'урок.mp4',
      purpose: 'video',
      lessonId: 'l1',
    });
  });

  it('resumes the same file sent for the same purpose and fields, and nothing else', () => {
    const homework = { purpose: 'homework', courseId: 'c1', assignmentId: 'a1' } as const;
    const same = uploadFingerprint({ ...file }, { ...homework });
    expect(uploadFingerprint(file, homework)).toBe(same);
    // The order the fields were given in does not matter.
    expect(
      uploadFingerprint(file, { assignmentId: 'a1', courseId: 'c1', purpose: 'homework' }),
    ).toBe(same);
    for (const other of [
      uploadFingerprint(file, { ...homework, assignmentId: 'a2' }),
      uploadFingerprint(file, { ...homework, comment: 'інший коментар' }),
      uploadFingerprint({ ...file, lastModified: 1_701 }, homework),
      uploadFingerprint({ ...file, size: 12_000_001 }, homework),
      uploadFingerprint({ ...file, name: 'Есе (2).pdf' }, homework),
      uploadFingerprint(file, { purpose: 'attachment', lessonId: 'c1' }),
    ])
      expect(other).not.toBe(same);
    // Neither the comment nor the file's name is kept in the clear in the storage key.
    expect(uploadFingerprint(file, { ...homework, comment: 'таємниця' })).not.toContain('таємниця');
    expect(same).not.toContain('Есе');
  });

  it('continues from the newest upload kept for a fingerprint', () => {
    const kept = (creationTime: string, uploadUrl: string | null) => ({
      size: 1,
      metadata: {},
      creationTime,
      urlStorageKey: `k-${creationTime}`,
      uploadUrl,
      parallelUploadUrls: null,
    });
    expect(newestPreviousUpload([])).toBeUndefined();
    expect(
      newestPreviousUpload([
        kept('Thu Nov 26 2026 04:00:00 GMT+0000', '/api/uploads/old'),
        kept('Thu Nov 26 2026 05:00:00 GMT+0000', '/api/uploads/new'),
        kept('Thu Nov 26 2026 06:00:00 GMT+0000', null),
      ])?.uploadUrl,
    ).toBe('/api/uploads/new');
  });

  it('reads the upload id from its URL', () => {
    expect(uploadIdOf('http://127.0.0.1:4473/api/uploads/AbC_123-xyz0123456')).toBe(
      'AbC_123-xyz0123456',
    );
    expect(uploadIdOf('/api/uploads/abcdefabcdefabcd')).toBe('abcdefabcdefabcd');
  });

  it('tries a request again only when the server may answer differently later', () => {
    // No answer: at once while online; offline, it waits for the network instead.
    expect(shouldRetryRequest('PATCH', undefined, true)).toBe(true);
    expect(shouldRetryRequest('PATCH', 0, false)).toBe(false);
    for (const status of [500, 502, 503, 423, 429])
      expect(shouldRetryRequest('PATCH', status, true)).toBe(true);
    // A PATCH at the wrong offset asks the offset again; a creation's 409 is a refusal.
    expect(shouldRetryRequest('PATCH', 409, true)).toBe(true);
    expect(shouldRetryRequest('POST', 409, true)).toBe(false);
    for (const status of [400, 401, 403, 404, 410, 413, 415])
      expect(shouldRetryRequest('POST', status, true)).toBe(false);
  });

  it('waits out a lost network or an unavailable server, and ends on a refusal', () => {
    expect(isWaitable(undefined)).toBe(true);
    expect(isWaitable(0)).toBe(true);
    expect(isWaitable(503)).toBe(true);
    expect(isWaitable(429)).toBe(true);
    for (const status of [400, 403, 404, 409, 410, 413]) expect(isWaitable(status)).toBe(false);
  });

  it('waits longer after each failure in a row, up to the last delay', () => {
    expect(waitDelay(0)).toBe(UPLOAD_WAIT_DELAYS[0]);
    expect(waitDelay(1)).toBeGreaterThan(waitDelay(0));
    expect(waitDelay(50)).toBe(UPLOAD_WAIT_DELAYS.at(-1));
  });

  it("shows the server's message of a refusal, else the fallback", () => {
    expect(refusalOf(413, JSON.stringify({ message: 'Файл завеликий.' }), 'Не вдалося.')).toEqual({
      message: 'Файл завеликий.',
      status: 413,
    });
    expect(refusalOf(400, '<html>Bad gateway</html>', 'Не вдалося.')).toEqual({
      message: 'Не вдалося.',
      status: 400,
    });
    expect(refusalOf(404, '', 'Не вдалося.')).toEqual({ message: 'Не вдалося.', status: 404 });
    expect(refusalOf(undefined, undefined, 'Не вдалося.').message).toBe(signInMessages.networkLost);
  });

  it('counts the percent sent down to a whole number, never past 100', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(4_194_304, 12_000_000)).toBe(34);
    expect(percentOf(12_000_000, 12_000_000)).toBe(100);
    expect(percentOf(13, 12)).toBe(100);
  });

  it('keeps upload URLs in the device storage by fingerprint, and forgets them', async () => {
    const storage = createUrlStorage(window.localStorage);
    window.localStorage.setItem('token', 'not an upload');
    window.localStorage.setItem(`${UPLOAD_STORAGE_PREFIX}broken::1`, '{not json');
    const entry = {
      size: 10,
      metadata: { filename: 'a.pdf' },
      creationTime: new Date().toString(),
      uploadUrl: 'http://localhost:3000/api/uploads/abcdefabcdefabcd',
      parallelUploadUrls: null,
    };
    const key = await storage.addUpload('urok/homework/x', { ...entry, urlStorageKey: '' });
    expect(key.startsWith(`${UPLOAD_STORAGE_PREFIX}urok/homework/x::`)).toBe(true);
    expect(await storage.findUploadsByFingerprint('urok/homework/x')).toEqual([
      { ...entry, urlStorageKey: key },
    ]);
    expect(await storage.findUploadsByFingerprint('urok/homework/y')).toEqual([]);
    expect(await storage.findAllUploads()).toHaveLength(1);
    await storage.removeUpload(key);
    expect(await storage.findUploadsByFingerprint('urok/homework/x')).toEqual([]);
    expect(window.localStorage.getItem('token')).toBe('not an upload');
  });

  it('works without device storage (the upload then resumes within the page only)', async () => {
    const storage = createUrlStorage(null);
    const key = await storage.addUpload('f', {
      size: 1,
      metadata: {},
      creationTime: '',
      urlStorageKey: '',
      uploadUrl: 'u',
      parallelUploadUrls: null,
    });
    expect(key).toContain('f::');
    expect(await storage.findAllUploads()).toEqual([]);
  });
});
