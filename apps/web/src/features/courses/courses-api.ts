/**
 * Courses as endpoints of the app's data layer (lib/api.ts): the catalogue,
 * the enrolled and the created courses, one course, and the changes to them
 * (create, update, enrol, leave). Homework and grading are homework-api.ts and
 * grading-api.ts.
 */
import {
  API,
  CLASS_API,
  UPLOAD_FIELDS,
  classPageMessages,
  messages,
  type Course,
  type CourseInput,
  type CourseVisibility,
} from '@urok/contract';
import { api } from '../../lib/api';
import type { AppServices } from '../../lib/services';

export interface CourseListResult {
  courses: Course[];
  nextCursor: string | null;
}

export interface CourseFormInput {
  fields: CourseInput;
  /** Who sees the course (DESIGN section 17); absent keeps it as it is. */
  visibility?: CourseVisibility;
  /** A new cover image, or null to keep (or not have) one. */
  cover: File | null;
}

export interface UpdateCourseInput extends CourseFormInput {
  courseId: string;
}

export interface UpdateCourseResult {
  authorCourses: Course[];
  course: Course;
}

/** A course's join code and its /join/{code} link (the author's). */
export interface JoinCode {
  code: string;
  url: string;
}

/** The multipart body of course create and update: text fields first, the cover last. */
function courseFormData(
  { fields, cover, visibility }: CourseFormInput,
  courseId?: string,
): FormData {
  const form = new FormData();
  // The course id first: the server refuses a non-author before storing a cover.
  if (courseId !== undefined) form.append('courseId', courseId);
  form.append('title', fields.title.trim());
  form.append('description', fields.description.trim());
  form.append('category', fields.category.trim());
  form.append('homeworkTask', fields.homeworkTask);
  form.append('homeworkDueAt', fields.homeworkDueAt);
  if (visibility) form.append('visibility', visibility);
  if (cover) form.append(UPLOAD_FIELDS.cover, cover, cover.name);
  return form;
}

/** A course's new figures (its enrolled count) in every list and page that shows it. */
function replaceCourse(list: Course[], course: Course): void {
  const index = list.findIndex((entry) => entry._id === course._id);
  if (index !== -1) list[index] = { ...list[index], ...course };
}

export const coursesApi = api
  .enhanceEndpoints({ addTagTypes: ['Course', 'CreatedCourses', 'UserCourses', 'JoinCode'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** GET courses?q=&cursor=: the catalogue of one search ('' for all), page by page. */
      catalog: build.infiniteQuery<CourseListResult, string, string | null>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (last) => last.nextCursor,
        },
        query: ({ queryArg: q, pageParam }) => ({
          url: API.courses,
          params: {
            ...(q.trim() ? { q: q.trim() } : {}),
            ...(pageParam ? { cursor: pageParam } : {}),
          },
          failure: messages.internalError,
          log: 'Fetching courses',
        }),
        providesTags: ['Course'],
      }),

      /** GET courses?authorId=: one author's courses. */
      authorCourses: build.query<Course[], string>({
        query: (authorId) => ({
          url: API.courses,
          params: { authorId },
          failure: messages.internalError,
          log: "Fetching the author's courses",
        }),
        transformResponse: (answer: CourseListResult) => answer.courses,
        providesTags: ['Course'],
      }),

      /** GET user/{id}/courses: the courses the user is enrolled in. */
      userCourses: build.query<Course[], string>({
        query: (userId) => ({
          url: API.userCourses(userId),
          failure: messages.internalError,
          log: 'Fetching enrolled courses',
        }),
        transformResponse: (answer: { courses: Course[] }) => answer.courses,
        providesTags: ['UserCourses'],
      }),

      /** GET users/created-courses, with the bearer header sent explicitly (spec section 7). */
      createdCourses: build.query<Course[], void>({
        async queryFn(_, { extra }, __, baseQuery) {
          const token = (extra as AppServices).session.readToken();
          if (!token) {
            console.error('Fetching created courses failed:', '', messages.tokenNotFound);
            return { error: { message: messages.tokenNotFound } };
          }
          const result = await baseQuery({
            url: API.createdCourses,
            headers: { Authorization: `Bearer ${token}` },
            failure: messages.internalError,
            log: 'Fetching created courses',
          });
          if (result.error) return { error: result.error };
          return { data: (result.data as { createdCourses: Course[] }).createdCourses };
        },
        providesTags: ['CreatedCourses'],
      }),

      /** GET courses/{id}: the course of a details page (a 404 or 400 means there is none). */
      course: build.query<Course, string>({
        query: (courseId) => ({
          url: API.course(courseId),
          failure: messages.courseNotFound,
          log: 'Fetching the course',
        }),
        transformResponse: (answer: { course: Course }) => answer.course,
        providesTags: (_result, _error, courseId) => [{ type: 'Course', id: courseId }],
      }),

      /** POST newcourses/newcteate-course (multipart). */
      createCourse: build.mutation<Course, CourseFormInput>({
        query: (input) => ({
          url: API.createCourse,
          method: 'post',
          body: courseFormData(input),
          failure: messages.internalError,
          log: 'Creating the course',
        }),
        transformResponse: (answer: { course: Course }) => answer.course,
        invalidatesTags: ['CreatedCourses', 'Course'],
      }),

      /** PUT courses/update (multipart): answers with the course and all of the author's courses. */
      updateCourse: build.mutation<UpdateCourseResult, UpdateCourseInput>({
        query: ({ courseId, ...input }) => ({
          url: API.updateCourse,
          method: 'put',
          body: courseFormData(input, courseId),
          failure: messages.internalError,
          log: 'Updating the course',
        }),
        async onQueryStarted(_, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (!data) return;
          dispatch(
            coursesApi.util.upsertQueryData('createdCourses', undefined, data.authorCourses),
          );
          dispatch(coursesApi.util.invalidateTags([{ type: 'Course', id: data.course._id }]));
        },
      }),

      /** POST courses/{id}/enroll: answers with the course and its new enrolledCount. */
      enroll: build.mutation<Course, string>({
        query: (courseId) => ({
          url: API.enroll(courseId),
          method: 'post',
          failure: messages.internalError,
          log: 'Enrolling',
        }),
        transformResponse: (answer: { course: Course }) => answer.course,
        async onQueryStarted(_, { dispatch, getState, queryFulfilled }) {
          const { data: course } = await queryFulfilled.catch(() => ({ data: null }));
          if (!course) return;
          const state = getState();
          for (const userId of coursesApi.util.selectCachedArgsForQuery(state, 'userCourses'))
            dispatch(
              coursesApi.util.updateQueryData('userCourses', userId, (list) => {
                if (!list.some((entry) => entry._id === course._id)) list.unshift(course);
              }),
            );
          for (const q of coursesApi.util.selectCachedArgsForQuery(state, 'catalog'))
            dispatch(
              coursesApi.util.updateQueryData('catalog', q, (data) => {
                for (const page of data.pages) replaceCourse(page.courses, course);
              }),
            );
          dispatch(
            coursesApi.util.updateQueryData('course', course._id, (viewed) => ({
              ...viewed,
              ...course,
            })),
          );
        },
      }),

      /** DELETE courses/{id}/enroll: 204; submitted homework is kept. */
      unenroll: build.mutation<null, string>({
        query: (courseId) => ({
          url: API.enroll(courseId),
          method: 'delete',
          failure: messages.internalError,
          log: 'Leaving the course',
        }),
        transformResponse: () => null,
        async onQueryStarted(courseId, { dispatch, getState, queryFulfilled }) {
          const { error } = await queryFulfilled.then(
            () => ({ error: false }),
            () => ({ error: true }),
          );
          if (error) return;
          const state = getState();
          let wasEnrolled = false;
          for (const userId of coursesApi.util.selectCachedArgsForQuery(state, 'userCourses'))
            dispatch(
              coursesApi.util.updateQueryData('userCourses', userId, (list) => {
                wasEnrolled ||= list.some((entry) => entry._id === courseId);
                return list.filter((entry) => entry._id !== courseId);
              }),
            );
          if (!wasEnrolled) return;
          const leave = (course: Course) => {
            if (course._id === courseId)
              course.enrolledCount = Math.max(0, course.enrolledCount - 1);
          };
          for (const q of coursesApi.util.selectCachedArgsForQuery(state, 'catalog'))
            dispatch(
              coursesApi.util.updateQueryData('catalog', q, (data) => {
                for (const page of data.pages) page.courses.forEach(leave);
              }),
            );
          dispatch(coursesApi.util.updateQueryData('course', courseId, leave));
        },
      }),

      // ---- classes (DESIGN section 17) ----
      /** GET courses/{id}/join-code: the author's; made on the first ask. */
      joinCode: build.query<JoinCode, string>({
        query: (courseId) => ({
          url: CLASS_API.joinCode(courseId),
          failure: classPageMessages.codeLoadFailed,
        }),
        providesTags: (_result, _error, courseId) => [{ type: 'JoinCode', id: courseId }],
      }),

      /** POST courses/{id}/join-code: a new code; the old one stops working at once. */
      rotateJoinCode: build.mutation<JoinCode, string>({
        query: (courseId) => ({
          url: CLASS_API.joinCode(courseId),
          method: 'post',
          failure: classPageMessages.codeLoadFailed,
        }),
        async onQueryStarted(courseId, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (data) dispatch(coursesApi.util.upsertQueryData('joinCode', courseId, data));
        },
      }),

      /** POST courses/join {code}: enrolled (idempotent); 404 'Код не знайдено', 409 for a draft. */
      joinCourse: build.mutation<Course, string>({
        query: (code) => ({
          url: CLASS_API.joinCourse,
          method: 'post',
          body: { code },
          failure: classPageMessages.joinFailed,
        }),
        transformResponse: (answer: { course: Course }) => answer.course,
        invalidatesTags: ['UserCourses'],
      }),

      /** POST courses/{id}/students {telephone}: the author adds an account; 404 when none has it. */
      addStudent: build.mutation<Course, { courseId: string; telephone: string }>({
        query: ({ courseId, telephone }) => ({
          url: CLASS_API.courseStudents(courseId),
          method: 'post',
          body: { telephone },
          failure: classPageMessages.addStudentFailed,
        }),
        transformResponse: (answer: { course: Course }) => answer.course,
        async onQueryStarted(_, { dispatch, queryFulfilled }) {
          const { data: course } = await queryFulfilled.catch(() => ({ data: null }));
          if (!course) return;
          dispatch(
            coursesApi.util.updateQueryData('createdCourses', undefined, (list) =>
              replaceCourse(list, course),
            ),
          );
        },
      }),
      // ---- end of classes section ----
    }),
  });

export const {
  useCatalogInfiniteQuery,
  useAuthorCoursesQuery,
  useUserCoursesQuery,
  useCreatedCoursesQuery,
  useCourseQuery,
  useCreateCourseMutation,
  useUpdateCourseMutation,
  useEnrollMutation,
  useUnenrollMutation,
  useJoinCodeQuery,
  useRotateJoinCodeMutation,
  useJoinCourseMutation,
  useAddStudentMutation,
} = coursesApi;
