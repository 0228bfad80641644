/**
 * Test helpers of the course pages (imported by tests only): sample course
 * data, and a render under a signed-in layout route that hands the user to
 * the page.
 */
import type { ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Outlet, Route, Routes, useLocation } from 'react-router';
import type { Course, Homework, User, UserWithHomework } from '@urok/contract';
import type { Assignment } from '@urok/contract/schemas';
import { createAppStore, type RootState } from '../../app/store';
import type { SignedInContext } from '../../lib/signed-in-user';
import type { AppServices } from '../../lib/services';
import { makeUser } from '../../test/fake-api';

export const teacher: User = makeUser({
  _id: 't1',
  username: 'Ірина Коваль',
  isAdmin: true,
  telephone: '+380671112233',
});
export const student: User = makeUser({ _id: 's1', username: 'Олена Петренко' });

export function makeCourse(overrides: Partial<Course> = {}): Course {
  return {
    _id: 'c1',
    title: 'Python для початківців',
    description: 'Змінні, цикли, функції та перші програми.',
    category: 'Програмування',
    homeworkTask: 'Напишіть програму, що рахує слова у тексті.',
    homeworkDueAt: '2099-06-01T15:00:00.000Z',
    coverUrl: null,
    author: { _id: teacher._id, username: teacher.username },
    enrolledCount: 3,
    visibility: 'public',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A published assignment 'a1' of course 'c1', 12 points, no due date. */
export function makeAssignment(overrides: Partial<Assignment> = {}): Assignment {
  return {
    _id: 'a1',
    courseId: 'c1',
    sectionId: 's1',
    title: 'Есе',
    instructions: { type: 'doc', content: [] },
    dueAt: null,
    maxPoints: 12,
    published: true,
    position: 0,
    isDefault: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeHomework(overrides: Partial<Homework> = {}): Homework {
  return {
    _id: 'h1',
    courseId: 'c1',
    assignmentId: 'a1',
    userId: student._id,
    fileName: 'words.py',
    size: 2048,
    mimeType: 'text/plain',
    comment: '',
    submittedAt: '2025-05-01T10:00:00.000Z',
    isLate: false,
    grade: null,
    points: null,
    feedback: null,
    gradedAt: null,
    gradeHistory: [],
    ...overrides,
  };
}

export function makeUserWithHomework(overrides: Partial<UserWithHomework> = {}): UserWithHomework {
  return {
    _id: student._id,
    username: student.username,
    telephone: student.telephone,
    email: student.email,
    homework: [makeHomework()],
    ...overrides,
  };
}

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</output>
  );
}

interface RenderPageOptions {
  services: AppServices;
  user: User;
  /** The route pattern the page is mounted at, e.g. '/mycourse-details/:id'. */
  route: string;
  path: string;
  preloadedState?: Partial<RootState>;
}

/** Renders a course page as the signed-in layout would (the user comes from the outlet context). */
export async function renderCoursePage(
  page: ReactNode,
  { services, user, route, path, preloadedState }: RenderPageOptions,
) {
  const store = createAppStore(services, preloadedState);
  const context: SignedInContext = { user };
  let result!: ReturnType<typeof render>;
  await act(async () => {
    result = render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<Outlet context={context} />}>
              <Route path={route} element={page} />
              <Route path="*" element={null} />
            </Route>
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </Provider>,
    );
  });
  return { store, ...result };
}
