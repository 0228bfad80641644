import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AxiosProgressEvent } from 'axios';
import { API, messages, type Course } from '@urok/contract';
import { createAppStore } from '../../app/store';
import { createTestServices } from '../../test/fake-api';
import {
  coursesReducer,
  createCourse,
  deleteHomework,
  enroll,
  fetchAuthorCourses,
  fetchCourse,
  fetchCourses,
  fetchCreatedCourses,
  fetchOwnHomework,
  fetchUserCourses,
  fetchUsersWithHomework,
  gradeHomework,
  initialCoursesState,
  resetHomeworkStatus,
  selectCourses,
  unenroll,
  updateCourse,
  uploadHomework,
  type CourseFormInput,
  type CoursesState,
} from './course-slice';
import { makeCourse, makeHomework, makeUserWithHomework } from './testing';

const reduce = (state: CoursesState | undefined, action: Parameters<typeof coursesReducer>[1]) =>
  coursesReducer(state, action);

const c1 = makeCourse({ _id: 'c1', title: 'Python' });
const c2 = makeCourse({ _id: 'c2', title: 'Design' });
const c3 = makeCourse({ _id: 'c3', title: 'English' });
const failure = { message: messages.internalError, status: 500 };
const formInput: CourseFormInput = {
  fields: {
    title: 'Python',
    description: 'Змінні, цикли, функції.',
    category: 'Програмування',
    homeworkTask: '',
    homeworkDueAt: '',
  },
  cover: null,
};

describe('courses reducer', () => {
  it('starts idle and empty', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual(initialCoursesState);
    expect(initialCoursesState).toMatchObject({
      allCourses: [],
      allAuthorCourses: [],
      createdCourses: [],
      addedCourses: [],
      userCourses: [],
      status: 'idle',
      homeworkStatus: 'idle',
      nextCursor: null,
      query: '',
    });
  });

  it('reads as the initial state before the slice joined the store', () => {
    expect(selectCourses({})).toBe(initialCoursesState);
  });

  describe('fetchCourses (first page and next pages)', () => {
    const first = { q: 'py' };
    it('pending of a first page: loading, the query recorded, the old list cleared', () => {
      const before = { ...initialCoursesState, allCourses: [c3], nextCursor: 'old', query: '' };
      const state = reduce(before, fetchCourses.pending('r1', first));
      expect(state).toMatchObject({
        status: 'loading',
        query: 'py',
        allCourses: [],
        nextCursor: null,
        coursesRequestId: 'r1',
      });
      expect(state.loads.allCourses).toBe('loading');
    });

    it('fulfilled: the page and its cursor', () => {
      let state = reduce(initialCoursesState, fetchCourses.pending('r1', first));
      state = reduce(
        state,
        fetchCourses.fulfilled({ courses: [c1, c2], nextCursor: 'n1' }, 'r1', first),
      );
      expect(state).toMatchObject({ status: 'loaded', allCourses: [c1, c2], nextCursor: 'n1' });
      expect(state.loads.allCourses).toBe('loaded');
    });

    it('a next page is appended (without repeating a course) and keeps the query', () => {
      const loaded = {
        ...initialCoursesState,
        query: 'py',
        allCourses: [c1, c2],
        nextCursor: 'n1',
      };
      const next = { q: 'py', cursor: 'n1' };
      let state = reduce(loaded, fetchCourses.pending('r2', next));
      expect(state).toMatchObject({
        status: 'loading',
        allCourses: [c1, c2],
        nextCursor: 'n1',
        query: 'py',
      });
      state = reduce(
        state,
        fetchCourses.fulfilled({ courses: [c2, c3], nextCursor: null }, 'r2', next),
      );
      expect(state.allCourses.map((course) => course._id)).toEqual(['c1', 'c2', 'c3']);
      expect(state.nextCursor).toBeNull();
    });

    it('an older request answering late does not replace the newer search', () => {
      let state = reduce(initialCoursesState, fetchCourses.pending('old', { q: 'p' }));
      state = reduce(state, fetchCourses.pending('new', { q: 'python' }));
      state = reduce(
        state,
        fetchCourses.fulfilled({ courses: [c3], nextCursor: 'x' }, 'old', { q: 'p' }),
      );
      expect(state.allCourses).toEqual([]);
      expect(state.loads.allCourses).toBe('loading');
      state = reduce(
        state,
        fetchCourses.fulfilled({ courses: [c1], nextCursor: null }, 'new', { q: 'python' }),
      );
      expect(state).toMatchObject({ allCourses: [c1], query: 'python' });
    });

    it('rejected: error, the list kept', () => {
      const loaded = {
        ...initialCoursesState,
        allCourses: [c1],
        nextCursor: 'n1',
        coursesRequestId: 'r2',
      };
      const state = reduce(loaded, fetchCourses.rejected(null, 'r2', { cursor: 'n1' }, failure));
      expect(state).toMatchObject({ status: 'error', allCourses: [c1], nextCursor: 'n1' });
      expect(state.loads.allCourses).toBe('error');
    });
  });

  describe('fetchAuthorCourses', () => {
    it('pending, fulfilled, rejected', () => {
      let state = reduce(initialCoursesState, fetchAuthorCourses.pending('r', 't1'));
      expect(state.status).toBe('loading');
      state = reduce(state, fetchAuthorCourses.fulfilled([c1], 'r', 't1'));
      expect(state).toMatchObject({ status: 'loaded', allAuthorCourses: [c1] });
      state = reduce(state, fetchAuthorCourses.rejected(null, 'r', 't1', failure));
      expect(state).toMatchObject({ status: 'error', allAuthorCourses: [c1] });
      expect(state.loads.authorCourses).toBe('error');
    });
  });

  describe('fetchUserCourses', () => {
    it('pending, fulfilled, rejected', () => {
      let state = reduce(initialCoursesState, fetchUserCourses.pending('r', 's1'));
      expect(state).toMatchObject({ status: 'loading' });
      expect(state.loads.userCourses).toBe('loading');
      state = reduce(state, fetchUserCourses.fulfilled([c2], 'r', 's1'));
      expect(state).toMatchObject({ status: 'loaded', userCourses: [c2] });
      state = reduce(state, fetchUserCourses.rejected(null, 'r', 's1', failure));
      expect(state).toMatchObject({ status: 'error', userCourses: [c2] });
      expect(state.loads.userCourses).toBe('error');
    });
  });

  describe('fetchCreatedCourses', () => {
    it('pending, fulfilled, rejected', () => {
      let state = reduce(initialCoursesState, fetchCreatedCourses.pending('r'));
      expect(state.status).toBe('loading');
      state = reduce(state, fetchCreatedCourses.fulfilled([c1, c2], 'r'));
      expect(state).toMatchObject({ status: 'loaded', createdCourses: [c1, c2] });
      state = reduce(
        state,
        fetchCreatedCourses.rejected(null, 'r', undefined, { message: messages.tokenNotFound }),
      );
      expect(state.status).toBe('error');
      expect(state.loads.createdCourses).toBe('error');
    });

    it('a fresh list keeps the enrolled users already attached', () => {
      const users = [makeUserWithHomework()];
      const before = {
        ...initialCoursesState,
        createdCourses: [{ ...c1, enrolledUsers: users }, c2],
      };
      const state = reduce(
        before,
        fetchCreatedCourses.fulfilled([{ ...c1, title: 'Python 2' }, c2], 'r'),
      );
      expect(state.createdCourses[0]).toEqual({ ...c1, title: 'Python 2', enrolledUsers: users });
      expect(state.createdCourses[1]).toEqual(c2);
    });
  });

  describe('fetchCourse (a details page)', () => {
    it('pending: loading; another course on screen is dropped', () => {
      const before = { ...initialCoursesState, viewedCourseId: 'c2', viewedCourse: c2 };
      const state = reduce(before, fetchCourse.pending('r', 'c1'));
      expect(state).toMatchObject({ status: 'loading', viewedCourseId: 'c1', viewedCourse: null });
      expect(state.loads.course).toBe('loading');
    });
    it('fulfilled: the course', () => {
      let state = reduce(initialCoursesState, fetchCourse.pending('r', 'c1'));
      state = reduce(state, fetchCourse.fulfilled(c1, 'r', 'c1'));
      expect(state).toMatchObject({ status: 'loaded', viewedCourse: c1 });
      expect(state.loads.course).toBe('loaded');
    });
    it('404: error status, but the answer is in: loaded with no course (not found)', () => {
      let state = reduce(initialCoursesState, fetchCourse.pending('r', 'nope'));
      state = reduce(
        state,
        fetchCourse.rejected(null, 'r', 'nope', { message: messages.courseNotFound, status: 404 }),
      );
      expect(state).toMatchObject({ status: 'error', viewedCourse: null, viewedCourseId: 'nope' });
      expect(state.loads.course).toBe('loaded');
    });
    it('another failure: error, to retry', () => {
      let state = reduce(initialCoursesState, fetchCourse.pending('r', 'c1'));
      state = reduce(state, fetchCourse.rejected(null, 'r', 'c1', failure));
      expect(state.loads.course).toBe('error');
    });
  });

  describe('createCourse', () => {
    it('pending: loading', () => {
      expect(reduce(initialCoursesState, createCourse.pending('r', formInput)).status).toBe(
        'loading',
      );
    });
    it('creating a course appends it to addedCourses (and puts it first among the created ones)', () => {
      const before = { ...initialCoursesState, addedCourses: [c2], createdCourses: [c2] };
      const state = reduce(before, createCourse.fulfilled(c1, 'r', formInput));
      expect(state.status).toBe('loaded');
      expect(state.addedCourses).toEqual([c2, c1]);
      expect(state.createdCourses).toEqual([c1, c2]);
    });
    it('rejected: error, nothing added', () => {
      const state = reduce(
        initialCoursesState,
        createCourse.rejected(null, 'r', formInput, failure),
      );
      expect(state).toMatchObject({ status: 'error', addedCourses: [], createdCourses: [] });
    });
  });

  describe('updateCourse', () => {
    const input = { ...formInput, courseId: 'c1' };
    it('pending: loading', () => {
      expect(reduce(initialCoursesState, updateCourse.pending('r', input)).status).toBe('loading');
    });
    it('updating a course replaces createdCourses with authorCourses from the response', () => {
      const renamed = { ...c1, title: 'Python 3' };
      const before = { ...initialCoursesState, createdCourses: [c1, c2, c3], allCourses: [c1, c3] };
      const state = reduce(
        before,
        updateCourse.fulfilled({ authorCourses: [renamed, c2], course: renamed }, 'r', input),
      );
      expect(state.status).toBe('loaded');
      expect(state.createdCourses).toEqual([renamed, c2]);
      expect(state.allCourses).toEqual([renamed, c3]);
    });
    it('the enrolled users already fetched stay attached', () => {
      const users = [makeUserWithHomework()];
      const before = { ...initialCoursesState, createdCourses: [{ ...c1, enrolledUsers: users }] };
      const state = reduce(
        before,
        updateCourse.fulfilled({ authorCourses: [c1], course: c1 }, 'r', input),
      );
      expect(state.createdCourses[0]?.enrolledUsers).toEqual(users);
    });
    it('rejected: error, the courses kept', () => {
      const before = { ...initialCoursesState, createdCourses: [c1] };
      const state = reduce(before, updateCourse.rejected(null, 'r', input, failure));
      expect(state).toMatchObject({ status: 'error', createdCourses: [c1] });
    });
  });

  describe('fetchUsersWithHomework', () => {
    it('pending: loading', () => {
      const state = reduce(initialCoursesState, fetchUsersWithHomework.pending('r', 'c2'));
      expect(state.status).toBe('loading');
      expect(state.loads.enrolledUsers).toBe('loading');
    });
    it('fetching enrolled users for a course attaches them to the matching created course by _id', () => {
      const users = [makeUserWithHomework()];
      const before = { ...initialCoursesState, createdCourses: [c1, c2] };
      const state = reduce(before, fetchUsersWithHomework.fulfilled(users, 'r', 'c2'));
      expect(state.status).toBe('loaded');
      expect(state.createdCourses).toEqual([c1, { ...c2, enrolledUsers: users }]);
    });
    it('a course that is not among the created ones gets nothing', () => {
      const before = { ...initialCoursesState, createdCourses: [c1] };
      const state = reduce(
        before,
        fetchUsersWithHomework.fulfilled([makeUserWithHomework()], 'r', 'zz'),
      );
      expect(state.createdCourses).toEqual([c1]);
    });
    it('rejected: error', () => {
      const state = reduce(
        initialCoursesState,
        fetchUsersWithHomework.rejected(null, 'r', 'c1', failure),
      );
      expect(state.status).toBe('error');
      expect(state.loads.enrolledUsers).toBe('error');
    });
  });

  describe('fetchOwnHomework', () => {
    it('pending, fulfilled (by course), rejected', () => {
      const homework = [makeHomework()];
      let state = reduce(initialCoursesState, fetchOwnHomework.pending('r', 'c1'));
      expect(state.loads.ownHomework).toBe('loading');
      state = reduce(state, fetchOwnHomework.fulfilled(homework, 'r', 'c1'));
      expect(state.ownHomework).toEqual({ c1: homework });
      expect(state.status).toBe('loaded');
      state = reduce(state, fetchOwnHomework.rejected(null, 'r', 'c1', failure));
      expect(state.status).toBe('error');
      expect(state.ownHomework).toEqual({ c1: homework });
    });
  });

  describe('deleteHomework', () => {
    it('fulfilled: the submission leaves its course’s list; rejected: the list is kept', () => {
      const input = { courseId: 'c1', homeworkId: 'h1' };
      const before = {
        ...initialCoursesState,
        ownHomework: { c1: [makeHomework({ _id: 'h2' }), makeHomework()], c2: [makeHomework()] },
      };
      const refused = reduce(
        before,
        deleteHomework.rejected(null, 'r', input, {
          message: messages.homeworkGradedCannotDelete,
          status: 409,
        }),
      );
      expect(refused.ownHomework).toEqual(before.ownHomework);
      const state = reduce(before, deleteHomework.fulfilled('h1', 'r', input));
      expect(state.ownHomework.c1?.map((entry) => entry._id)).toEqual(['h2']);
      expect(state.ownHomework.c2?.map((entry) => entry._id)).toEqual(['h1']);
    });
  });

  describe('uploadHomework and resetHomeworkStatus', () => {
    const file = new File(['x'], 'words.py');
    const input = { courseId: 'c1', file, comment: '' };
    const homework = makeHomework({ _id: 'h2' });

    it('homework status: idle → loading → loaded, the submission first in the list', () => {
      const before = { ...initialCoursesState, ownHomework: { c1: [makeHomework()] } };
      let state = reduce(before, uploadHomework.pending('r', input));
      expect(state.homeworkStatus).toBe('loading');
      state = reduce(
        state,
        uploadHomework.fulfilled({ homework, message: messages.homeworkUploaded }, 'r', input),
      );
      expect(state.homeworkStatus).toBe('loaded');
      expect(state.ownHomework.c1?.map((entry) => entry._id)).toEqual(['h2', 'h1']);
    });
    it('homework status: loading → error', () => {
      let state = reduce(initialCoursesState, uploadHomework.pending('r', input));
      state = reduce(
        state,
        uploadHomework.rejected(null, 'r', input, {
          message: messages.homeworkTooLarge,
          status: 413,
        }),
      );
      expect(state.homeworkStatus).toBe('error');
    });
    it('the course status is not the upload status', () => {
      const state = reduce(initialCoursesState, uploadHomework.pending('r', input));
      expect(state.status).toBe('idle');
    });
    it('a homework upload can be reset to idle (after loaded or error)', () => {
      expect(
        reduce({ ...initialCoursesState, homeworkStatus: 'loaded' }, resetHomeworkStatus())
          .homeworkStatus,
      ).toBe('idle');
      expect(
        reduce({ ...initialCoursesState, homeworkStatus: 'error' }, resetHomeworkStatus())
          .homeworkStatus,
      ).toBe('idle');
    });
  });

  describe('enroll and unenroll', () => {
    it('enroll pending: loading', () => {
      expect(reduce(initialCoursesState, enroll.pending('r', 'c1')).status).toBe('loading');
    });
    it('enroll fulfilled: the course joins userCourses once, with its new count everywhere', () => {
      const counted = { ...c1, enrolledCount: 4 };
      const before = {
        ...initialCoursesState,
        allCourses: [c1, c2],
        userCourses: [c2],
        viewedCourse: c1,
        viewedCourseId: 'c1',
      };
      let state = reduce(before, enroll.fulfilled(counted, 'r', 'c1'));
      expect(state.userCourses).toEqual([counted, c2]);
      expect(state.allCourses[0]?.enrolledCount).toBe(4);
      expect(state.viewedCourse?.enrolledCount).toBe(4);
      state = reduce(state, enroll.fulfilled(counted, 'r', 'c1'));
      expect(state.userCourses).toHaveLength(2);
    });
    it('enroll rejected: error', () => {
      expect(reduce(initialCoursesState, enroll.rejected(null, 'r', 'c1', failure)).status).toBe(
        'error',
      );
    });
    it('unenroll fulfilled: the course leaves userCourses and its count drops', () => {
      const before = {
        ...initialCoursesState,
        allCourses: [c1],
        userCourses: [c1, c2],
        viewedCourse: c1,
        viewedCourseId: 'c1',
        ownHomework: { c1: [makeHomework()] },
      };
      let state = reduce(before, unenroll.pending('r', 'c1'));
      expect(state.status).toBe('loading');
      state = reduce(state, unenroll.fulfilled('c1', 'r', 'c1'));
      expect(state.status).toBe('loaded');
      expect(state.userCourses).toEqual([c2]);
      expect(state.allCourses[0]?.enrolledCount).toBe(2);
      expect(state.viewedCourse?.enrolledCount).toBe(2);
      // Submitted homework is kept.
      expect(state.ownHomework.c1).toHaveLength(1);
    });
    it('unenroll of a course one was not in changes no count', () => {
      const before = { ...initialCoursesState, allCourses: [c1] };
      const state = reduce(before, unenroll.fulfilled('c1', 'r', 'c1'));
      expect(state.allCourses[0]?.enrolledCount).toBe(3);
    });
    it('unenroll rejected: error, still enrolled', () => {
      const before = { ...initialCoursesState, userCourses: [c1] };
      const state = reduce(before, unenroll.rejected(null, 'r', 'c1', failure));
      expect(state).toMatchObject({ status: 'error', userCourses: [c1] });
    });
  });

  describe('gradeHomework', () => {
    const input = { courseId: 'c1', homeworkId: 'h1', grade: '10', feedback: 'Чудово' };
    it('pending: loading', () => {
      expect(reduce(initialCoursesState, gradeHomework.pending('r', input)).status).toBe('loading');
    });
    it('fulfilled: the graded submission replaces the ungraded one', () => {
      const users = [
        makeUserWithHomework({ homework: [makeHomework(), makeHomework({ _id: 'h9' })] }),
      ];
      const before = { ...initialCoursesState, createdCourses: [{ ...c1, enrolledUsers: users }] };
      const graded = makeHomework({
        grade: '10',
        feedback: 'Чудово',
        gradedAt: '2025-05-02T10:00:00.000Z',
      });
      const state = reduce(before, gradeHomework.fulfilled(graded, 'r', input));
      expect(state.status).toBe('loaded');
      expect(state.createdCourses[0]?.enrolledUsers?.[0]?.homework).toEqual([
        graded,
        makeHomework({ _id: 'h9' }),
      ]);
    });
    it('rejected (409 already graded): error', () => {
      const state = reduce(
        initialCoursesState,
        gradeHomework.rejected(null, 'r', input, { message: messages.alreadyGraded, status: 409 }),
      );
      expect(state.status).toBe('error');
    });
  });
});

describe('course thunks against the API', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('fetchCourses sends q and cursor as query parameters and pages', async () => {
    const { services, calls } = createTestServices({
      [`GET ${API.courses}`]: (call) =>
        call.params?.cursor
          ? { status: 200, body: { courses: [c2], nextCursor: null } }
          : { status: 200, body: { courses: [c1], nextCursor: 'n1' } },
    });
    const store = createAppStore(services);
    await store.dispatch(fetchCourses({ q: ' py ' }));
    await store.dispatch(fetchCourses({ q: 'py', cursor: 'n1' }));
    expect(calls.map((call) => call.params)).toEqual([{ q: 'py' }, { q: 'py', cursor: 'n1' }]);
    expect(selectCourses(store.getState()).allCourses).toEqual([c1, c2]);
    expect(selectCourses(store.getState()).nextCursor).toBeNull();
  });

  it('fetchAuthorCourses asks for courses?authorId=', async () => {
    const { services, calls } = createTestServices({
      [`GET ${API.courses}`]: { status: 200, body: { courses: [c1], nextCursor: null } },
    });
    const store = createAppStore(services);
    await store.dispatch(fetchAuthorCourses('t1'));
    expect(calls[0]?.params).toEqual({ authorId: 't1' });
    expect(selectCourses(store.getState()).allAuthorCourses).toEqual([c1]);
  });

  it('fetchCreatedCourses sends the stored token as a bearer header; without one, Token not found', async () => {
    const { services, calls } = createTestServices({
      [`GET ${API.createdCourses}`]: { status: 200, body: { createdCourses: [c1] } },
    });
    const store = createAppStore(services);
    const missing = await store.dispatch(fetchCreatedCourses());
    expect(missing.payload).toEqual({ message: messages.tokenNotFound });
    expect(calls).toHaveLength(0);
    expect(console.error).toHaveBeenCalled();

    window.localStorage.setItem('token', 'tok');
    await store.dispatch(fetchCreatedCourses());
    expect(calls[0]?.authorization).toBe('Bearer tok');
    expect(selectCourses(store.getState()).createdCourses).toEqual([c1]);
  });

  it('createCourse posts multipart fields and the cover to newcourses/newcteate-course', async () => {
    const { services, calls } = createTestServices({
      [`POST ${API.createCourse}`]: { status: 201, body: { course: c1 } },
    });
    const store = createAppStore(services);
    const cover = new File(['img'], 'cover.png', { type: 'image/png' });
    await store.dispatch(
      createCourse({ ...formInput, fields: { ...formInput.fields, title: '  Python  ' }, cover }),
    );
    const body = calls[0]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect([...body.keys()]).toEqual([
      'title',
      'description',
      'category',
      'homeworkTask',
      'homeworkDueAt',
      'cover',
    ]);
    expect(body.get('title')).toBe('Python');
    expect((body.get('cover') as File).name).toBe('cover.png');
    expect(selectCourses(store.getState()).addedCourses).toEqual([c1]);
  });

  it('updateCourse puts courseId first, then the fields', async () => {
    const { services, calls } = createTestServices({
      [`PUT ${API.updateCourse}`]: { status: 200, body: { authorCourses: [c1], course: c1 } },
    });
    const store = createAppStore(services);
    await store.dispatch(updateCourse({ ...formInput, courseId: 'c1' }));
    const body = calls[0]?.body as FormData;
    expect([...body.keys()]).toEqual([
      'courseId',
      'title',
      'description',
      'category',
      'homeworkTask',
      'homeworkDueAt',
    ]);
    expect(selectCourses(store.getState()).createdCourses).toEqual([c1]);
  });

  it('uploadHomework sends courseId, comment, then the file, and reports progress', async () => {
    const { services, calls } = createTestServices({
      [`POST ${API.uploadHomework}`]: (_call, config) => {
        config.onUploadProgress?.({ loaded: 25, total: 100 } as AxiosProgressEvent);
        config.onUploadProgress?.({ loaded: 100, total: 100 } as AxiosProgressEvent);
        return {
          status: 201,
          body: { homework: makeHomework(), message: messages.homeworkUploaded },
        };
      },
    });
    const store = createAppStore(services);
    const onProgress = vi.fn();
    const file = new File(['print(1)'], 'words.py', { type: 'text/plain' });
    await store.dispatch(uploadHomework({ courseId: 'c1', file, comment: 'Готово', onProgress }));
    const body = calls[0]?.body as FormData;
    expect([...body.keys()]).toEqual(['courseId', 'comment', 'file']);
    expect(body.get('comment')).toBe('Готово');
    expect(onProgress.mock.calls).toEqual([[25], [100]]);
    expect(selectCourses(store.getState()).homeworkStatus).toBe('loaded');
  });

  it('enroll, unenroll and gradeHomework use their paths', async () => {
    const { services, calls } = createTestServices({
      [`POST ${API.enroll('c1')}`]: { status: 200, body: { course: c1 } },
      [`DELETE ${API.enroll('c1')}`]: { status: 204 },
      [`PUT ${API.gradeHomework('h1')}`]: {
        status: 200,
        body: { homework: makeHomework({ grade: '10' }) },
      },
    });
    const store = createAppStore(services);
    await store.dispatch(enroll('c1'));
    expect(selectCourses(store.getState()).userCourses).toEqual([c1]);
    await store.dispatch(unenroll('c1'));
    expect(selectCourses(store.getState()).userCourses).toEqual([]);
    await store.dispatch(
      gradeHomework({ courseId: 'c1', homeworkId: 'h1', grade: ' 10 ', feedback: 'Добре' }),
    );
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST courses/c1/enroll',
      'DELETE courses/c1/enroll',
      'PUT homework/h1/grade',
    ]);
    expect(calls[2]?.body).toEqual({ grade: '10', feedback: 'Добре' });
  });

  it('a failed call sets the status to error and is logged (spec section 8)', async () => {
    const { services } = createTestServices({
      [`GET ${API.userCourses('s1')}`]: { status: 500, body: { message: messages.internalError } },
    });
    const store = createAppStore(services);
    const result = await store.dispatch(fetchUserCourses('s1'));
    expect(result.payload).toEqual({ message: messages.internalError, status: 500 });
    expect(selectCourses(store.getState()).status).toBe('error');
    expect(console.error).toHaveBeenCalledWith(
      'Fetching enrolled courses failed:',
      500,
      messages.internalError,
    );
  });

  it('course ids are encoded in paths', () => {
    const odd: Course = makeCourse({ _id: 'a/b' });
    expect(API.course(odd._id)).toBe('courses/a%2Fb');
  });
});
