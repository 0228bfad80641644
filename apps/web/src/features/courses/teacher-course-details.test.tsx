import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, ROUTES, messages } from '@urok/contract';
import { createTestServices, type FakeHandler, type FakeReply } from '../../test/fake-api';
import { MyCourseDetailsPage } from './my-course-details-page';
import {
  makeCourse,
  makeHomework,
  makeUserWithHomework,
  renderCoursePage,
  teacher,
} from './testing';

type Route = FakeReply | FakeHandler;

const course = makeCourse({ _id: 'c1', title: 'Python для початківців' });
const ungraded = makeHomework({ _id: 'h1', fileName: 'words.py', isLate: true, comment: 'Готово' });
const graded = makeHomework({
  _id: 'h2',
  fileName: 'loops.py',
  grade: '11',
  feedback: 'Добре',
  gradedAt: '2025-05-03T10:00:00.000Z',
});
const submitter = makeUserWithHomework({ homework: [ungraded, graded] });

function routes(extra: Record<string, Route> = {}): Record<string, Route> {
  return {
    [`GET ${API.createdCourses}`]: { status: 200, body: { createdCourses: [course] } },
    [`GET ${API.usersWithHomework('c1')}`]: { status: 200, body: { users: [submitter] } },
    ...extra,
  };
}

async function setup(extra: Record<string, Route> = {}, id = 'c1') {
  window.localStorage.setItem('token', 'tok');
  const api = createTestServices(routes(extra));
  // As at start-up: the stored token is the client's bearer header.
  await api.services.session.resume('tok');
  const view = await renderCoursePage(<MyCourseDetailsPage scope="created" />, {
    services: api.services,
    user: teacher,
    route: ROUTES.myCourseDetails(':id'),
    path: ROUTES.myCourseDetails(id),
  });
  return { ...api, ...view, user: userEvent.setup() };
}

const studentRegion = async () => screen.findByRole('article', { name: submitter.username });

// jsdom's Blob has no text() (browsers do): read it the old way.
if (typeof Blob.prototype.text !== 'function') {
  Blob.prototype.text = function text(this: Blob) {
    return new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.onerror = () => reject(reader.error ?? new Error('read failed'));
      reader.readAsText(this);
    });
  };
}

describe("the teacher's course page", () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it("shows 'Курс не знайдено.' (no '111') for a course that is not the teacher's", async () => {
    await setup({}, 'other');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Курс не знайдено.' }),
    ).toBeTruthy();
    expect(document.body.textContent).not.toContain('111');
  });

  it('shows the course with its edit form, pre-filled', async () => {
    await setup();
    expect(await screen.findByRole('heading', { level: 1, name: course.title })).toBeTruthy();
    expect(document.title).toBe(`${course.title} | Urok`);
    expect((screen.getByLabelText('Назва') as HTMLInputElement).value).toBe(course.title);
    expect((screen.getByLabelText('Категорія') as HTMLInputElement).value).toBe(course.category);
    expect(screen.getByRole('button', { name: 'Зберегти зміни' })).toBeTruthy();
  });

  it('saves the edited course (PUT courses/update): the page shows the new title and says so', async () => {
    const renamed = { ...course, title: 'Python 3 для всіх' };
    const { user, calls } = await setup({
      [`PUT ${API.updateCourse}`]: {
        status: 200,
        body: { authorCourses: [renamed], course: renamed },
      },
    });
    const title = (await screen.findByLabelText('Назва')) as HTMLInputElement;
    await user.clear(title);
    await user.type(title, 'Python 3 для всіх');
    await user.click(screen.getByRole('button', { name: 'Зберегти зміни' }));
    expect(await screen.findByText('Зміни збережено.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Python 3 для всіх' })).toBeTruthy();
    const body = calls.find((call) => call.method === 'PUT')?.body as FormData;
    expect(body.get('courseId')).toBe('c1');
    expect(body.get('title')).toBe('Python 3 для всіх');
  });

  it('an edit the server refuses shows its field message beside the field', async () => {
    const { user } = await setup({
      [`PUT ${API.updateCourse}`]: {
        status: 400,
        body: {
          message: messages.homeworkDueInvalid,
          code: 'BAD_REQUEST',
          fields: { homeworkDueAt: messages.homeworkDueInvalid },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Зберегти зміни' }));
    const message = await screen.findByText(messages.homeworkDueInvalid);
    expect(message.id).toBe(screen.getByLabelText('Дедлайн').getAttribute('aria-describedby'));
    expect(screen.getByLabelText('Дедлайн').getAttribute('aria-invalid')).toBe('true');
  });

  it("'#submissions' lands on the submissions section", async () => {
    window.localStorage.setItem('token', 'tok');
    const api = createTestServices(routes());
    await renderCoursePage(<MyCourseDetailsPage scope="created" />, {
      services: api.services,
      user: teacher,
      route: ROUTES.myCourseDetails(':id'),
      path: `${ROUTES.myCourseDetails('c1')}#submissions`,
    });
    const heading = await screen.findByRole('heading', { level: 2, name: 'Роботи студентів' });
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.closest('section')?.id).toBe('submissions');
  });

  it('lists each submitting student with their submissions: download, date, late flag, locked grade', async () => {
    await setup();
    const region = await studentRegion();
    expect(within(region).getByRole('button', { name: 'Завантажити файл words.py' })).toBeTruthy();
    expect(within(region).getByText('Із запізненням')).toBeTruthy();
    expect(within(region).getByText('Коментар: Готово')).toBeTruthy();
    // The graded one is locked: its grade, no inputs.
    expect(within(region).getByText('Оцінка: 11')).toBeTruthy();
    expect(within(region).getAllByLabelText('Оцінка')).toHaveLength(1);
    expect(within(region).getByRole('form', { name: 'Оцінити words.py' })).toBeTruthy();
  });

  it('refuses a blank grade beside the field, and sends nothing', async () => {
    const { user, calls } = await setup();
    const region = await studentRegion();
    await user.type(within(region).getByLabelText('Відгук'), 'Гарна робота');
    await user.click(within(region).getByRole('button', { name: 'Оцінити' }));
    const input = within(region).getByLabelText('Оцінка');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(within(region).getByText(messages.gradeRequired)).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('grades a submission: the row then shows the grade, locked', async () => {
    const { user, calls } = await setup({
      [`PUT ${API.gradeHomework('h1')}`]: {
        status: 200,
        body: {
          homework: {
            ...ungraded,
            grade: '12',
            feedback: 'Чудово',
            gradedAt: '2025-05-04T10:00:00.000Z',
          },
        },
      },
    });
    const region = await studentRegion();
    await user.type(within(region).getByLabelText('Оцінка'), '12');
    await user.type(within(region).getByLabelText('Відгук'), 'Чудово');
    await user.click(within(region).getByRole('button', { name: 'Оцінити' }));
    expect(await within(region).findByText('Оцінка: 12')).toBeTruthy();
    expect(within(region).queryByLabelText('Оцінка')).toBeNull();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      grade: '12',
      feedback: 'Чудово',
    });
  });

  it("a submission graded meanwhile (409) says 'Роботу вже оцінено.' and shows that grade", async () => {
    let gradedElsewhere = false;
    const { user } = await setup({
      [`PUT ${API.gradeHomework('h1')}`]: () => {
        gradedElsewhere = true;
        return { status: 409, body: { message: messages.alreadyGraded, code: 'CONFLICT' } };
      },
      [`GET ${API.usersWithHomework('c1')}`]: () => ({
        status: 200,
        body: {
          users: [
            gradedElsewhere
              ? {
                  ...submitter,
                  homework: [
                    { ...ungraded, grade: '9', gradedAt: '2025-05-04T10:00:00.000Z' },
                    graded,
                  ],
                }
              : submitter,
          ],
        },
      }),
    });
    const region = await studentRegion();
    await user.type(within(region).getByLabelText('Оцінка'), '12');
    await user.click(within(region).getByRole('button', { name: 'Оцінити' }));
    expect((await within(region).findByText(messages.alreadyGraded)).getAttribute('role')).toBe(
      'alert',
    );
    expect(await within(region).findByText('Оцінка: 9')).toBeTruthy();
    expect(within(region).queryByLabelText('Оцінка')).toBeNull();
  });

  describe('downloads (blob through the API client, saved through an object URL)', () => {
    const clicks: { href: string; download: string }[] = [];
    const click = vi.fn(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download });
    });
    beforeEach(() => {
      clicks.length = 0;
      URL.createObjectURL = vi.fn(() => 'blob:download');
      URL.revokeObjectURL = vi.fn();
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(click);
    });
    afterEach(() => vi.useRealTimers());

    it("'download all (zip)' saves the archive under the server's name, with the bearer header", async () => {
      const zip = new Blob(['PK'], { type: 'application/zip' });
      const { user, calls } = await setup({
        [`GET ${API.homeworkZip('c1')}`]: {
          status: 200,
          body: zip,
          headers: {
            'content-disposition': `attachment; filename="Python.zip"; filename*=UTF-8''${encodeURIComponent('Python — домашні завдання.zip')}`,
          },
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Завантажити всі роботи (ZIP)' }));
      await vi.waitFor(() => expect(clicks).toHaveLength(1));
      expect(clicks[0]).toEqual({
        href: 'blob:download',
        download: 'Python — домашні завдання.zip',
      });
      expect(URL.createObjectURL).toHaveBeenCalledWith(zip);
      const call = calls.find((entry) => entry.url === API.homeworkZip('c1'));
      expect(call?.authorization).toBe('Bearer tok');
    });

    it("'grades (CSV)' falls back to a name of its own; a failure is said", async () => {
      const { user } = await setup({
        [`GET ${API.gradesCsv('c1')}`]: { status: 200, body: new Blob(['a;b']) },
        [`GET ${API.homeworkFile('h1')}`]: {
          status: 403,
          body: new Blob([JSON.stringify({ message: messages.notCourseAuthor })], {
            type: 'application/json',
          }),
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Оцінки (CSV)' }));
      await vi.waitFor(() => expect(clicks).toHaveLength(1));
      expect(clicks[0]?.download).toBe(`${course.title} — оцінки.csv`);

      await user.click(screen.getByRole('button', { name: 'Завантажити файл words.py' }));
      expect((await screen.findByText(messages.notCourseAuthor)).getAttribute('role')).toBe(
        'alert',
      );
    });
  });
});
