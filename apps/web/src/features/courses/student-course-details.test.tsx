import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosProgressEvent } from 'axios';
import { API, HOMEWORK_MAX_BYTES, ROUTES, messages } from '@urok/contract';
import { createTestServices, type FakeHandler, type FakeReply } from '../../test/fake-api';
import { selectCourses } from './course-slice';
import { MyCourseDetailsPage } from './my-course-details-page';
import { makeCourse, makeHomework, renderCoursePage, student } from './testing';

const course = makeCourse({ _id: 'c1', homeworkDueAt: '2020-01-01T10:00:00.000Z' });
const graded = makeHomework({
  _id: 'h1',
  fileName: 'first.pdf',
  grade: '10',
  feedback: 'Молодець',
  gradedAt: '2025-05-02T10:00:00.000Z',
});
const waiting = makeHomework({ _id: 'h2', fileName: 'second.pdf', isLate: true });

async function setup({
  enrolled = true,
  extra = {} as Record<string, FakeReply | FakeHandler>,
  id = 'c1',
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
    ...extra,
  });
  const view = await renderCoursePage(<MyCourseDetailsPage scope="enrolled" />, {
    services: api.services,
    user: student,
    route: ROUTES.myCourseDetails(':id'),
    path: ROUTES.myCourseDetails(id),
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

  it('shows the course, its task and a passed deadline, and the own submissions', async () => {
    await setup();
    expect(await screen.findByRole('heading', { level: 1, name: course.title })).toBeTruthy();
    expect(document.title).toBe(`${course.title} | Urok`);
    expect(screen.getByText(course.description)).toBeTruthy();
    expect(screen.getByText(course.homeworkTask)).toBeTruthy();
    expect(screen.getByText('Дедлайн минув')).toBeTruthy();
    const list = await screen.findByRole('region', { name: 'Мої роботи' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('очікує оцінки')).toBeTruthy();
    expect(within(items[0]!).getByText('Із запізненням')).toBeTruthy();
    expect(within(items[1]!).getByText('Оцінка: 10')).toBeTruthy();
    expect(within(items[1]!).getByText('Відгук: Молодець')).toBeTruthy();
    expect(
      within(items[1]!).getByRole('button', { name: 'Завантажити файл first.pdf' }),
    ).toBeTruthy();
  });

  it('the file input accepts the homework types', async () => {
    await setup();
    await screen.findByRole('heading', { level: 1, name: course.title });
    expect(fileInput().accept).toBe('.pdf,.doc,.docx,.odt,.txt,.rtf,.zip,.jpg,.jpeg,.png,.webp');
  });

  it("refuses a file over 20 MB with the server's message, before sending", async () => {
    const { user, calls } = await setup();
    await screen.findByRole('heading', { level: 1, name: course.title });
    await user.upload(fileInput(), pdf('big.pdf', HOMEWORK_MAX_BYTES + 1));
    expect(screen.getByText(messages.homeworkTooLarge)).toBeTruthy();
    expect(fileInput().getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Надіслати роботу' }));
    expect(calls.some((call) => call.url === API.uploadHomework)).toBe(false);
  });

  it('refuses control characters in the comment beside it, and sends nothing', async () => {
    const { user, calls } = await setup();
    await screen.findByRole('heading', { level: 1, name: course.title });
    await user.upload(fileInput(), pdf());
    await user.click(screen.getByLabelText('Коментар'));
    await user.paste('Готово\u001b[2J');
    await user.click(screen.getByRole('button', { name: 'Надіслати роботу' }));
    expect(screen.getByText(messages.textControlCharacters)).toBeTruthy();
    expect(screen.getByLabelText('Коментар').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.url === API.uploadHomework)).toBe(false);
  });

  it('asks for a file when none was chosen', async () => {
    const { user } = await setup();
    await screen.findByRole('heading', { level: 1, name: course.title });
    await user.click(screen.getByRole('button', { name: 'Надіслати роботу' }));
    expect(screen.getByText(messages.fileRequired)).toBeTruthy();
  });

  it('shows a progress bar while the file is sent, then the new submission first', async () => {
    let finish!: () => void;
    const sent = new Promise<void>((resolve) => (finish = resolve));
    const uploaded = makeHomework({ _id: 'h3', fileName: 'report.pdf', comment: 'Друга спроба' });
    const { user, calls, store } = await setup({
      extra: {
        [`POST ${API.uploadHomework}`]: async (_call, config) => {
          config.onUploadProgress?.({ loaded: 40, total: 100 } as AxiosProgressEvent);
          await sent;
          return { status: 201, body: { homework: uploaded, message: messages.homeworkUploaded } };
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: course.title });
    expect(screen.queryByRole('progressbar')).toBeNull();
    await user.upload(fileInput(), pdf());
    await user.type(screen.getByLabelText('Коментар'), 'Друга спроба');
    await user.click(screen.getByRole('button', { name: 'Надіслати роботу' }));

    const bar = await screen.findByRole('progressbar', { name: 'Надсилання файлу' });
    await vi.waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    expect(selectCourses(store.getState()).homeworkStatus).toBe('loading');

    finish();
    expect(await screen.findByText(messages.homeworkUploaded)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    const body = calls.find((call) => call.url === API.uploadHomework)?.body as FormData;
    expect(body.get('courseId')).toBe('c1');
    expect(body.get('comment')).toBe('Друга спроба');
    expect((body.get('file') as File).name).toBe('report.pdf');
    const items = within(screen.getByRole('region', { name: 'Мої роботи' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Коментар: Друга спроба')).toBeTruthy();
  });

  it('a server refusal of the file (415) is shown beside the file', async () => {
    const { user } = await setup({
      extra: {
        [`POST ${API.uploadHomework}`]: {
          status: 415,
          body: { message: messages.homeworkTypeUnsupported, code: 'UNSUPPORTED_MEDIA_TYPE' },
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: course.title });
    await user.upload(fileInput(), pdf());
    await user.click(screen.getByRole('button', { name: 'Надіслати роботу' }));
    expect(await screen.findByText(messages.homeworkTypeUnsupported)).toBeTruthy();
    expect(fileInput().getAttribute('aria-invalid')).toBe('true');
  });

  it('a quota refusal (413) is shown beside the file, in the server’s words', async () => {
    const quota = messages.quotaUserBytes(500 * 1024 * 1024);
    const { user } = await setup({
      extra: {
        [`POST ${API.uploadHomework}`]: {
          status: 413,
          body: { message: quota, code: 'PAYLOAD_TOO_LARGE' },
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: course.title });
    await user.upload(fileInput(), pdf());
    await user.click(screen.getByRole('button', { name: 'Надіслати роботу' }));
    expect(await screen.findByText(quota)).toBeTruthy();
    expect(quota).toMatch(/^Перевищено квоту користувача: 500 МБ/);
    expect(fileInput().getAttribute('aria-invalid')).toBe('true');
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
    await setup();
    await screen.findByRole('heading', { level: 1, name: course.title });
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
    await user.click(await screen.findByRole('button', { name: 'Записатися' }));
    expect(await screen.findByLabelText('Файл домашнього завдання')).toBeTruthy();
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
