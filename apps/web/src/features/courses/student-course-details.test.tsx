import { useEffect, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosProgressEvent } from 'axios';
import {
  API,
  HOMEWORK_MAX_BYTES,
  LEARNING_API,
  ROUTES,
  UPLOAD_API,
  messages,
} from '@urok/contract';
import type { Assignment, Outline } from '@urok/contract/schemas';
import { createTestServices, type FakeHandler, type FakeReply } from '../../test/fake-api';
import { fakeTusRoutes } from '../../test/fake-tus';
import { uploadFingerprint } from '../../lib/resumable-upload';
import { AssignmentPage } from './assignment-page';
import { MyCourseDetailsPage, type RenderOutline } from './my-course-details-page';
import { makeCourse, makeHomework, renderCoursePage, student } from './testing';

const course = makeCourse({ _id: 'c1', homeworkDueAt: '2020-01-01T10:00:00.000Z' });
const graded = makeHomework({
  _id: 'h1',
  fileName: 'first.pdf',
  grade: '10',
  points: 10,
  feedback: 'Молодець',
  gradedAt: '2025-05-02T10:00:00.000Z',
});
const waiting = makeHomework({ _id: 'h2', fileName: 'second.pdf', isLate: true });
// The course's homework is its default assignment, handed in on the assignment's own page.
const homework: Assignment = {
  _id: 'a1',
  courseId: 'c1',
  sectionId: 's1',
  title: 'Домашнє завдання',
  instructions: {
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: course.homeworkTask }] }],
  },
  dueAt: '2020-01-01T10:00:00.000Z',
  maxPoints: 12,
  published: true,
  position: 0,
  isDefault: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};
const essay = { ...homework, _id: 'a2', title: 'Есе', dueAt: null, isDefault: false };
const outline: Outline = {
  sections: [
    {
      _id: 's1',
      title: 'Вступ',
      position: 0,
      items: [
        {
          kind: 'lesson',
          _id: 'l1',
          title: 'Перший урок',
          published: true,
          dueAt: null,
          maxPoints: null,
          completed: false,
        },
        {
          kind: 'assignment',
          _id: 'a1',
          title: homework.title,
          published: true,
          dueAt: homework.dueAt,
          maxPoints: 12,
          completed: false,
        },
        {
          kind: 'assignment',
          _id: 'a2',
          title: essay.title,
          published: true,
          dueAt: null,
          maxPoints: 12,
          completed: false,
        },
      ],
    },
  ],
};

async function setup({
  enrolled = true,
  extra = {} as Record<string, FakeReply | FakeHandler>,
  id = 'c1',
  page = 'course' as 'course' | 'assignment',
  renderOutline = undefined as RenderOutline | undefined,
} = {}) {
  const api = createTestServices({
    [`GET ${API.course('c1')}`]: { status: 200, body: { course } },
    [`GET ${API.course('missing')}`]: {
      status: 404,
      body: { message: messages.courseNotFound, code: 'NOT_FOUND' },
    },
    [`GET ${API.userCourses(student._id)}`]: {
      status: 200,
      body: { courses: enrolled ? [course] : [] },
    },
    [`GET ${API.ownHomework('c1')}`]: { status: 200, body: { homework: [waiting, graded] } },
    [`GET ${LEARNING_API.outline('c1')}`]: { status: 200, body: outline },
    [`GET ${LEARNING_API.assignment('a1')}`]: { status: 200, body: { assignment: homework } },
    ...extra,
  });
  const view =
    page === 'course'
      ? await renderCoursePage(
          <MyCourseDetailsPage scope="enrolled" renderOutline={renderOutline} />,
          {
            services: api.services,
            user: student,
            route: ROUTES.myCourseDetails(':id'),
            path: ROUTES.myCourseDetails(id),
          },
        )
      : await renderCoursePage(<AssignmentPage viewer="student" />, {
          services: api.services,
          user: student,
          route: ROUTES.assignment(':id', ':assignmentId'),
          path: ROUTES.assignment(id, 'a1'),
        });
  return { ...api, ...view, user: userEvent.setup() };
}

const fileInput = () => screen.getByLabelText('Файл домашнього завдання') as HTMLInputElement;
const pdf = (name = 'report.pdf', size?: number) => {
  const file = new File(['%PDF-1.7'], name, { type: 'application/pdf' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe("the student's course page", () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it("says 'Курс не знайдено.' for a course that does not exist", async () => {
    await setup({ id: 'missing' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Курс не знайдено.' }),
    ).toBeTruthy();
  });

  it('lists the assignments with due dates and status, and the own submissions naming theirs', async () => {
    await setup();
    expect(await screen.findByRole('heading', { level: 1, name: course.title })).toBeTruthy();
    expect(document.title).toBe(`${course.title} | Urok`);
    expect(screen.getByText(course.description)).toBeTruthy();
    // No separate homework block nor upload form: the work is handed in on the assignment's page.
    expect(screen.queryByLabelText('Файл домашнього завдання')).toBeNull();
    expect(screen.queryByText(course.homeworkTask)).toBeNull();

    const assignments = await screen.findByRole('region', { name: 'Завдання' });
    const rows = await within(assignments).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!).getByRole('link', { name: 'Домашнє завдання' });
    expect(first.getAttribute('href')).toBe(ROUTES.assignment('c1', 'a1'));
    expect(within(rows[0]!).getByText('Дедлайн минув')).toBeTruthy();
    // The latest submission (newest first) decides the status.
    expect(within(rows[0]!).getByText('очікує оцінки')).toBeTruthy();
    expect(within(rows[1]!).getByRole('link', { name: 'Есе' }).getAttribute('href')).toBe(
      ROUTES.assignment('c1', 'a2'),
    );
    expect(within(rows[1]!).getByText('Без дедлайну')).toBeTruthy();
    expect(within(rows[1]!).getByText('не здано')).toBeTruthy();

    const list = screen.getByRole('region', { name: 'Мої роботи' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    for (const item of items) {
      expect(
        within(item).getByRole('link', { name: 'Домашнє завдання' }).getAttribute('href'),
      ).toBe(ROUTES.assignment('c1', 'a1'));
    }
    expect(within(items[0]!).getByText('очікує оцінки')).toBeTruthy();
    expect(within(items[0]!).getByText('Із запізненням')).toBeTruthy();
    // Out of the assignment's maximum, from the outline.
    expect(within(items[1]!).getByText('Оцінка: 10 / 12')).toBeTruthy();
    expect(within(items[1]!).getByText('Відгук: Молодець')).toBeTruthy();
    expect(
      within(items[1]!).getByRole('button', { name: 'Завантажити файл first.pdf' }),
    ).toBeTruthy();
  });

  it('shows the outline, the assignments and the submissions together, once the outline has loaded', async () => {
    let finishOutline = () => {};
    function SlowOutline({ onLoaded }: { onLoaded?: () => void }) {
      const [loaded, setLoaded] = useState(false);
      finishOutline = () => setLoaded(true);
      useEffect(() => {
        if (loaded) onLoaded?.();
      }, [loaded, onLoaded]);
      return <section aria-label="Програма курсу">{loaded && <p>Перший урок</p>}</section>;
    }
    await setup({
      renderOutline: (_course, _enrolled, _progress, onLoaded) => (
        <SlowOutline onLoaded={onLoaded} />
      ),
    });
    // The assignments have their data, and wait hidden for the outline above them.
    await screen.findByRole('region', { name: 'Мої роботи', hidden: true });
    expect(screen.queryByRole('region', { name: 'Завдання' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Програма курсу' })).toBeNull();

    act(() => finishOutline());
    expect(await screen.findByRole('region', { name: 'Завдання' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Програма курсу' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Мої роботи' })).toBeTruthy();
  });

  it('an outline that does not load does not hold the assignments back for long', async () => {
    await setup({ renderOutline: () => <section aria-label="Програма курсу" /> });
    await screen.findByRole('region', { name: 'Завдання', hidden: true });
    expect(screen.queryByRole('region', { name: 'Завдання' })).toBeNull();
    expect(await screen.findByRole('region', { name: 'Завдання' }, { timeout: 5000 })).toBeTruthy();
  });

  it('a graded latest submission shows its grade in the assignment list', async () => {
    await setup({
      extra: { [`GET ${API.ownHomework('c1')}`]: { status: 200, body: { homework: [graded] } } },
    });
    const assignments = await screen.findByRole('region', { name: 'Завдання' });
    const rows = await within(assignments).findAllByRole('listitem');
    expect(within(rows[0]!).getByText('Оцінка: 10 / 12')).toBeTruthy();
  });

  it('a course without assignments nor submissions shows neither list, nor an upload form', async () => {
    const withoutTask = { ...course, homeworkTask: '', homeworkDueAt: null };
    await setup({
      extra: {
        [`GET ${API.course('c1')}`]: { status: 200, body: { course: withoutTask } },
        [`GET ${API.ownHomework('c1')}`]: { status: 200, body: { homework: [] } },
        [`GET ${LEARNING_API.outline('c1')}`]: { status: 200, body: { sections: [] } },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: course.title })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Покинути курс' })).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Завдання' })).toBeNull());
    expect(screen.queryByRole('region', { name: 'Мої роботи' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Домашнє завдання' })).toBeNull();
    expect(screen.queryByLabelText('Файл домашнього завдання')).toBeNull();
    expect(screen.queryByText('Викладач ще не додав завдання.')).toBeNull();
  });

  it("the course's homework is handed in on its assignment's page", async () => {
    await setup({ page: 'assignment' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Домашнє завдання' })).toBeTruthy();
    expect(screen.getByText(course.homeworkTask)).toBeTruthy();
    expect(fileInput()).toBeTruthy();
  });

  it('the file input accepts the homework types', async () => {
    await setup({ page: 'assignment' });
    await screen.findByRole('heading', { level: 1, name: homework.title });
    expect(fileInput().accept).toBe('.pdf,.doc,.docx,.odt,.txt,.rtf,.zip,.jpg,.jpeg,.png,.webp');
  });

  it("refuses a file over 20 MB with the server's message, before sending", async () => {
    const { user, calls } = await setup({ page: 'assignment' });
    await screen.findByRole('heading', { level: 1, name: homework.title });
    await user.upload(fileInput(), pdf('big.pdf', HOMEWORK_MAX_BYTES + 1));
    expect(screen.getByText(messages.homeworkTooLarge)).toBeTruthy();
    expect(fileInput().getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Надіслати роботу' }));
    expect(calls.some((call) => call.url === API.uploadHomework)).toBe(false);
  });

  it('refuses control characters in the comment beside it, and sends nothing', async () => {
    const { user, calls } = await setup({ page: 'assignment' });
    await screen.findByRole('heading', { level: 1, name: homework.title });
    await user.upload(fileInput(), pdf());
    await user.click(screen.getByLabelText('Коментар'));
    await user.paste('Готово\u001b[2J');
    await user.click(screen.getByRole('button', { name: 'Надіслати роботу' }));
    expect(screen.getByText(messages.textControlCharacters)).toBeTruthy();
    expect(screen.getByLabelText('Коментар').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.url === API.uploadHomework)).toBe(false);
  });

  it('asks for a file when none was chosen', async () => {
    const { user } = await setup({ page: 'assignment' });
    await screen.findByRole('heading', { level: 1, name: homework.title });
    await user.click(screen.getByRole('button', { name: 'Надіслати роботу' }));
    expect(screen.getByText(messages.fileRequired)).toBeTruthy();
  });

  it('shows a progress bar while the file is sent (tus), then the new submission first', async () => {
    let finish!: () => void;
    const sent = new Promise<void>((resolve) => (finish = resolve));
    const uploaded = makeHomework({ _id: 'h3', fileName: 'report.pdf', comment: 'Друга спроба' });
    const tus = fakeTusRoutes({
      onPatch: async (patch, config) => {
        config.onUploadProgress?.({ loaded: patch.bytes * 0.4 } as AxiosProgressEvent);
        await sent;
      },
      result: { status: 200, body: { homework: uploaded } },
    });
    const { user } = await setup({ page: 'assignment', extra: tus.routes });
    await screen.findByRole('heading', { level: 1, name: homework.title });
    expect(screen.queryByRole('progressbar')).toBeNull();
    await user.upload(fileInput(), pdf());
    await user.type(screen.getByLabelText('Коментар'), 'Друга спроба');
    await user.click(screen.getByRole('button', { name: 'Надіслати роботу' }));

    const bar = await screen.findByRole('progressbar', { name: 'Надсилання файлу' });
    await vi.waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    expect(bar.closest('form')?.getAttribute('aria-busy')).toBe('true');

    finish();
    expect(await screen.findByText(messages.homeworkUploaded)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(tus.created).toEqual([
      {
        purpose: 'homework',
        courseId: 'c1',
        assignmentId: 'a1',
        comment: 'Друга спроба',
        filename: 'report.pdf',
      },
    ]);
    expect(tus.patches).toEqual([{ offset: 0, bytes: 8 }]);
    const items = within(screen.getByRole('region', { name: 'Ваші роботи' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Коментар: Друга спроба')).toBeTruthy();
  });

  it('a file whose upload the server already finished is not sent again (its answer was lost)', async () => {
    const uploaded = makeHomework({ _id: 'h3', fileName: 'report.pdf' });
    const tus = fakeTusRoutes({
      closed: true,
      result: { status: 200, body: { homework: uploaded } },
    });
    const file = pdf();
    const fingerprint = uploadFingerprint(file, {
      purpose: 'homework',
      courseId: 'c1',
      assignmentId: 'a1',
      comment: '',
    });
    localStorage.setItem(
      `tus::${fingerprint}::1`,
      JSON.stringify({
        size: file.size,
        metadata: {},
        creationTime: new Date().toString(),
        uploadUrl: `http://localhost:3000/api/uploads/${tus.id}`,
        parallelUploadUrls: null,
      }),
    );
    const { user, calls } = await setup({ page: 'assignment', extra: tus.routes });
    await screen.findByRole('heading', { level: 1, name: homework.title });
    await user.upload(fileInput(), file);
    await user.click(screen.getByRole('button', { name: 'Надіслати роботу' }));
    expect(await screen.findByText(messages.homeworkUploaded)).toBeTruthy();
    expect(tus.created).toEqual([]);
    expect(tus.patches).toEqual([]);
    expect(
      calls.filter((call) => call.url.startsWith(UPLOAD_API.uploads)).map((call) => call.method),
    ).toEqual(['HEAD', 'GET', 'GET']);
    expect(Object.keys(localStorage).filter((key) => key.startsWith('tus::'))).toEqual([]);
  });

  it('a refusal at the end (the result is 409) shows the server’s message', async () => {
    const tus = fakeTusRoutes({
      result: {
        status: 409,
        body: { message: messages.homeworkTypeUnsupported, code: 'CONFLICT' },
      },
    });
    const { user } = await setup({ page: 'assignment', extra: tus.routes });
    await screen.findByRole('heading', { level: 1, name: homework.title });
    await user.upload(fileInput(), pdf());
    await user.click(screen.getByRole('button', { name: 'Надіслати роботу' }));
    expect(await screen.findByText(messages.homeworkTypeUnsupported)).toBeTruthy();
    expect(screen.queryByText(messages.homeworkUploaded)).toBeNull();
  });

  it('a quota refusal at creation (413) is shown beside the file, in the server’s words', async () => {
    const quota = messages.quotaUserBytes(500 * 1024 * 1024);
    const tus = fakeTusRoutes({
      refuse: { status: 413, body: { message: quota, code: 'PAYLOAD_TOO_LARGE' } },
      result: { status: 404 },
    });
    const { user } = await setup({ page: 'assignment', extra: tus.routes });
    await screen.findByRole('heading', { level: 1, name: homework.title });
    await user.upload(fileInput(), pdf());
    await user.click(screen.getByRole('button', { name: 'Надіслати роботу' }));
    expect(await screen.findByText(quota)).toBeTruthy();
    expect(quota).toMatch(/^Перевищено квоту користувача: 500 МБ/);
    expect(fileInput().getAttribute('aria-invalid')).toBe('true');
    expect(tus.patches).toEqual([]);
  });

  it("an ungraded submission can be withdrawn after a confirmation; a graded one can't", async () => {
    const { user, calls } = await setup({
      extra: { [`DELETE ${API.homework('h2')}`]: { status: 204 } },
    });
    const list = await screen.findByRole('region', { name: 'Мої роботи' });
    const items = await within(list).findAllByRole('listitem');
    expect(within(items[1]!).queryByRole('button', { name: /^Видалити/ })).toBeNull();

    const open = within(items[0]!).getByRole('button', { name: 'Видалити роботу second.pdf' });
    expect(open.textContent).toBe('Видалити');
    await user.click(open);
    expect(
      screen.getByText('Видалити роботу «second.pdf»? Файл буде видалено назавжди.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Скасувати' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Видалити роботу second.pdf' }),
    );

    await user.click(screen.getByRole('button', { name: 'Видалити роботу second.pdf' }));
    const confirm = screen.getByRole('button', { name: 'Так, видалити' });
    expect(document.activeElement).toBe(confirm);
    await user.click(confirm);
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByText('first.pdf')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      API.homework('h2'),
    ]);
  });

  it('a refused withdrawal shows the server’s message and keeps the submission', async () => {
    const { user } = await setup({
      extra: {
        [`DELETE ${API.homework('h2')}`]: {
          status: 409,
          body: { message: messages.homeworkGradedCannotDelete, code: 'CONFLICT' },
        },
      },
    });
    const list = await screen.findByRole('region', { name: 'Мої роботи' });
    await user.click(
      await within(list).findByRole('button', { name: 'Видалити роботу second.pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Так, видалити' }));
    const question = screen.getByRole('group', { name: /^Видалити роботу «second\.pdf»/ });
    expect((await within(question).findByRole('alert')).textContent).toBe(
      messages.homeworkGradedCannotDelete,
    );
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('a file can be dropped on the drop zone', async () => {
    await setup({ page: 'assignment' });
    await screen.findByRole('heading', { level: 1, name: homework.title });
    const zone = screen.getByText('Перетягніть файл сюди або оберіть його кнопкою.').parentElement!;
    const file = pdf('dropped.pdf');
    fireEvent.dragOver(zone, { dataTransfer: { files: [file], dropEffect: 'none' } });
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    expect(screen.getByText(/Обрано: dropped\.pdf/)).toBeTruthy();
  });

  it('a student who is not enrolled sees the course and an enrol button', async () => {
    const { user, calls } = await setup({
      enrolled: false,
      extra: {
        [`POST ${API.enroll('c1')}`]: {
          status: 200,
          body: { course: { ...course, enrolledCount: 4 } },
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: course.title })).toBeTruthy();
    expect(screen.queryByLabelText('Файл домашнього завдання')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Завдання' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Записатися' }));
    expect(await screen.findByRole('region', { name: 'Завдання' })).toBeTruthy();
    expect(screen.getByText('Записано: 4')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.url === API.enroll('c1'))).toBe(
      true,
    );
  });

  it("'Покинути курс' asks first, then leaves", async () => {
    const { user, calls } = await setup({
      extra: { [`DELETE ${API.enroll('c1')}`]: { status: 204 } },
    });
    await user.click(await screen.findByRole('button', { name: 'Покинути курс' }));
    expect(screen.getByText('Покинути курс? Надіслані роботи збережуться.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Скасувати' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Покинути курс' }));
    const confirm = screen.getByRole('button', { name: 'Так, покинути курс' });
    expect(document.activeElement).toBe(confirm);
    await user.click(confirm);
    expect(await screen.findByRole('button', { name: 'Записатися' })).toBeTruthy();
    expect(screen.queryByLabelText('Файл домашнього завдання')).toBeNull();
  });
});
