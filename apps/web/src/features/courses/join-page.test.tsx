import { isValidElement, type ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes } from 'react-router';
import { API, CLASS_API, ROUTES, classMessages, classPageMessages as t } from '@urok/contract';
import { ROUTE_TABLES } from '../../app/router';
import * as Pages from '../../app/pages';
import { createTestServices, type FakeHandler, type FakeReply } from '../../test/fake-api';
import { JoinPage } from './join-page';
import { StudentCourseListPage } from './student-course-list-page';
import { makeCourse, renderCoursePage, student } from './testing';

type Route = FakeReply | FakeHandler;
const JOIN_ROUTE = ROUTES.join(':code');
const course = makeCourse({ _id: 'c9', visibility: 'private' });

async function setup(path: string, join: Route, signedIn = true) {
  const api = createTestServices({
    [`POST ${CLASS_API.joinCourse}`]: join,
    [`GET ${API.userCourses(student._id)}`]: { status: 200, body: { courses: [] } },
  });
  const view = await renderCoursePage(<JoinPage signedIn={signedIn} />, {
    services: api.services,
    user: student,
    route: JOIN_ROUTE,
    path,
  });
  return { ...api, ...view, user: userEvent.setup() };
}

const location = () => screen.getByTestId('location').textContent;

describe('/join/{code}', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => window.sessionStorage.clear());

  it('is a route of every table: signed out and signed in', () => {
    for (const table of ['signedOut', 'student', 'teacher'] as const) {
      const leaf = matchRoutes(ROUTE_TABLES[table], '/join/K7MPQ2XA')?.at(-1)?.route;
      const element = leaf?.element as ReactElement<{ signedIn?: boolean }>;
      expect(leaf?.path).toBe(JOIN_ROUTE);
      expect(isValidElement(element) && element.type).toBe(Pages.JoinPage);
      expect(Boolean(element.props.signedIn)).toBe(table !== 'signedOut');
    }
  });

  it('signed in, joins with the code of the link and opens the course', async () => {
    const { calls } = await setup('/join/k7mp-q2xa', { status: 200, body: { course } });
    await waitFor(() => expect(location()).toBe(ROUTES.myCourseDetails('c9')));
    const joins = calls.filter((call) => call.url === CLASS_API.joinCourse);
    expect(joins).toHaveLength(1);
    expect(joins[0]!.body).toEqual({ code: 'K7MPQ2XA' });
  });

  it("an unknown code: the server's 'Код не знайдено' and the way to the catalog", async () => {
    await setup('/join/K7MPQ2XA', {
      status: 404,
      body: { message: classMessages.joinCodeNotFound },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(classMessages.joinCodeNotFound);
    expect(screen.getByRole('link', { name: t.joinToCatalog }).getAttribute('href')).toBe(
      ROUTES.courseGrid,
    );
    expect(location()).toBe('/join/K7MPQ2XA');
  });

  it("a draft: the server's 409 message", async () => {
    await setup('/join/K7MPQ2XA', { status: 409, body: { message: classMessages.draftNoJoin } });
    expect((await screen.findByRole('alert')).textContent).toBe(classMessages.draftNoJoin);
    expect(screen.getByRole('link', { name: t.joinToMyCourses })).toBeTruthy();
  });

  it('a link that cannot hold a code asks nothing and says the code is not found', async () => {
    const { calls } = await setup('/join/abc', { status: 200, body: { course } });
    expect((await screen.findByRole('alert')).textContent).toBe(classMessages.joinCodeNotFound);
    expect(calls.some((call) => call.url === CLASS_API.joinCourse)).toBe(false);
  });

  it("signed out: the code, and 'Увійти' / 'Зареєструватися' that bring the user back after", async () => {
    const { user, calls } = await setup('/join/K7MPQ2XA', { status: 200, body: { course } }, false);
    expect(screen.getByRole('heading', { level: 1, name: t.joinTitle })).toBeTruthy();
    expect(screen.getByText(t.joinCodeShown('K7MP-Q2XA'))).toBeTruthy();
    // Remembered as the link opens: the header's ways in come back here too.
    expect(Object.values(window.sessionStorage)).toEqual(['K7MPQ2XA']);
    expect(screen.getByRole('link', { name: t.joinRegister }).getAttribute('href')).toBe(
      ROUTES.register,
    );
    await user.click(screen.getByRole('link', { name: t.joinSignIn }));
    expect(location()).toBe(ROUTES.login);
    expect(calls.some((call) => call.url === CLASS_API.joinCourse)).toBe(false);

    // Signed in, the first course list sends the user back to the link, once.
    const api = createTestServices({
      [`GET ${API.userCourses(student._id)}`]: { status: 200, body: { courses: [] } },
    });
    const view = await renderCoursePage(<StudentCourseListPage />, {
      services: api.services,
      user: student,
      route: ROUTES.myCourseList,
      path: ROUTES.myCourseList,
    });
    await waitFor(() =>
      expect(view.getAllByTestId('location').at(-1)!.textContent).toBe('/join/K7MPQ2XA'),
    );
    expect(window.sessionStorage.length).toBe(0);
  });
});

describe("'Приєднатися за кодом' on the student's course list", { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('checks the code, shows the server refusal beside it, then joins and opens the course', async () => {
    const api = createTestServices({
      [`GET ${API.userCourses(student._id)}`]: { status: 200, body: { courses: [] } },
      [`POST ${CLASS_API.joinCourse}`]: (call) =>
        (call.body as { code: string }).code === 'K7MPQ2XA'
          ? { status: 200, body: { course } }
          : {
              status: 404,
              body: {
                message: classMessages.joinCodeNotFound,
                fields: { code: classMessages.joinCodeNotFound },
              },
            },
    });
    await renderCoursePage(<StudentCourseListPage />, {
      services: api.services,
      user: student,
      route: ROUTES.myCourseList,
      path: ROUTES.myCourseList,
    });
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: t.joinFormHeading });
    const field = screen.getByLabelText(t.joinFormLabel);
    await user.click(screen.getByRole('button', { name: t.joinFormAction }));
    expect(form.textContent).toContain(classMessages.joinCodeRequired);
    expect(document.activeElement).toBe(field);

    await user.type(field, 'AAAA-BBBB');
    await user.click(screen.getByRole('button', { name: t.joinFormAction }));
    expect(await screen.findByText(classMessages.joinCodeNotFound)).toBeTruthy();

    await user.clear(field);
    await user.type(field, 'k7mp q2xa');
    await user.click(screen.getByRole('button', { name: t.joinFormAction }));
    await waitFor(() => expect(location()).toBe(ROUTES.myCourseDetails('c9')));
    expect(api.calls.filter((call) => call.url === CLASS_API.joinCourse).at(-1)!.body).toEqual({
      code: 'K7MPQ2XA',
    });
  });
});
