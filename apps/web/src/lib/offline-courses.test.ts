import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, LEARNING_API } from '@urok/contract';
import {
  forgetSavedCourses,
  onSavedCoursesChange,
  planCourse,
  removeSavedCourse,
  saveCourse,
  savedAnswer,
  savedCourse,
  savedCourses,
  DownloadFailed,
  type CoursePaths,
  type Downloader,
  type JsonGetter,
} from './offline-courses';

/** The Cache Storage of a browser, in memory (jsdom has none): bytes and content type by address. */
class MemoryCache {
  readonly entries = new Map<string, { bytes: ArrayBuffer; type: string }>();
  async put(address: string, response: Response) {
    this.entries.set(address, {
      bytes: await response.arrayBuffer(),
      type: response.headers.get('Content-Type') ?? '',
    });
  }
  match(address: string) {
    const entry = this.entries.get(address);
    return Promise.resolve(
      entry ? new Response(entry.bytes, { headers: { 'Content-Type': entry.type } }) : undefined,
    );
  }
  keys() {
    return Promise.resolve([...this.entries.keys()].map((url) => ({ url })));
  }
  delete(request: { url: string } | string) {
    return Promise.resolve(
      this.entries.delete(typeof request === 'string' ? request : request.url),
    );
  }
}

const cacheStorage = new Map<string, MemoryCache>();
const objectUrls = new Map<string, Blob>();

beforeEach(() => {
  vi.stubGlobal('caches', {
    open: (name: string) => {
      if (!cacheStorage.has(name)) cacheStorage.set(name, new MemoryCache());
      return Promise.resolve(cacheStorage.get(name)!);
    },
    delete: (name: string) => Promise.resolve(cacheStorage.delete(name)),
  });
  let next = 0;
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:saved/${++next}`;
    objectUrls.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void objectUrls.delete(url);
});

afterEach(async () => {
  for (const account of ['u1', 'u2']) await forgetSavedCourses(account);
  cacheStorage.clear();
  vi.unstubAllGlobals();
});

const lesson = (id: string, extra: Record<string, unknown> = {}) => ({
  lesson: {
    _id: id,
    courseId: 'c1',
    sectionId: 's1',
    title: `Урок ${id}`,
    body: { type: 'doc', content: [] },
    videoUrl: null,
    video: null,
    attachments: [],
    published: true,
    position: 0,
    completed: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  },
});

const paths: CoursePaths = {
  course: API.course,
  outline: LEARNING_API.outline,
  progress: LEARNING_API.progress,
  userCourses: API.userCourses,
  ownHomework: API.ownHomework,
  lesson: LEARNING_API.lesson,
};

const signed = (path: string) => `/api/${path}?u=u1&exp=1&sig=x`;

/** The server of one course: two published lessons (an image and a video), a draft. */
const answers: Record<string, unknown> = {
  'courses/c1': { course: { _id: 'c1', title: 'Астрономія' } },
  'courses/c1/outline': {
    sections: [
      {
        _id: 's1',
        title: 'Перший',
        position: 0,
        items: [
          { kind: 'lesson', _id: 'l1', title: 'Урок l1', published: true },
          { kind: 'lesson', _id: 'l2', title: 'Урок l2', published: true },
          { kind: 'lesson', _id: 'l3', title: 'Чернетка', published: false },
          { kind: 'assignment', _id: 'a1', title: 'Завдання', published: true },
        ],
      },
    ],
  },
  'courses/c1/progress': { completed: 0, total: 2 },
  'user/u1/courses': { courses: [{ _id: 'c1', title: 'Астрономія' }] },
  'lessons/l1': lesson('l1', {
    attachments: [
      {
        _id: 'f1',
        fileName: 'moon.png',
        size: 4,
        mimeType: 'image/png',
        url: signed('attachments/f1/file'),
      },
      {
        _id: 'f2',
        fileName: 'notes.pdf',
        size: 6,
        mimeType: 'application/pdf',
        url: signed('attachments/f2/file'),
      },
    ],
  }),
  'lessons/l2': lesson('l2', {
    video: {
      fileName: 'sky.mp4',
      size: 10,
      mimeType: 'video/mp4',
      url: signed('lessons/l2/video'),
    },
  }),
};
const get: JsonGetter = (url) =>
  url in answers ? Promise.resolve(answers[url]) : Promise.reject(new Error(`404 ${url}`));

const files: Record<string, string> = {
  [signed('attachments/f1/file')]: 'PNG!',
  [signed('attachments/f2/file')]: 'PDF!!!',
  [signed('lessons/l2/video')]: 'MP4MP4MP4!',
};
const downloaded: string[] = [];
const download: Downloader = (url) => {
  downloaded.push(url);
  return Promise.resolve(
    url in files ? new Response(files[url]) : new Response('nope', { status: 404 }),
  );
};

async function text(url: string) {
  return objectUrls.get(url)!.text();
}

describe('courses saved for offline', () => {
  it('measures the course before saving: the answers and attachments, the videos apart', async () => {
    const plan = await planCourse(get, 'u1', 'c1', paths);
    expect(plan.title).toBe('Астрономія');
    expect(plan.lessons).toBe(2);
    expect(plan.answers.map((answer) => answer.key)).toEqual([
      'courses/c1',
      'courses/c1/outline',
      'courses/c1/progress',
      'user/u1/courses',
      'lessons/l1',
      'lessons/l2',
    ]);
    expect(plan.files.map((file) => file.key)).toEqual(['attachment:f1', 'attachment:f2']);
    expect(plan.videos).toEqual([{ key: 'video:l2', url: signed('lessons/l2/video'), size: 10 }]);
    expect(plan.videoSize).toBe(10);
    const json = plan.answers.reduce(
      (sum, answer) => sum + new TextEncoder().encode(JSON.stringify(answer.data)).length,
      0,
    );
    expect(plan.size).toBe(json + 10);
  });

  it('keeps the answers and files per account, and a saved lesson opens with its files, not the expired links', async () => {
    const plan = await planCourse(get, 'u1', 'c1', paths);
    const progress: number[] = [];
    const saved = await saveCourse('u1', plan, {
      withVideo: false,
      download,
      onProgress: (done, total) => progress.push(Math.round((done / total) * 100)),
    });
    expect(saved).toMatchObject({
      courseId: 'c1',
      title: 'Астрономія',
      size: plan.size,
      withVideo: false,
    });
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    // The video was not asked for.
    expect(downloaded).not.toContain(signed('lessons/l2/video'));

    expect(await savedAnswer('u1', 'courses/c1/outline')).toEqual(answers['courses/c1/outline']);
    const l1 = (await savedAnswer('u1', 'lessons/l1')) as ReturnType<typeof lesson>;
    const [image, pdf] = l1.lesson.attachments as { url: string; fileName: string }[];
    expect(image!.url).toMatch(/^blob:/);
    expect(await text(image!.url)).toBe('PNG!');
    expect(await text(pdf!.url)).toBe('PDF!!!');
    // Read again: the same blob: address.
    const again = (await savedAnswer('u1', 'lessons/l1')) as ReturnType<typeof lesson>;
    expect((again.lesson.attachments as unknown as { url: string }[])[0]!.url).toBe(image!.url);
    // The video was left out: the saved lesson shows none.
    const l2 = (await savedAnswer('u1', 'lessons/l2')) as ReturnType<typeof lesson>;
    expect(l2.lesson.video).toBeNull();
    // Nothing else, and nothing for another account.
    expect(await savedAnswer('u1', 'courses/c2/outline')).toBeUndefined();
    expect(await savedAnswer('u2', 'lessons/l1')).toBeUndefined();
    expect(await savedCourses('u2')).toEqual([]);
    expect(await savedCourses('u1')).toEqual([saved]);
  });

  it('keeps the video when asked, and saving again without it removes its bytes', async () => {
    const plan = await planCourse(get, 'u1', 'c1', paths);
    const saved = await saveCourse('u1', plan, { withVideo: true, download });
    expect(saved).toMatchObject({ withVideo: true, size: plan.size + 10 });
    const l2 = (await savedAnswer('u1', 'lessons/l2')) as ReturnType<typeof lesson>;
    const video = l2.lesson.video as { url: string } | null;
    expect(await text(video!.url)).toBe('MP4MP4MP4!');
    expect([...cacheStorage.get('urok-saved-files:u1')!.entries.keys()]).toHaveLength(3);

    await saveCourse('u1', plan, { withVideo: false, download });
    expect([...cacheStorage.get('urok-saved-files:u1')!.entries.keys()]).toHaveLength(2);
    expect(
      ((await savedAnswer('u1', 'lessons/l2')) as ReturnType<typeof lesson>).lesson.video,
    ).toBeNull();
  });

  it('a failed download keeps nothing of a first save', async () => {
    const plan = await planCourse(get, 'u1', 'c1', paths);
    const broken: Downloader = (url) =>
      url.includes('f2') ? Promise.reject(new TypeError('Failed to fetch')) : download(url);
    await expect(saveCourse('u1', plan, { withVideo: false, download: broken })).rejects.toEqual(
      new DownloadFailed(0),
    );
    expect(await savedCourse('u1', 'c1')).toBeNull();
    expect(await savedAnswer('u1', 'lessons/l1')).toBeUndefined();
    expect([...(cacheStorage.get('urok-saved-files:u1')?.entries.keys() ?? [])]).toEqual([]);
  });

  it('removes one course, and signing out removes every copy of the account and no other', async () => {
    const changes = vi.fn();
    const unsubscribe = onSavedCoursesChange(changes);
    const plan = await planCourse(get, 'u1', 'c1', paths);
    await saveCourse('u1', plan, { withVideo: false, download });
    await saveCourse(
      'u2',
      { ...plan, answers: plan.answers.slice(0, 2) },
      { withVideo: false, download },
    );
    expect(changes).toHaveBeenCalledTimes(2);

    await removeSavedCourse('u1', 'c1');
    expect(await savedCourses('u1')).toEqual([]);
    expect(await savedAnswer('u1', 'courses/c1')).toBeUndefined();
    expect([...cacheStorage.get('urok-saved-files:u1')!.entries.keys()]).toEqual([]);
    await saveCourse('u1', plan, { withVideo: false, download });

    await forgetSavedCourses('u1');
    expect(await savedCourses('u1')).toEqual([]);
    expect(await savedAnswer('u1', 'lessons/l1')).toBeUndefined();
    expect(cacheStorage.has('urok-saved-files:u1')).toBe(false);
    // The other account's copy stays, for that account only.
    expect(await savedCourses('u2')).toHaveLength(1);
    expect(await savedAnswer('u2', 'courses/c1/outline')).toEqual(answers['courses/c1/outline']);
    unsubscribe();
  });
});
