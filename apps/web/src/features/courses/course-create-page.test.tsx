import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { API, COVER_MAX_BYTES, ROUTES, classPageMessages, messages } from '@urok/contract';
import { createTestServices, type FakeReply } from '../../test/fake-api';
import { CourseCreatePage } from './course-create-page';
import { makeCourse, renderCoursePage, teacher } from './testing';

const LABELS = ['Назва', 'Опис', 'Категорія', 'Домашнє завдання', 'Дедлайн', 'Обкладинка'] as const;
const field = (label: (typeof LABELS)[number]) =>
  screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const invalidFields = () =>
  LABELS.filter((label) => field(label).getAttribute('aria-invalid') === 'true');
const submit = (user: UserEvent) =>
  user.click(screen.getByRole('button', { name: 'Створити курс' }));

async function setup(routes: Record<string, FakeReply> = {}) {
  const api = createTestServices(routes);
  const view = await renderCoursePage(<CourseCreatePage />, {
    services: api.services,
    user: teacher,
    route: ROUTES.courseCreate,
    path: ROUTES.courseCreate,
  });
  return { ...api, ...view, user: userEvent.setup() };
}

async function fillValid(user: UserEvent) {
  await user.type(field('Назва'), 'Python для початківців');
  await user.type(field('Опис'), 'Змінні, цикли, функції та перші програми.');
  await user.type(field('Категорія'), 'Програмування');
}

describe('/courseCreate', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });

  it("is titled 'Створити курс' with every labelled field", async () => {
    await setup();
    expect(document.title).toBe('Створити курс | Urok');
    expect(screen.getByRole('heading', { level: 1, name: 'Створити курс' })).toBeTruthy();
    for (const label of LABELS) expect(field(label)).toBeTruthy();
    expect(field('Дедлайн').type).toBe('datetime-local');
    expect(field('Обкладинка').type).toBe('file');
    expect(field('Обкладинка').accept).toBe('image/jpeg,image/png,image/webp');
  });

  it('checks in form order: the title first, its message beside it, nothing sent', async () => {
    const { user, calls } = await setup();
    await submit(user);
    expect(invalidFields()).toEqual(['Назва']);
    const message = screen.getByText(messages.courseTitleInvalid);
    expect(message.id).toBe(field('Назва').getAttribute('aria-describedby'));
    expect(field('Назва').className).toContain('border-red-600');
    expect(document.activeElement).toBe(field('Назва'));
    expect(calls).toHaveLength(0);
  });

  it('then the description, then the category', async () => {
    const { user } = await setup();
    await user.type(field('Назва'), 'Python');
    await user.type(field('Опис'), 'Коротко');
    await submit(user);
    expect(invalidFields()).toEqual(['Опис']);
    expect(screen.getByText(messages.courseDescriptionInvalid)).toBeTruthy();

    await user.type(field('Опис'), ' і ясно про все.');
    await submit(user);
    expect(invalidFields()).toEqual(['Категорія']);
    expect(screen.getByText(messages.courseCategoryInvalid)).toBeTruthy();
  });

  it('refuses a cover over 5 MB or of another type, beside the field', async () => {
    const { user } = await setup();
    const big = new File(['x'], 'cover.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: COVER_MAX_BYTES + 1 });
    await user.upload(field('Обкладинка'), big);
    expect(screen.getByText(messages.coverTooLarge)).toBeTruthy();
    expect(invalidFields()).toEqual(['Обкладинка']);
    expect(screen.queryByRole('img', { name: 'Попередній перегляд обкладинки' })).toBeNull();

    const gif = new File(['x'], 'cover.gif', { type: 'image/gif' });
    // A file the picker's filter would hide (dropped in, or 'all files' chosen).
    fireEvent.change(field('Обкладинка'), { target: { files: [gif] } });
    expect(screen.getByText(messages.coverTypeUnsupported)).toBeTruthy();
  });

  it('previews a chosen cover through an object URL', async () => {
    const { user } = await setup();
    await user.upload(field('Обкладинка'), new File(['x'], 'cover.png', { type: 'image/png' }));
    const preview = screen.getByRole('img', {
      name: 'Попередній перегляд обкладинки',
    }) as HTMLImageElement;
    expect(preview.getAttribute('src')).toBe('blob:preview');
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('shows a server field error beside that field', async () => {
    const { user } = await setup({
      [`POST ${API.createCourse}`]: {
        status: 400,
        body: {
          message: messages.courseCategoryInvalid,
          code: 'BAD_REQUEST',
          fields: { category: messages.courseCategoryInvalid },
        },
      },
    });
    await fillValid(user);
    await submit(user);
    const message = await screen.findByText(messages.courseCategoryInvalid);
    expect(message.id).toBe(field('Категорія').getAttribute('aria-describedby'));
    expect(invalidFields()).toEqual(['Категорія']);
  });

  it('a cover the server refuses (413) is explained beside the cover', async () => {
    const { user } = await setup({
      [`POST ${API.createCourse}`]: {
        status: 413,
        body: { message: messages.coverTooLarge, code: 'PAYLOAD_TOO_LARGE' },
      },
    });
    await fillValid(user);
    await user.upload(field('Обкладинка'), new File(['x'], 'cover.png', { type: 'image/png' }));
    await submit(user);
    expect(await screen.findByText(messages.coverTooLarge)).toBeTruthy();
    expect(invalidFields()).toEqual(['Обкладинка']);
  });

  it('creates the course (deadline as ISO) and goes to its page', async () => {
    const created = makeCourse({ _id: 'new1' });
    const { user, calls, getByTestId } = await setup({
      [`POST ${API.createCourse}`]: { status: 201, body: { course: created } },
    });
    await fillValid(user);
    await user.type(field('Домашнє завдання'), 'Порахуйте слова.');
    await user.type(field('Дедлайн'), '2030-06-01T18:30');
    await submit(user);
    await vi.waitFor(() =>
      expect(getByTestId('location').textContent).toBe('/mycourse-details/new1'),
    );
    const body = calls[0]?.body as FormData;
    expect(body.get('title')).toBe('Python для початківців');
    expect(body.get('homeworkTask')).toBe('Порахуйте слова.');
    expect(body.get('homeworkDueAt')).toBe(new Date('2030-06-01T18:30').toISOString());
  });

  it('sends who sees the course: public unless the author picks a private class or a draft', async () => {
    const created = makeCourse({ _id: 'new2', visibility: 'private' });
    const { user, calls, getByTestId } = await setup({
      [`POST ${API.createCourse}`]: { status: 201, body: { course: created } },
    });
    const publicChoice = screen.getByRole('radio', { name: /Відкритий/ }) as HTMLInputElement;
    expect(publicChoice.checked).toBe(true);
    expect(screen.getByText(classPageMessages.visibilityHint.draft)).toBeTruthy();
    await fillValid(user);
    await user.click(screen.getByRole('radio', { name: /Закритий клас/ }));
    await submit(user);
    await vi.waitFor(() =>
      expect(getByTestId('location').textContent).toBe('/mycourse-details/new2'),
    );
    expect((calls[0]?.body as FormData).get('visibility')).toBe('private');
  });
});
