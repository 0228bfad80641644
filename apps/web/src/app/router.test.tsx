import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Navigate, matchRoutes, useLocation } from 'react-router';
import { PUBLIC_LANDING_IDS, SIGNED_IN_LANDING_IDS } from '@urok/contract';
import { fetchUser, login } from '../features/auth/auth-slice';
import { createTestServices, makeUser } from '../test/fake-api';
import { AppProviders } from './providers';
import { ROUTE_TABLES, AppRoutes, routeTableFor, type RouteTableName } from './router';
import * as Pages from './pages';
import { createAppStore } from './store';

type Resolution = { redirect: string } | { path: string; element: unknown };

/** What a path resolves to in a table: the leaf route, or where it redirects. */
function resolve(table: RouteTableName, pathname: string): Resolution {
  const matches = matchRoutes(ROUTE_TABLES[table], pathname);
  const leaf = matches?.[matches.length - 1]?.route;
  if (!leaf) throw new Error(`no route for ${pathname}`);
  const element = leaf.element as ReactElement<{ to: string }> | undefined;
  if (isValidElement(element) && element.type === Navigate) return { redirect: element.props.to };
  return { path: leaf.path ?? '', element: isValidElement(element) ? element.type : undefined };
}

const pageOf = (table: RouteTableName, pathname: string) => {
  const result = resolve(table, pathname);
  if ('redirect' in result)
    throw new Error(`${pathname} redirects to ${result.redirect} in ${table}`);
  return result;
};

describe('route table choice', () => {
  it('signed out without a user, teacher for isAdmin, student otherwise', () => {
    expect(routeTableFor(null)).toBe('signedOut');
    expect(routeTableFor({ isAdmin: false })).toBe('student');
    expect(routeTableFor({ isAdmin: true })).toBe('teacher');
  });
});

describe('operator console routes', () => {
  const ADMIN_PATHS = [
    '/admin',
    '/admin/applications',
    '/admin/users',
    '/admin/courses',
    '/admin/audit',
  ];

  it('an operator gets the table of their role plus the console', () => {
    expect(routeTableFor({ isAdmin: false, isOperator: true })).toBe('operatorStudent');
    expect(routeTableFor({ isAdmin: true, isOperator: true })).toBe('operatorTeacher');
    expect(routeTableFor({ isAdmin: true, isOperator: false })).toBe('teacher');
    for (const table of ['operatorStudent', 'operatorTeacher'] as const) {
      expect(ADMIN_PATHS.map((path) => pageOf(table, path).element)).toEqual([
        Pages.AdminOverviewPage,
        Pages.AdminApplicationsPage,
        Pages.AdminUsersPage,
        Pages.AdminCoursesPage,
        Pages.AdminAuditPage,
      ]);
    }
    expect(pageOf('operatorTeacher', '/courseCreate').element).toBe(Pages.CourseCreatePage);
    expect(resolve('operatorStudent', '/courseCreate')).toEqual({ redirect: '/my-courselist' });
  });

  it.each(ADMIN_PATHS)('%s follows the redirects of an unknown path for everyone else', (path) => {
    expect(resolve('signedOut', path)).toEqual({ redirect: '/start' });
    expect(resolve('student', path)).toEqual({ redirect: '/my-courselist' });
    expect(resolve('teacher', path)).toEqual({ redirect: '/my-courselist' });
  });
});

describe('signed-out table', () => {
  it.each([
    '/login',
    '/register',
    '/loginn',
    '/registerr',
    '/start',
    '/game',
    '/future-teacher',
    '/donate',
  ])('%s is a page', (path) => {
    expect(pageOf('signedOut', path).path).toBe(path);
  });

  it('every public landing page /course-details:N exists, as a literal segment', () => {
    expect(PUBLIC_LANDING_IDS).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    for (const id of PUBLIC_LANDING_IDS) {
      const page = pageOf('signedOut', `/course-details:${id}`);
      expect(page.path).toBe(`/course-details:${id}`);
      expect(page.element).toBe(Pages.CourseLandingPage);
    }
  });

  it('the matched landing page gets its own id', () => {
    const matches = matchRoutes(ROUTE_TABLES.signedOut, '/course-details:12');
    const element = matches?.at(-1)?.route.element as ReactElement<{ landingId: number }>;
    expect(element.props.landingId).toBe(12);
    expect(matches?.at(-1)?.params).toEqual({});
  });

  it.each([
    '/',
    '/course-details:3',
    '/course-details',
    '/course-details:14',
    '/course-details:01',
    '/course-details:1/more',
    '/course-detailsX',
    '/home',
    '/settings',
    '/profile',
    '/my-courselist',
    '/courseCreate',
    '/course/1',
    '/no/such/page',
  ])('%s redirects to /start', (path) => {
    expect(resolve('signedOut', path)).toEqual({ redirect: '/start' });
  });
});

const SIGNED_IN_PAGES = [
  '/home',
  '/settings',
  '/profile',
  '/contacts',
  '/vacancylist',
  '/my-courselist',
  '/test',
  '/course-grid-page',
  '/course-details',
  '/future-teacher',
];

describe.each(['student', 'teacher'] as const)('%s table', (table) => {
  it.each(SIGNED_IN_PAGES)('%s is a page', (path) => {
    expect(pageOf(table, path).path).toBe(path);
  });

  it('/course/:id and /mycourse-details/:id take any id', () => {
    expect(pageOf(table, '/course/7').element).toBe(Pages.DemoCoursePage);
    expect(pageOf(table, '/mycourse-details/abc123').element).toBe(Pages.MyCourseDetailsPage);
  });

  it('/mycourse-details/:id/lessons/:lessonId is the lesson page', () => {
    expect(pageOf(table, '/mycourse-details/c1/lessons/l1').element).toBe(Pages.LessonPage);
  });

  it('the signed-in landing pages /course-details:1,2,4,5,6,7 exist', () => {
    expect(SIGNED_IN_LANDING_IDS).toEqual([1, 2, 4, 5, 6, 7]);
    for (const id of SIGNED_IN_LANDING_IDS) {
      expect(pageOf(table, `/course-details:${id}`).path).toBe(`/course-details:${id}`);
    }
  });

  it.each([
    '/',
    '/login',
    '/register',
    '/loginn',
    '/registerr',
    '/start',
    '/game',
    '/donate',
    '/course-details:3',
    '/course-details:8',
    '/course-details:13',
    '/course/',
    '/anything',
  ])('%s redirects to /my-courselist', (path) => {
    expect(resolve(table, path)).toEqual({ redirect: '/my-courselist' });
  });
});

describe('course content signed out', () => {
  it('/mycourse-details/:id is the public course page (its syllabus); a lesson is not', () => {
    expect(pageOf('signedOut', '/mycourse-details/c1').element).toBe(Pages.PublicCoursePage);
    expect(resolve('signedOut', '/mycourse-details/c1/lessons/l1')).toEqual({ redirect: '/start' });
  });
});

describe('student and teacher differences', () => {
  it('the lesson editor exists only for teachers', () => {
    const editor = '/mycourse-details/c1/lessons/l1/edit';
    expect(resolve('student', editor)).toEqual({ redirect: '/my-courselist' });
    expect(pageOf('teacher', editor).element).toBe(Pages.LessonEditorPage);
  });

  it('the quiz pages are for both roles; the question bank only for teachers', () => {
    for (const table of ['student', 'teacher'] as const) {
      expect(pageOf(table, '/mycourse-details/c1/quizzes/q1').element).toBe(Pages.QuizArea);
      expect(pageOf(table, '/mycourse-details/c1/quizzes/q1/attempts/a1').element).toBe(
        Pages.QuizArea,
      );
    }
    expect(resolve('student', '/mycourse-details/c1/questions')).toEqual({
      redirect: '/my-courselist',
    });
    expect(pageOf('teacher', '/mycourse-details/c1/questions').element).toBe(Pages.QuizArea);
  });

  it("the tabs of the author's course page are the teacher's; the gradebook is one of them", () => {
    for (const tab of ['programme', 'assignments', 'students', 'gradebook', 'settings']) {
      expect(pageOf('teacher', `/mycourse-details/c1/${tab}`).element).toBe(
        Pages.MyCourseDetailsPage,
      );
      expect(resolve('student', `/mycourse-details/c1/${tab}`)).toEqual({
        redirect: '/my-courselist',
      });
    }
    // A tab's path never takes an assignment's (or its grading page's) address.
    expect(pageOf('teacher', '/mycourse-details/c1/assignments/a1').element).toBe(
      Pages.GradingPage,
    );
  });

  it('/courseCreate exists only for teachers', () => {
    expect(resolve('student', '/courseCreate')).toEqual({ redirect: '/my-courselist' });
    expect(pageOf('teacher', '/courseCreate').element).toBe(Pages.CourseCreatePage);
  });

  it('the teacher has a /my-courselist page of their own', () => {
    expect(pageOf('student', '/my-courselist').element).toBe(Pages.StudentCourseListPage);
    expect(pageOf('teacher', '/my-courselist').element).toBe(Pages.TeacherCourseListPage);
  });

  it('course details look in the enrolled courses for a student, in the created ones for a teacher', () => {
    const scopeIn = (table: RouteTableName) => {
      const element = matchRoutes(ROUTE_TABLES[table], '/mycourse-details/1')?.at(-1)?.route
        .element as ReactElement<{ scope: string }>;
      return element.props.scope;
    };
    expect(scopeIn('student')).toBe('enrolled');
    expect(scopeIn('teacher')).toBe('created');
  });
});

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Rendered inside an awaited act: React retries a component suspended on use() from there. */
async function renderApp(path: string, sessionReady: Promise<unknown>) {
  const store = createAppStore(createTestServices().services);
  await act(async () => {
    render(
      <AppProviders store={store}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes sessionReady={sessionReady} />
          <LocationProbe />
        </MemoryRouter>
      </AppProviders>,
    );
  });
  return store;
}

describe('AppRoutes', () => {
  it('while the stored token is restored it shows a spinner, then keeps the deep link', async () => {
    let settle!: () => void;
    const sessionReady = new Promise<void>((resolve) => (settle = resolve));
    const store = await renderApp('/settings', sessionReady);
    expect(screen.getByRole('status').textContent).toContain('Завантаження');
    expect(screen.queryByTestId('location')).toBeNull();

    await act(async () => {
      store.dispatch(fetchUser.fulfilled({ token: 't', user: makeUser() }));
      settle();
    });
    // The signed-in frame's chunk and the data layer load on demand.
    expect(
      await screen.findByRole('heading', { name: 'Settings', level: 1 }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/settings');
  });

  it('signed out, /course-details:3 goes to /start and /course-details:1 stays', async () => {
    await renderApp('/course-details:3', Promise.resolve());
    expect((await screen.findByTestId('location')).textContent).toBe('/start');
    expect(
      await screen.findByRole('heading', { name: 'Навчайтеся онлайн разом з Urok', level: 1 }),
    ).toBeTruthy();
  });

  it('signed out, /course-details:1 is its landing page', async () => {
    await renderApp('/course-details:1', Promise.resolve());
    // The page chunk, then the featured courses' data module, both on demand.
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Математика для НМТ', level: 1 },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/course-details:1');
  });

  it('after sign-in the signed-in table applies: /login becomes /my-courselist', async () => {
    const store = await renderApp('/login', Promise.resolve());
    expect(await screen.findByRole('heading', { name: 'Sign In', level: 1 })).toBeTruthy();
    await act(async () => {
      store.dispatch(login.fulfilled({ token: 't', user: makeUser() }));
    });
    // The signed-in frame's chunk and the data layer, then the page's, all on demand.
    expect(
      await screen.findByRole('heading', { name: 'Мої курси', level: 1 }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/my-courselist');
  });
});
