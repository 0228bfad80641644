import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { LEARNING_API, EMPTY_DOCUMENT, messages } from '@urok/contract';
import type { Lesson } from '@urok/contract/schemas';
import { createTestServices, type FakeHandler, type FakeReply } from '../../test/fake-api';
import { renderWithStore } from '../../test/render';
import { LessonEditorPage } from './lesson-editor-page';

const lesson = {
  _id: 'l1',
  courseId: 'c1',
  sectionId: 's1',
  title: 'Сода й оцет',
  body: EMPTY_DOCUMENT,
  videoUrl: null,
  video: null,
  attachments: [],
  published: false,
  position: 0,
  completed: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
} as unknown as Lesson;

async function open(routes: Record<string, FakeReply | FakeHandler>) {
  localStorage.clear();
  const api = createTestServices({
    [`GET ${LEARNING_API.lesson('l1')}`]: { status: 200, body: { lesson } },
    ...routes,
  });
  await renderWithStore(
    <Routes>
      <Route path="/mycourse-details/:id/lessons/:lessonId/edit" element={<LessonEditorPage />} />
    </Routes>,
    { services: api.services, path: '/mycourse-details/c1/lessons/l1/edit' },
  );
  return api;
}

describe('the lesson editor page', () => {
  it('has a button for each node and mark of the schema', async () => {
    await open({});
    const names = [
      messages.lessonEditorBold,
      messages.lessonEditorItalic,
      messages.lessonEditorUnderline,
      messages.lessonEditorStrike,
      messages.lessonEditorCode,
      messages.lessonEditorHeading(2),
      messages.lessonEditorHeading(3),
      messages.lessonEditorHeading(4),
      messages.lessonEditorBulletList,
      messages.lessonEditorOrderedList,
      messages.lessonEditorBlockquote,
      messages.lessonEditorCodeBlock,
      messages.lessonEditorRule,
      messages.lessonEditorBreak,
    ];
    const toolbar = await screen.findByRole('toolbar', { name: messages.lessonEditorToolbar });
    for (const name of names)
      expect(toolbar.querySelector(`[aria-label="${name}"]`)).not.toBeNull();
    expect(screen.getByLabelText(messages.lessonEditorImage)).toBeTruthy();
    expect(screen.getByRole('button', { name: messages.lessonEditorLinkApply })).toBeTruthy();
  });

  it('autosaves a new title, keeps it on the device while the save fails, and says so', async () => {
    let fail = true;
    const api = await open({
      [`PUT ${LEARNING_API.lesson('l1')}`]: (call) =>
        fail
          ? { status: 503, body: { message: 'Сервер недоступний.' } }
          : { status: 200, body: { lesson: { ...lesson, ...(call.body as object) } } },
    });
    const user = userEvent.setup();
    const title = await screen.findByLabelText(messages.lessonEditorTitleLabel);
    await user.clear(title);
    await user.type(title, 'Нова назва');
    expect(screen.getByTestId('save-status').textContent).toBe(messages.lessonEditorUnsaved);
    expect(JSON.parse(localStorage.getItem('urok.lessonDraft.l1')!).title).toBe('Нова назва');
    await waitFor(
      () =>
        expect(screen.getByTestId('save-status').textContent).toBe(
          messages.lessonEditorSaveFailed('Сервер недоступний.'),
        ),
      { timeout: 4000 },
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: messages.lessonEditorRetry }));
    await waitFor(() =>
      expect(screen.getByTestId('save-status').textContent).toBe(messages.lessonEditorSaved),
    );
    const put = api.calls.filter((call) => call.method === 'PUT').at(-1);
    expect((put?.body as { title: string }).title).toBe('Нова назва');
    expect(localStorage.getItem('urok.lessonDraft.l1')).toBeNull();
  });

  it('uploads a file with its progress shown, and lists it', async () => {
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    await open({
      [`POST ${LEARNING_API.lessonAttachments('l1')}`]: async (_call, config) => {
        config.onUploadProgress?.({ loaded: 50, total: 100, bytes: 50, lengthComputable: true });
        await finished;
        return {
          status: 201,
          body: {
            attachment: {
              _id: 'a1',
              fileName: 'Конспект.pdf',
              size: 100,
              mimeType: 'application/pdf',
              url: '/api/attachments/a1/file?u=t&exp=1&sig=x',
            },
          },
        };
      },
    });
    const user = userEvent.setup();
    const input = await screen.findByLabelText(messages.lessonEditorFileLabel);
    void user.upload(input, new File(['%PDF-1.4'], 'Конспект.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(messages.lessonEditorUploading(50))).toBeTruthy();
    expect(
      screen
        .getByRole('progressbar', { name: messages.lessonEditorUploading(50) })
        .getAttribute('value'),
    ).toBe('50');
    finish();
    expect(await screen.findByRole('link', { name: 'Конспект.pdf' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: messages.lessonEditorRemoveFile('Конспект.pdf') }),
    ).toBeTruthy();
  });
});
