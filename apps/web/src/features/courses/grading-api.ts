/**
 * Assignments and grades as endpoints of the app's data layer (lib/api.ts):
 * an assignment and its form, the gradebook, a student's grades and the
 * private calendar feed.
 */
import { LEARNING_API, gradesMessages, messages } from '@urok/contract';
import type {
  Assignment,
  CreateAssignmentBody,
  Gradebook,
  Outline,
  OutlineItem,
  UpdateAssignmentBody,
  UserGrades,
} from '@urok/contract/schemas';
import { api } from '../../lib/api';

/** An assignment or a quiz of a course's outline, with its section's title. */
export type CourseWork = Omit<OutlineItem, 'kind'> & {
  kind: 'assignment' | 'quiz';
  sectionTitle: string;
};

export interface SectionChoice {
  _id: string;
  title: string;
}

export const gradingApi = api
  .enhanceEndpoints({ addTagTypes: ['Assignment', 'Gradebook', 'Grades', 'Outline'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** GET assignments/{id}: the author's, or a published one for an enrolled student. */
      assignment: build.query<Assignment, string>({
        query: (assignmentId) => ({
          url: LEARNING_API.assignment(assignmentId),
          failure: gradesMessages.assignmentLoadFailed,
        }),
        transformResponse: (answer: { assignment: Assignment }) => answer.assignment,
        providesTags: (_result, _error, id) => [{ type: 'Assignment', id }],
      }),

      /** GET courses/{id}/outline as the author: the sections a new assignment can go into. */
      assignmentSections: build.query<SectionChoice[], string>({
        query: (courseId) => ({
          url: LEARNING_API.outline(courseId),
          failure: messages.outlineLoadFailed,
        }),
        transformResponse: (outline: Outline) =>
          outline.sections.map(({ _id, title }) => ({ _id, title })),
        providesTags: ['Outline'],
      }),

      /**
       * GET courses/{id}/outline: the course's assignments and quizzes in outline order, each
       * with its section (the 'Завдання' tab, and the names of the assignments submissions are for).
       */
      courseWork: build.query<CourseWork[], string>({
        query: (courseId) => ({
          url: LEARNING_API.outline(courseId),
          failure: messages.outlineLoadFailed,
        }),
        transformResponse: (outline: Outline) =>
          outline.sections.flatMap((section) =>
            section.items.flatMap((item) =>
              item.kind === 'lesson'
                ? []
                : [{ ...item, kind: item.kind, sectionTitle: section.title }],
            ),
          ),
        providesTags: ['Outline'],
      }),

      /** POST courses/{id}/assignments: the outline and the gradebook gain a column. */
      createAssignment: build.mutation<
        Assignment,
        { courseId: string; body: CreateAssignmentBody }
      >({
        query: ({ courseId, body }) => ({
          url: LEARNING_API.assignments(courseId),
          method: 'post',
          body,
          failure: gradesMessages.assignmentSaveFailed,
        }),
        transformResponse: (answer: { assignment: Assignment }) => answer.assignment,
        invalidatesTags: ['Outline', 'Gradebook', 'Grades'],
      }),

      /** PUT assignments/{id}. */
      updateAssignment: build.mutation<
        Assignment,
        { assignmentId: string; body: UpdateAssignmentBody }
      >({
        query: ({ assignmentId, body }) => ({
          url: LEARNING_API.assignment(assignmentId),
          method: 'put',
          body,
          failure: gradesMessages.assignmentSaveFailed,
        }),
        transformResponse: (answer: { assignment: Assignment }) => answer.assignment,
        async onQueryStarted({ assignmentId }, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (!data) return;
          dispatch(gradingApi.util.upsertQueryData('assignment', assignmentId, data));
          dispatch(gradingApi.util.invalidateTags(['Outline', 'Gradebook', 'Grades']));
        },
      }),

      /** GET courses/{id}/gradebook (the author). */
      gradebook: build.query<Gradebook, string>({
        query: (courseId) => ({
          url: LEARNING_API.gradebook(courseId),
          failure: gradesMessages.gradebookLoadFailed,
        }),
        providesTags: ['Gradebook'],
      }),

      /** GET user/{id}/grades: the signed-in student's grades in every course. */
      userGrades: build.query<UserGrades, string>({
        query: (userId) => ({
          url: LEARNING_API.userGrades(userId),
          failure: gradesMessages.gradesLoadFailed,
        }),
        providesTags: ['Grades'],
      }),

      /**
       * POST calendar/feed: a new private feed address (the old one stops
       * working). The address is a credential: the page sends it untracked
       * (useSecretMutation), so it never enters the store.
       */
      createCalendarFeed: build.mutation<string, void>({
        query: () => ({
          url: LEARNING_API.calendarFeed,
          method: 'post',
          failure: gradesMessages.calendarFailed,
        }),
        transformResponse: (answer: { url: string }) => answer.url,
      }),

      /** DELETE calendar/feed: the address stops working. */
      revokeCalendarFeed: build.mutation<null, void>({
        query: () => ({
          url: LEARNING_API.calendarFeed,
          method: 'delete',
          failure: gradesMessages.calendarFailed,
        }),
        transformResponse: () => null,
      }),
    }),
  });

export const {
  useAssignmentQuery,
  useAssignmentSectionsQuery,
  useCourseWorkQuery,
  useCreateAssignmentMutation,
  useUpdateAssignmentMutation,
  useGradebookQuery,
  useUserGradesQuery,
  useRevokeCalendarFeedMutation,
} = gradingApi;
