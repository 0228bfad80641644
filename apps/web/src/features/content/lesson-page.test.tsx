import 'fake-indexeddb/auto';
import { useMemo } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, Route, Routes } from 'react-router';
import { LEARNING_API, messages } from '@urok/contract';
import type { Lesson, Outline } from '@urok/contract/schemas';
import { createTestServices, makeUser, type FakeReply } from '../../test/fake-api';
import type { HttpClient } from '../../lib/http';
import { forgetActions, httpSender, pendingActions } from '../../lib/offline-queue';
import { useOfflineQueue } from '../../lib/offline-replay';
import type { SignedInContext } from '../../lib/signed-in-user';
import { renderWithStore } from '../../test/render';
import { AuthorProgress } from './author-progress';
import { CourseOutline } from './course-outline';
import { LessonPage } from './lesson-page';

const outline: Outline = {
  courseId: 'c1',
  sections: [
    {
      _id: 's1',
      title: 'Вступ',
      position: 0,
      items: [
        {
          kind: 'lesson',
          _id: 'l1',
          title: 'Перший',
          published: true,
          dueAt: null,
          maxPoints: null,
          completed: true,
        },
        {
          kind: 'lesson',
          _id: 'l2',
          title: 'Другий',
          published: true,
          dueAt: null,
          maxPoints: null,
          completed: false,
        },
        {
          kind: 'lesson',
          _id: 'l3',
          title: 'Третій',
          published: true,
          dueAt: null,
          maxPoints: null,
          completed: false,
        },
      ],
    },
  ],
} as Outline;

function makeLesson(overrides: Partial<Lesson> = {}): Lesson {
  return {
    _id: 'l2',
    courseId: 'c1',
    sectionId: 's1',
    title: 'Другий',
    body: {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Змінні' }] },
        { type: 'image', attrs: { src: 'attachment:a1', alt: 'Схема' } },
      ],
    },
    videoUrl: null,
    video: {
      fileName: 'урок.mp4',
      size: 8192,
      mimeType: 'video/mp4',
      url: '/api/lessons/l2/video?u=s&exp=1&sig=v',
    },
    attachments: [
      {
        _id: 'a1',
        fileName: 'Конспект.pdf',
        size: 2048,
        mimeType: 'application/pdf',
        url: '/api/attachments/a1/file?u=s&exp=1&sig=a',
      },
    ],
    published: true,
    position: 1,
    completed: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  } as Lesson;
}

async function showLesson(
  routes: Record<string, FakeReply | (() => FakeReply)>,
  viewer: 'student' | 'teacher' = 'student',
) {
  const api = createTestServices(routes);
  const view = await renderWithStore(
    <Routes>
      <Route
        path="/mycourse-details/:id/lessons/:lessonId"
        element={<LessonPage viewer={viewer} />}
      />
    </Routes>,
    { services: api.services, path: '/mycourse-details/c1/lessons/l2' },
  );
  return { ...api, ...view };
}

/** The signed-in layout's part the lesson page uses: the account's offline queue (real, in IndexedDB). */
function QueueLayout({ http }: { http: HttpClient }) {
  const send = useMemo(() => httpSender(http), [http]);
  const user = useMemo(() => makeUser({ _id: 'student-1' }), []);
  const { offline, refusals } = useOfflineQueue(user._id, send);
  const context: SignedInContext = { user, offline };
  return (
    <>
      {refusals.map((refusal) => (
        <p role="alert" key={refusal.action.id}>
          {messages.queuedActionRefused(refusal.action.label, refusal.message)}
        </p>
      ))}
      <Outlet context={context} />
    </>
  );
}

async function showLessonWithQueue(routes: Record<string, FakeReply | (() => FakeReply)>) {
  const api = createTestServices(routes);
  const view = await renderWithStore(
    <Routes>
      <Route element={<QueueLayout http={api.services.http} />}>
        <Route
          path="/mycourse-details/:id/lessons/:lessonId"
          element={<LessonPage viewer="student" />}
        />
      </Route>
    </Routes>,
    { services: api.services, path: '/mycourse-details/c1/lessons/l2' },
  );
  return { ...api, ...view };
}

afterEach(async () => {
  await forgetActions('student-1');
});

describe('the lesson page', () => {
  it('shows the video, the text with its image, the files, and previous/next in outline order', async () => {
    const { container } = await showLesson({
      [`GET ${LEARNING_API.lesson('l2')}`]: { status: 200, body: { lesson: makeLesson() } },
      [`GET ${LEARNING_API.outline('c1')}`]: { status: 200, body: outline },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Другий' })).toBeTruthy();
    expect(container.querySelector('video')?.getAttribute('src')).toBe(
      '/api/lessons/l2/video?u=s&exp=1&sig=v',
    );
    expect(screen.getByRole('img', { name: 'Схема' }).getAttribute('src')).toContain(
      '/api/attachments/a1/file',
    );
    expect(
      screen
        .getByRole('link', { name: messages.lessonDownload('Конспект.pdf') })
        .getAttribute('href'),
    ).toContain('sig=a');
    expect(
      (await screen.findByRole('link', { name: /Попередній урок: Перший/ })).getAttribute('href'),
    ).toBe('/mycourse-details/c1/lessons/l1');
    expect(screen.getByRole('link', { name: /Наступний урок: Третій/ }).getAttribute('href')).toBe(
      '/mycourse-details/c1/lessons/l3',
    );
  });

  it('marks the lesson done and back, and says so when saving fails', async () => {
    let fail = false;
    const { calls } = await showLesson({
      [`GET ${LEARNING_API.lesson('l2')}`]: { status: 200, body: { lesson: makeLesson() } },
      [`GET ${LEARNING_API.outline('c1')}`]: { status: 200, body: outline },
      [`PUT ${LEARNING_API.lessonCompletion('l2')}`]: () =>
        fail ? { status: 500 } : { status: 204 },
      [`DELETE ${LEARNING_API.lessonCompletion('l2')}`]: { status: 204 },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: messages.lessonMarkDone }));
    expect(await screen.findByText(`✓ ${messages.lessonDone}`)).toBeTruthy();
    expect(
      calls.some(
        (call) => call.method === 'PUT' && call.url === LEARNING_API.lessonCompletion('l2'),
      ),
    ).toBe(true);
    // The outline (previous/next, the ticks) asks again after the change.
    await waitFor(() =>
      expect(
        calls.filter((call) => call.method === 'GET' && call.url === LEARNING_API.outline('c1'))
          .length,
      ).toBe(2),
    );
    await user.click(screen.getByRole('button', { name: messages.lessonMarkUndone }));
    expect(await screen.findByRole('button', { name: messages.lessonMarkDone })).toBeTruthy();
    fail = true;
    await user.click(screen.getByRole('button', { name: messages.lessonMarkDone }));
    expect(await screen.findByText(messages.lessonCompletionFailed)).toBeTruthy();
  });

  it('shows no completion button to the author, and an embed for a video link', async () => {
    const { container } = await showLesson(
      {
        [`GET ${LEARNING_API.lesson('l2')}`]: {
          status: 200,
          body: {
            lesson: makeLesson({ video: null, videoUrl: 'https://player.vimeo.com/video/1' }),
          },
        },
        [`GET ${LEARNING_API.outline('c1')}`]: { status: 200, body: outline },
      },
      'teacher',
    );
    await screen.findByRole('heading', { level: 1, name: 'Другий' });
    expect(screen.queryByRole('button', { name: messages.lessonMarkDone })).toBeNull();
    expect(container.querySelector('iframe')?.getAttribute('src')).toBe(
      'https://player.vimeo.com/video/1',
    );
  });

  it('says why a lesson cannot be shown', async () => {
    await showLesson({
      [`GET ${LEARNING_API.lesson('l2')}`]: {
        status: 403,
        body: { message: messages.notEnrolled },
      },
      [`GET ${LEARNING_API.outline('c1')}`]: { status: 200, body: outline },
    });
    expect((await screen.findByRole('alert')).textContent).toContain(messages.notEnrolled);
  });
});

describe('the course outline', () => {
  it("shows an enrolled student's ticks and the progress bar", async () => {
    const api = createTestServices({
      [`GET ${LEARNING_API.outline('c1')}`]: { status: 200, body: outline },
      [`GET ${LEARNING_API.progress('c1')}`]: { status: 200, body: { completed: 1, total: 3 } },
    });
    await renderWithStore(<CourseOutline courseId="c1" view="student" />, {
      services: api.services,
    });
    await act(async () => {});
    const bar = await screen.findByRole('progressbar', { name: messages.progressLabel(1, 3) });
    expect(bar.getAttribute('aria-valuenow')).toBe('1');
    expect(
      await screen.findByRole('link', { name: `Перший (${messages.outlineCompleted})` }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Другий' })).toBeTruthy();
  });

  it("says it has loaded once a student's outline and progress have come, not before", async () => {
    let answerProgress: (reply: FakeReply) => void = () => {};
    const api = createTestServices({
      [`GET ${LEARNING_API.outline('c1')}`]: { status: 200, body: outline },
      [`GET ${LEARNING_API.progress('c1')}`]: () =>
        new Promise<FakeReply>((resolve) => (answerProgress = resolve)),
    });
    const onLoaded = vi.fn();
    await renderWithStore(<CourseOutline courseId="c1" view="student" onLoaded={onLoaded} />, {
      services: api.services,
    });
    expect(await screen.findByRole('link', { name: 'Другий' })).toBeTruthy();
    expect(onLoaded).not.toHaveBeenCalled();
    await act(async () => answerProgress({ status: 200, body: { completed: 1, total: 3 } }));
    await screen.findByRole('progressbar');
    expect(onLoaded).toHaveBeenCalled();
  });

  it('shows a visitor the titles only, without links', async () => {
    const api = createTestServices({
      [`GET ${LEARNING_API.outline('c1')}`]: { status: 200, body: outline },
    });
    await renderWithStore(<CourseOutline courseId="c1" view="syllabus" />, {
      services: api.services,
    });
    expect(await screen.findByText('Перший')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(api.calls.map((call) => call.url)).toEqual([LEARNING_API.outline('c1')]);
  });
});

describe("the author's progress table", () => {
  it('lists every enrolled student with completed of total', async () => {
    const api = createTestServices({
      [`GET ${LEARNING_API.progress('c1')}`]: {
        status: 200,
        body: { total: 3, students: [{ _id: 's1', username: 'Олена', completed: 2 }] },
      },
    });
    await renderWithStore(<AuthorProgress courseId="c1" />, { services: api.services });
    const row = await screen.findByRole('row', { name: /Олена/ });
    expect(row.textContent).toContain(messages.authorProgressOf(2, 3));
  });

  it('says when nobody is enrolled', async () => {
    const api = createTestServices({
      [`GET ${LEARNING_API.progress('c1')}`]: { status: 200, body: { total: 0, students: [] } },
    });
    await renderWithStore(<AuthorProgress courseId="c1" />, { services: api.services });
    expect(await screen.findByText(messages.authorProgressEmpty)).toBeTruthy();
  });
  it('keeps a mark given offline on the device, shows it done and waiting, and sends it once the network is back', async () => {
    const routes: Record<string, FakeReply | (() => FakeReply)> = {
      [`GET ${LEARNING_API.lesson('l2')}`]: { status: 200, body: { lesson: makeLesson() } },
      [`GET ${LEARNING_API.outline('c1')}`]: { status: 200, body: outline },
    };
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { calls } = await showLessonWithQueue(routes);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: messages.lessonMarkDone }));
    expect(await screen.findByText(messages.lessonCompletionQueued)).toBeTruthy();
    expect(screen.getByText(`✓ ${messages.lessonDone}`)).toBeTruthy();
    expect(screen.getByRole('button', { name: messages.lessonMarkUndone })).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    expect(await pendingActions('student-1')).toMatchObject([
      { kind: 'lessonCompletion', method: 'put', url: LEARNING_API.lessonCompletion('l2') },
    ]);

    // The network returns: the mark goes once, and the lesson is read again from the server.
    routes[`PUT ${LEARNING_API.lessonCompletion('l2')}`] = { status: 204 };
    routes[`GET ${LEARNING_API.lesson('l2')}`] = {
      status: 200,
      body: { lesson: makeLesson({ completed: true }) },
    };
    online.mockReturnValue(true);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText(messages.lessonCompletionQueued)).toBeNull());
    expect(await screen.findByText(`✓ ${messages.lessonDone}`)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    await waitFor(() =>
      expect(
        calls.filter((call) => call.method === 'GET' && call.url === LEARNING_API.lesson('l2'))
          .length,
      ).toBe(2),
    );
    expect(await pendingActions('student-1')).toEqual([]);
  });

  it('keeps a mark whose request got no answer, and shows a refusal of it once sent', async () => {
    const routes: Record<string, FakeReply | (() => FakeReply)> = {
      [`GET ${LEARNING_API.lesson('l2')}`]: { status: 200, body: { lesson: makeLesson() } },
      [`GET ${LEARNING_API.outline('c1')}`]: { status: 200, body: outline },
    };
    const { calls } = await showLessonWithQueue(routes);
    const user = userEvent.setup();
    // No route: the fake client answers with a network error, as a dropped connection does.
    await user.click(await screen.findByRole('button', { name: messages.lessonMarkDone }));
    expect(await screen.findByText(messages.lessonCompletionQueued)).toBeTruthy();
    expect(screen.queryByText(messages.lessonCompletionFailed)).toBeNull();

    routes[`PUT ${LEARNING_API.lessonCompletion('l2')}`] = {
      status: 403,
      body: { message: 'Ви не записані на цей курс.' },
    };
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(
      await screen.findByText(
        messages.queuedActionRefused(
          messages.queuedCompletionLabel('Другий', true),
          'Ви не записані на цей курс.',
        ),
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(messages.lessonCompletionQueued)).toBeNull());
    expect(await screen.findByRole('button', { name: messages.lessonMarkDone })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2);
    expect(await pendingActions('student-1')).toEqual([]);
  });

  it('shows a refusal of the server at once and keeps nothing (the server decides)', async () => {
    await showLessonWithQueue({
      [`GET ${LEARNING_API.lesson('l2')}`]: { status: 200, body: { lesson: makeLesson() } },
      [`GET ${LEARNING_API.outline('c1')}`]: { status: 200, body: outline },
      [`PUT ${LEARNING_API.lessonCompletion('l2')}`]: {
        status: 403,
        body: { message: 'Ви не записані на цей курс.' },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: messages.lessonMarkDone }));
    expect(await screen.findByText('Ви не записані на цей курс.')).toBeTruthy();
    expect(screen.queryByText(messages.lessonCompletionQueued)).toBeNull();
    expect(await pendingActions('student-1')).toEqual([]);
  });
});
