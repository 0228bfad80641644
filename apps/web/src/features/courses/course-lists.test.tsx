import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, ROUTES, type User } from '@urok/contract';
import {
  createTestServices,
  type FakeHandler,
  type FakeReply,
  type RecordedCall,
} from '../../test/fake-api';
import { CourseGridPage } from './course-grid-page';
import { StudentCourseListPage } from './student-course-list-page';
import { TeacherCourseListPage } from './teacher-course-list-page';
import { makeCourse, renderCoursePage, student, teacher } from './testing';

type Handler = (call: RecordedCall) => FakeReply;

const python = makeCourse({ _id: 'c1', title: 'Python', coverUrl: '/api/files/covers/p.webp' });
const design = makeCourse({
  _id: 'c2',
  title: 'Design',
  author: { _id: 'other', username: 'Андрій' },
});
const english = makeCourse({
  _id: 'c3',
  title: 'English',
  author: { _id: 'other', username: 'Андрій' },
});

async function renderGrid(
  user: User,
  path: string,
  routes: Record<string, FakeReply | FakeHandler>,
) {
  const api = createTestServices(routes);
  const view = await renderCoursePage(<CourseGridPage />, {
    services: api.services,
    user,
    route: ROUTES.courseGrid,
    path,
  });
  return { ...api, ...view, events: userEvent.setup() };
}

const catalog: Handler = (call) => {
  const q = call.params?.q;
  if (q === 'nothing') return { status: 200, body: { courses: [], nextCursor: null } };
  if (call.params?.cursor === 'n1')
    return { status: 200, body: { courses: [english], nextCursor: null } };
  return { status: 200, body: { courses: [python, design], nextCursor: 'n1' } };
};

describe('/course-grid-page', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows skeletons, then a card per course: cover, title, author, category, enrolled count', async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await renderGrid(student, ROUTES.courseGrid, {
      [`GET ${API.courses}`]: async () => {
        await held;
        return { status: 200, body: { courses: [python], nextCursor: null } };
      },
      [`GET ${API.userCourses(student._id)}`]: { status: 200, body: { courses: [] } },
    });
    expect(document.title).toBe('Всі курси | Urok');
    expect(screen.getByText('Завантаження…').getAttribute('role')).toBe('status');
    expect(screen.queryByRole('article')).toBeNull();
    answer();
    const card = await screen.findByRole('article', { name: 'Python' });
    const cover = card.querySelector('img')!;
    expect(cover.getAttribute('src')).toBe('/api/files/covers/p.webp');
    expect(cover.getAttribute('loading')).toBe('lazy');
    expect(cover.getAttribute('width')).toBe('640');
    expect(cover.getAttribute('height')).toBe('360');
    expect(within(card).getByText(`Викладач: ${python.author.username}`)).toBeTruthy();
    expect(within(card).getByText(python.category)).toBeTruthy();
    expect(within(card).getByText('Записано: 3')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Python' }).getAttribute('href')).toBe(
      '/mycourse-details/c1',
    );
  });

  it("an enrol button for other courses, 'Ви записані' for enrolled ones; enrolling switches it", async () => {
    const { events } = await renderGrid(student, ROUTES.courseGrid, {
      [`GET ${API.courses}`]: catalog,
      [`GET ${API.userCourses(student._id)}`]: { status: 200, body: { courses: [design] } },
      [`POST ${API.enroll('c1')}`]: {
        status: 200,
        body: { course: { ...python, enrolledCount: 4 } },
      },
    });
    const designCard = await screen.findByRole('article', { name: 'Design' });
    expect(within(designCard).getByText('Ви записані')).toBeTruthy();
    expect(within(designCard).queryByRole('button', { name: 'Записатися' })).toBeNull();

    const pythonCard = screen.getByRole('article', { name: 'Python' });
    await events.click(await within(pythonCard).findByRole('button', { name: 'Записатися' }));
    expect(await within(pythonCard).findByText('Ви записані')).toBeTruthy();
    expect(within(pythonCard).getByText('Записано: 4')).toBeTruthy();
    expect(
      within(pythonCard).getByRole('link', { name: 'Перейти до курсу' }).getAttribute('href'),
    ).toBe('/mycourse-details/c1');
  });

  it("keeps the enrol button's place on a card while the enrolled courses load", async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await renderGrid(student, ROUTES.courseGrid, {
      [`GET ${API.courses}`]: { status: 200, body: { courses: [python], nextCursor: null } },
      [`GET ${API.userCourses(student._id)}`]: async () => {
        await held;
        return { status: 200, body: { courses: [] } };
      },
    });
    const card = await screen.findByRole('article', { name: 'Python' });
    // Not a button that could be wrong, and not nothing (the button would then push the page).
    expect(within(card).queryByRole('button')).toBeNull();
    expect(card.querySelector('[aria-hidden="true"].h-11')).not.toBeNull();
    answer();
    expect(await within(card).findByRole('button', { name: 'Записатися' })).toBeTruthy();
    expect(card.querySelector('[aria-hidden="true"].h-11')).toBeNull();
  });

  it("a teacher's own course says 'Ваш курс' instead", async () => {
    await renderGrid(teacher, ROUTES.courseGrid, {
      [`GET ${API.courses}`]: catalog,
      [`GET ${API.userCourses(teacher._id)}`]: { status: 200, body: { courses: [] } },
    });
    const own = await screen.findByRole('article', { name: 'Python' });
    expect(within(own).getByText('Ваш курс')).toBeTruthy();
    expect(within(own).queryByRole('button')).toBeNull();
    expect(
      await within(screen.getByRole('article', { name: 'Design' })).findByRole('button', {
        name: 'Записатися',
      }),
    ).toBeTruthy();
    // Another teacher's course has no details page for this teacher: its title is not a link.
    expect(
      within(screen.getByRole('article', { name: 'Design' })).queryByRole('link', {
        name: 'Design',
      }),
    ).toBeNull();
  });

  it("'Показати ще' appends the next page and goes away on the last", async () => {
    const { events, calls } = await renderGrid(student, ROUTES.courseGrid, {
      [`GET ${API.courses}`]: catalog,
      [`GET ${API.userCourses(student._id)}`]: { status: 200, body: { courses: [] } },
    });
    await screen.findByRole('article', { name: 'Python' });
    await events.click(screen.getByRole('button', { name: 'Показати ще' }));
    expect(await screen.findByRole('article', { name: 'English' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Показати ще' })).toBeNull();
    expect(calls.filter((call) => call.url === API.courses).at(-1)?.params).toEqual({
      cursor: 'n1',
    });
  });

  it('reads ?q= into the search box and sends it; a search writes ?q=', async () => {
    const { events, calls, getByTestId } = await renderGrid(
      student,
      `${ROUTES.courseGrid}?q=Python`,
      {
        [`GET ${API.courses}`]: catalog,
        [`GET ${API.userCourses(student._id)}`]: { status: 200, body: { courses: [] } },
      },
    );
    const search = screen.getByRole('search', { name: 'Пошук курсів' });
    const box = within(search).getByRole('searchbox', { name: 'Пошук курсів' }) as HTMLInputElement;
    expect(box.value).toBe('Python');
    await screen.findByRole('article', { name: 'Python' });
    expect(calls.find((call) => call.url === API.courses)?.params).toEqual({ q: 'Python' });
    expect(screen.getByRole('heading', { name: 'Результати за запитом «Python»' })).toBeTruthy();

    await events.clear(box);
    await events.type(box, 'nothing');
    await events.click(within(search).getByRole('button', { name: 'Знайти' }));
    expect(getByTestId('location').textContent).toBe('/course-grid-page?q=nothing');
    expect(await screen.findByText('За запитом «nothing» курсів не знайдено.')).toBeTruthy();

    await events.click(screen.getByRole('button', { name: 'Показати всі курси' }));
    expect(getByTestId('location').textContent).toBe('/course-grid-page');
    expect(await screen.findByRole('article', { name: 'Design' })).toBeTruthy();
  });

  it('an empty catalogue says so; a failure offers a retry', async () => {
    let fail = true;
    const { events } = await renderGrid(student, ROUTES.courseGrid, {
      [`GET ${API.courses}`]: () =>
        fail
          ? { status: 500, body: { message: 'x' } }
          : { status: 200, body: { courses: [], nextCursor: null } },
      [`GET ${API.userCourses(student._id)}`]: { status: 200, body: { courses: [] } },
    });
    expect(await screen.findByText('Не вдалося завантажити курси.')).toBeTruthy();
    fail = false;
    await events.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByText('Курсів поки немає.')).toBeTruthy();
  });
});

describe('/my-courselist', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('student: the enrolled courses, each leading to its page', async () => {
    const api = createTestServices({
      [`GET ${API.userCourses(student._id)}`]: { status: 200, body: { courses: [design] } },
    });
    await renderCoursePage(<StudentCourseListPage />, {
      services: api.services,
      user: student,
      route: ROUTES.myCourseList,
      path: ROUTES.myCourseList,
    });
    expect(document.title).toBe('Мої курси | Urok');
    const card = await screen.findByRole('article', { name: 'Design' });
    expect(within(card).getByRole('link', { name: 'Перейти до курсу' }).getAttribute('href')).toBe(
      '/mycourse-details/c2',
    );
  });

  it('student with no courses: an empty state leading to the catalogue', async () => {
    const api = createTestServices({
      [`GET ${API.userCourses(student._id)}`]: { status: 200, body: { courses: [] } },
    });
    await renderCoursePage(<StudentCourseListPage />, {
      services: api.services,
      user: student,
      route: ROUTES.myCourseList,
      path: ROUTES.myCourseList,
    });
    expect(await screen.findByText('Ви ще не записані на жоден курс.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Переглянути всі курси' }).getAttribute('href')).toBe(
      '/course-grid-page',
    );
  });

  it("teacher: the created courses with 'Редагувати' and 'Роботи студентів', and 'Створити курс'", async () => {
    window.localStorage.setItem('token', 'tok');
    const api = createTestServices({
      [`GET ${API.createdCourses}`]: { status: 200, body: { createdCourses: [python] } },
    });
    await renderCoursePage(<TeacherCourseListPage />, {
      services: api.services,
      user: teacher,
      route: ROUTES.myCourseList,
      path: ROUTES.myCourseList,
    });
    const card = await screen.findByRole('article', { name: 'Python' });
    expect(within(card).getByRole('link', { name: 'Редагувати' }).getAttribute('href')).toBe(
      '/mycourse-details/c1',
    );
    expect(within(card).getByRole('link', { name: 'Роботи студентів' }).getAttribute('href')).toBe(
      '/mycourse-details/c1#submissions',
    );
    expect(screen.getByRole('link', { name: 'Створити курс' }).getAttribute('href')).toBe(
      '/courseCreate',
    );
  });
});
