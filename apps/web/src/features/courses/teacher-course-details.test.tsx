import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, LEARNING_API, ROUTES, messages } from '@urok/contract';
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

const outline = {
  sections: [
    {
      _id: 's1',
      title: 'Загальне',
      position: 0,
      items: [
        {
          kind: 'lesson',
          _id: 'l1',
          title: 'Вступ',
          published: true,
          dueAt: null,
          completed: false,
        },
        {
          kind: 'assignment',
          _id: 'a1',
          title: 'Словник',
          published: true,
          dueAt: '2031-05-01T18:00:00.000Z',
          completed: false,
        },
      ],
    },
    {
      _id: 's2',
      title: 'Цикли',
      position: 1,
      items: [
        {
          kind: 'quiz',
          _id: 'q1',
          title: 'Тест про цикли',
          published: false,
          dueAt: null,
          completed: false,
        },
      ],
    },
  ],
};

function routes(extra: Record<string, Route> = {}): Record<string, Route> {
  return {
    [`GET ${API.createdCourses}`]: { status: 200, body: { createdCourses: [course] } },
    [`GET ${API.usersWithHomework('c1')}`]: { status: 200, body: { users: [submitter] } },
    [`GET ${LEARNING_API.outline('c1')}`]: { status: 200, body: outline },
    ...extra,
  };
}

/** What the router hands in: the outline editor, or with `progress` the students' progress. */
const renderOutline = (courseId: string, _enrolled: boolean, progress?: boolean) => (
  <p data-testid="outline">{progress ? `progress of ${courseId}` : `outline of ${courseId}`}</p>
);

const TAB_ROUTE = `${ROUTES.myCourseDetails(':id')}/:tab?`;

async function setup(extra: Record<string, Route> = {}, id = 'c1', tab = 'settings') {
  window.localStorage.setItem('token', 'tok');
  const api = createTestServices(routes(extra));
  // As at start-up: the stored token is the client's bearer header.
  await api.services.session.resume('tok');
  const view = await renderCoursePage(
    <MyCourseDetailsPage scope="created" renderOutline={renderOutline} />,
    {
      services: api.services,
      user: teacher,
      route: TAB_ROUTE,
      path: `${ROUTES.myCourseDetails(id)}${tab ? `/${tab}` : ''}`,
    },
  );
  return { ...api, ...view, user: userEvent.setup() };
}

const setupStudents = (extra: Record<string, Route> = {}) => setup(extra, 'c1', 'students');

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
    await setup({}, 'other', '');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Курс не знайдено.' }),
    ).toBeTruthy();
    expect(document.body.textContent).not.toContain('111');
  });

  it('shows the course with its edit form, pre-filled', async () => {
    await setup();
    expect(await screen.findByRole('heading', { level: 1, name: course.title })).toBeTruthy();
    expect(document.title).toBe(`Налаштування — ${course.title} | Urok`);
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

  it("'#submissions' on the course's address lands on the submissions, now in the students' tab", async () => {
    window.localStorage.setItem('token', 'tok');
    const api = createTestServices(routes());
    await renderCoursePage(<MyCourseDetailsPage scope="created" renderOutline={renderOutline} />, {
      services: api.services,
      user: teacher,
      route: TAB_ROUTE,
      path: `${ROUTES.myCourseDetails('c1')}#submissions`,
    });
    const heading = await screen.findByRole('heading', { level: 2, name: 'Роботи студентів' });
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.closest('section')?.id).toBe('submissions');
    expect(screen.getByTestId('location').textContent).toBe(
      '/mycourse-details/c1/students#submissions',
    );
  });

  it('lists each submitting student with their submissions: download, date, late flag, locked grade', async () => {
    await setupStudents();
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
    const { user, calls } = await setupStudents();
    const region = await studentRegion();
    await user.type(within(region).getByLabelText('Відгук'), 'Гарна робота');
    await user.click(within(region).getByRole('button', { name: 'Оцінити' }));
    const input = within(region).getByLabelText('Оцінка');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(within(region).getByText(messages.gradeRequired)).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('grades a submission: the row then shows the grade, locked', async () => {
    const { user, calls } = await setupStudents({
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
    const { user } = await setupStudents({
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

  describe('the tabs', () => {
    const tabNames = ['Програма', 'Завдання', 'Студенти', 'Журнал оцінок', 'Налаштування'];
    const tabList = () => screen.getByRole('navigation', { name: 'Розділи курсу' });
    const current = () =>
      within(tabList())
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page')
        .map((link) => link.textContent);

    it("the course's own address is the programme: five tab links, one marked current", async () => {
      await setup({}, 'c1', '');
      expect(await screen.findByTestId('outline')).toBeTruthy();
      expect(screen.getByTestId('outline').textContent).toBe('outline of c1');
      const links = within(tabList()).getAllByRole('link');
      expect(links.map((link) => link.textContent)).toEqual(tabNames);
      expect(links.map((link) => link.getAttribute('href'))).toEqual([
        '/mycourse-details/c1',
        '/mycourse-details/c1/assignments',
        '/mycourse-details/c1/students',
        '/mycourse-details/c1/gradebook',
        '/mycourse-details/c1/settings',
      ]);
      expect(current()).toEqual(['Програма']);
      // Only the programme: no course form, no submissions.
      expect(screen.queryByRole('button', { name: 'Зберегти зміни' })).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Роботи студентів' })).toBeNull();
      expect(document.title).toBe(`${course.title} | Urok`);
    });

    it("'/programme' is the programme too", async () => {
      await setup({}, 'c1', 'programme');
      expect(await screen.findByTestId('outline')).toBeTruthy();
      expect(current()).toEqual(['Програма']);
    });

    it('an unknown tab goes to the course address', async () => {
      await setup({}, 'c1', 'nonsense');
      expect(await screen.findByTestId('outline')).toBeTruthy();
      expect(screen.getByTestId('location').textContent).toBe('/mycourse-details/c1');
    });

    it('a click on a tab changes the address and the content', async () => {
      const { user } = await setup({}, 'c1', '');
      await screen.findByTestId('outline');
      await user.click(within(tabList()).getByRole('link', { name: 'Налаштування' }));
      expect(screen.getByTestId('location').textContent).toBe('/mycourse-details/c1/settings');
      expect(await screen.findByRole('button', { name: 'Зберегти зміни' })).toBeTruthy();
      expect(current()).toEqual(['Налаштування']);
      expect(screen.queryByTestId('outline')).toBeNull();
    });

    it("'Завдання' lists the assignments and quizzes in outline order, and the new-assignment form", async () => {
      await setup({}, 'c1', 'assignments');
      const list = await screen.findByRole('region', { name: 'Завдання і тести' });
      const links = await within(list).findAllByRole('link');
      expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
        ['Словник', '/mycourse-details/c1/assignments/a1'],
        ['Тест про цикли', '/mycourse-details/c1/quizzes/q1'],
      ]);
      expect(within(list).getByText('Тест · Цикли')).toBeTruthy();
      expect(within(list).getByText('Чернетка')).toBeTruthy();
      expect(within(list).queryByText('Вступ')).toBeNull();
      expect(screen.getByRole('heading', { level: 2, name: 'Нове завдання' })).toBeTruthy();
      expect(document.title).toBe(`Завдання — ${course.title} | Urok`);
    });

    it("'Студенти' shows the progress and every submission, each naming its assignment", async () => {
      await setupStudents();
      expect((await screen.findByTestId('outline')).textContent).toBe('progress of c1');
      const region = await studentRegion();
      const names = await within(region).findAllByRole('link', { name: 'Словник' });
      expect(names).toHaveLength(2);
      expect(names[0]!.getAttribute('href')).toBe('/mycourse-details/c1/assignments/a1');
    });

    it("'Журнал оцінок' shows the gradebook in the page", async () => {
      await setup(
        {
          [`GET ${LEARNING_API.gradebook('c1')}`]: {
            status: 200,
            body: {
              assignments: [{ _id: 'a1', title: 'Словник', maxPoints: 12, dueAt: null }],
              students: [
                {
                  _id: 'u1',
                  username: 'Оля Коваль',
                  cells: { a1: { status: 'graded', points: 11, homeworkId: 'h2', grade: '11' } },
                  percent: 91.7,
                },
              ],
            },
          },
        },
        'c1',
        'gradebook',
      );
      const table = await screen.findByRole('table');
      expect(within(table).getByRole('rowheader', { name: 'Оля Коваль' })).toBeTruthy();
      expect(current()).toEqual(['Журнал оцінок']);
      expect(screen.getByRole('heading', { level: 1, name: course.title })).toBeTruthy();
    });
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
      const { user, calls } = await setupStudents({
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
      const { user } = await setupStudents({
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
