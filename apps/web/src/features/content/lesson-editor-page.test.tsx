import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosProgressEvent } from 'axios';
import { Route, Routes } from 'react-router';
import { LEARNING_API, EMPTY_DOCUMENT, messages } from '@urok/contract';
import type { Lesson } from '@urok/contract/schemas';
import { createTestServices, type FakeHandler, type FakeReply } from '../../test/fake-api';
import { fakeTusRoutes } from '../../test/fake-tus';
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
      messages.mathEditorOpen,
    ];
    const toolbar = await screen.findByRole('toolbar', { name: messages.lessonEditorToolbar });
    for (const name of names)
      expect(toolbar.querySelector(`[aria-label="${name}"]`)).not.toBeNull();
    expect(screen.getByLabelText(messages.lessonEditorImage)).toBeTruthy();
    expect(within(toolbar).getByRole('button', { name: messages.lessonEditorLink })).toBeTruthy();
  });

  it('chooses files with the styled file control of the assignment page', async () => {
    await open({});
    for (const label of [messages.lessonEditorFileLabel, messages.lessonEditorVideoFileLabel]) {
      const control = await screen.findByLabelText(label);
      expect(control.getAttribute('type')).toBe('file');
      expect(control.className).toContain('file:bg-indigo-600');
    }
  });

  it('injects no <style> element (the CSP refuses it; the rules are in the stylesheet)', async () => {
    await open({});
    await screen.findByRole('toolbar', { name: messages.lessonEditorToolbar });
    expect(document.querySelector('style[data-tiptap-style]')).toBeNull();
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

  it('uploads a file (tus) with its progress shown, and lists it', async () => {
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const tus = fakeTusRoutes({
      onPatch: async (patch, config) => {
        config.onUploadProgress?.({ loaded: patch.bytes / 2 } as AxiosProgressEvent);
        await finished;
      },
      result: {
        status: 200,
        body: {
          attachment: {
            _id: 'a1',
            fileName: 'Конспект.pdf',
            size: 8,
            mimeType: 'application/pdf',
            url: '/api/attachments/a1/file?u=t&exp=1&sig=x',
          },
        },
      },
    });
    await open(tus.routes);
    const user = userEvent.setup();
    const input = await screen.findByLabelText(messages.lessonEditorFileLabel);
    void user.upload(input, new File(['%PDF-1.4'], 'Конспект.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(messages.lessonEditorUploading(50))).toBeTruthy();
    expect(
      screen
        .getByRole('progressbar', { name: messages.lessonEditorUploading(50) })
        .getAttribute('aria-valuenow'),
    ).toBe('50');
    finish();
    expect(await screen.findByRole('link', { name: 'Конспект.pdf' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: messages.lessonEditorRemoveFile('Конспект.pdf') }),
    ).toBeTruthy();
    expect(tus.created).toEqual([
      { purpose: 'attachment', lessonId: 'l1', filename: 'Конспект.pdf' },
    ]);
  });

  it('a video refused at the end shows the server’s message', async () => {
    const tus = fakeTusRoutes({
      result: { status: 409, body: { message: messages.videoTypeUnsupported } },
    });
    await open(tus.routes);
    const user = userEvent.setup();
    const input = await screen.findByLabelText(messages.lessonEditorVideoFileLabel);
    await user.upload(input, new File(['not a video'], 'lecture.mp4', { type: 'video/mp4' }));
    expect(await screen.findByText(messages.videoTypeUnsupported)).toBeTruthy();
    expect(tus.created).toEqual([{ purpose: 'video', lessonId: 'l1', filename: 'lecture.mp4' }]);
  });

  it('inserts a formula typed as LaTeX, drawn live as it is typed, and autosaves it', async () => {
    const api = await open({
      [`PUT ${LEARNING_API.lesson('l1')}`]: (call) => ({
        status: 200,
        body: { lesson: { ...lesson, ...(call.body as object) } },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: messages.mathEditorOpen }));
    const field = screen.getByLabelText(messages.mathEditorLatexLabel);
    expect(document.activeElement).toBe(field);
    await user.paste('\\frac{v^2');
    const preview = screen.getByTestId('math-preview');
    await waitFor(() => expect(preview.querySelector('[role="note"]')).not.toBeNull());
    await user.paste('}{2g}');
    await waitFor(() => expect(preview.querySelector('.katex .mfrac')).not.toBeNull());
    expect(preview.querySelector('[role="note"]')).toBeNull();
    await user.click(screen.getByRole('button', { name: messages.mathEditorInsert }));
    expect(screen.queryByLabelText(messages.mathEditorLatexLabel)).toBeNull();
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true), {
      timeout: 4000,
    });
    const body = (
      api.calls.filter((call) => call.method === 'PUT').at(-1)?.body as {
        body: unknown;
      }
    ).body;
    expect(JSON.stringify(body)).toContain(
      JSON.stringify({ type: 'inlineMath', attrs: { latex: '\\frac{v^2}{2g}' } }),
    );
  });

  it('refuses an empty formula with the schema’s message, and Escape closes the tool', async () => {
    await open({});
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: messages.mathEditorOpen }));
    await user.click(screen.getByRole('button', { name: messages.mathEditorInsert }));
    expect(screen.getByText(messages.documentMathEmpty)).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText(messages.mathEditorLatexLabel)).toBeNull();
  });

  it('publishes from the editor, warning in the page first when the lesson is empty', async () => {
    const api = await open({
      [`PUT ${LEARNING_API.lesson('l1')}`]: (call) => ({
        status: 200,
        body: { lesson: { ...lesson, ...(call.body as object) } },
      }),
    });
    const user = userEvent.setup();
    expect((await screen.findByTestId('publish-state')).textContent).toBe(
      messages.lessonEditorIsDraft,
    );
    await user.click(screen.getByRole('button', { name: messages.lessonEditorPublish }));
    const warning = screen.getByRole('alertdialog');
    expect(warning.textContent).toContain(messages.lessonEditorEmptyWarning);
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.click(within(warning).getByRole('button', { name: messages.editorCancel }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.click(screen.getByRole('button', { name: messages.lessonEditorPublish }));
    await user.click(screen.getByRole('button', { name: messages.lessonEditorPublishEmpty }));
    await waitFor(() =>
      expect(screen.getByTestId('publish-state').textContent).toBe(
        messages.lessonEditorIsPublished,
      ),
    );
    expect(api.calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({
      published: true,
    });
    await user.click(screen.getByRole('button', { name: messages.lessonEditorUnpublish }));
    await waitFor(() =>
      expect(screen.getByTestId('publish-state').textContent).toBe(messages.lessonEditorIsDraft),
    );
  });

  it('publishes a lesson with text without a warning', async () => {
    const written = {
      ...lesson,
      body: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Текст уроку' }] }],
      },
    };
    const api = await open({
      [`GET ${LEARNING_API.lesson('l1')}`]: { status: 200, body: { lesson: written } },
      [`PUT ${LEARNING_API.lesson('l1')}`]: (call) => ({
        status: 200,
        body: { lesson: { ...written, ...(call.body as object) } },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: messages.lessonEditorPublish }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('publish-state').textContent).toBe(
        messages.lessonEditorIsPublished,
      ),
    );
    expect(api.calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({
      published: true,
    });
  });

  it('adds a link from a popover: a bare domain gets https://, javascript: is refused, Esc closes', async () => {
    await open({});
    const user = userEvent.setup();
    const text = await screen.findByRole('textbox', { name: messages.lessonEditorTextLabel });
    const button = screen.getByRole('button', { name: messages.lessonEditorLink });
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: messages.lessonEditorLinkDialog });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const field = within(dialog).getByLabelText(messages.lessonEditorLinkLabel);
    expect(document.activeElement).toBe(field);
    await user.type(field, 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: messages.lessonEditorLinkAdd }));
    expect(within(dialog).getByText(messages.documentLinkInvalid)).toBeTruthy();
    expect(text.querySelector('a')).toBeNull();
    await user.clear(field);
    await user.type(field, 'geogebra.org{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(text.querySelector('a')?.getAttribute('href')).toBe('https://geogebra.org');
    // TipTap gives the text its focus back on the next frame: a person opens the popover after.
    await waitFor(() => expect(document.activeElement).toBe(text));
    await user.click(button);
    const reopened = within(screen.getByRole('dialog')).getByLabelText(
      messages.lessonEditorLinkLabel,
    ) as HTMLInputElement;
    expect(reopened.value).toBe('');
    // Esc is the popover's once its field has the focus, as when a person presses it.
    await waitFor(() => expect(document.activeElement).toBe(reopened));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    // TipTap gives the text its focus back on the next frame.
    await waitFor(() => expect(document.activeElement).toBe(text));
  });
});
