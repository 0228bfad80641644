/**
 * Course content as endpoints of the app's data layer (lib/api.ts): the
 * outline (the syllabus, a student's ticks, the author's editor), a lesson,
 * progress, completion, and the author's changes to the outline and to a
 * lesson. The 'Outline' tag is shared with grading-api.ts (the course's
 * assignments and quizzes are read from the outline too).
 */
import {
  API,
  LEARNING_API,
  QUIZ_API,
  UPLOAD_API,
  EMPTY_DOCUMENT,
  messages,
  type Course,
  type LessonDocument,
  type OutlineItemKind,
} from '@urok/contract';
import type {
  Attachment,
  AuthorProgress,
  Lesson,
  Outline,
  StudentProgress,
} from '@urok/contract/schemas';
import { api, type ServiceRequest } from '../../lib/api';
import type { ApiFailure } from '../../lib/api-error';
import type { UploadState } from '../../lib/resumable-upload';
import type { AppServices } from '../../lib/services';

/** Turns an outline into the PUT courses/{id}/outline body (every section and item, in order). */
export function outlineBody(outline: Outline) {
  return {
    sections: outline.sections.map((section) => ({
      _id: section._id,
      items: section.items.map((item) => ({ kind: item.kind, _id: item._id })),
    })),
  };
}

/** One author's change of the outline; each resolves to the outline as it now is. */
export type OutlineChange =
  | { kind: 'reorder'; outline: Outline }
  | { kind: 'addSection'; title: string }
  | { kind: 'renameSection'; sectionId: string; title: string }
  | { kind: 'deleteSection'; sectionId: string }
  | { kind: 'addLesson'; sectionId: string; title: string }
  | { kind: 'addQuiz'; sectionId: string; title: string }
  /** A lesson's, an assignment's or a quiz's draft/published switch (`item` names which). */
  | { kind: 'publish'; item: OutlineItemKind; id: string; published: boolean }
  | { kind: 'deleteLesson'; lessonId: string };

/** The call that makes one change (a reorder is a PUT of the whole outline). */
function changeRequest(courseId: string, change: OutlineChange): Omit<ServiceRequest, 'failure'> {
  switch (change.kind) {
    case 'reorder':
      return {
        url: LEARNING_API.outline(courseId),
        method: 'put',
        body: outlineBody(change.outline),
      };
    case 'addSection':
      return {
        url: LEARNING_API.sections(courseId),
        method: 'post',
        body: { title: change.title },
      };
    case 'renameSection':
      return {
        url: LEARNING_API.section(change.sectionId),
        method: 'put',
        body: { title: change.title },
      };
    case 'deleteSection':
      return { url: LEARNING_API.section(change.sectionId), method: 'delete' };
    case 'addLesson':
      return {
        url: LEARNING_API.lessons(courseId),
        method: 'post',
        body: { sectionId: change.sectionId, title: change.title, body: EMPTY_DOCUMENT },
      };
    case 'addQuiz':
      return {
        url: QUIZ_API.quizzes(courseId),
        method: 'post',
        body: { sectionId: change.sectionId, title: change.title },
      };
    case 'publish':
      return {
        url:
          change.item === 'assignment'
            ? LEARNING_API.assignment(change.id)
            : change.item === 'quiz'
              ? QUIZ_API.quiz(change.id)
              : LEARNING_API.lesson(change.id),
        method: 'put',
        body: { published: change.published },
      };
    case 'deleteLesson':
      return { url: LEARNING_API.lesson(change.lessonId), method: 'delete' };
  }
}

/** What a lesson's PUT may change. */
export interface LessonChanges {
  title?: string;
  body?: LessonDocument;
  videoUrl?: string | null;
  published?: boolean;
}

export interface LessonUpload {
  lessonId: string;
  file: File;
  /** How far the upload is, and whether it waits for the network. */
  onState?: (state: UploadState) => void;
}

/**
 * A lesson's file or video as a resumable upload (lib/resumable-upload.ts),
 * then GET uploads/{id}/result: what it became, or the refusal's 409.
 */
async function uploadLessonFile<T>(
  purpose: 'attachment' | 'video',
  { lessonId, file, onState }: LessonUpload,
  { extra, signal }: { extra: unknown; signal: AbortSignal },
  baseQuery: (
    request: ServiceRequest,
  ) => PromiseLike<{ data?: unknown; error?: ApiFailure }> | { data?: unknown; error?: ApiFailure },
  pick: (answer: Record<string, unknown>) => T,
): Promise<{ data: T } | { error: ApiFailure }> {
  // tus-js-client loads with the first upload, not with the pages that offer one.
  const { sendResumable } = await import('../../lib/resumable-upload');
  const sent = await sendResumable({
    file,
    target: { purpose, lessonId },
    http: (extra as AppServices).http,
    onState,
    failure: messages.editorFailed,
    signal,
  });
  if ('error' in sent) return { error: sent.error };
  const result = await baseQuery({
    url: UPLOAD_API.uploadResult(sent.uploadId),
    failure: messages.editorFailed,
  });
  if (result.error) return { error: result.error };
  return { data: pick(result.data as Record<string, unknown>) };
}

export const contentApi = api
  .enhanceEndpoints({
    addTagTypes: ['Outline', 'Progress', 'Course', 'Assignment', 'Quiz', 'Gradebook', 'Grades'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      /** GET courses/{id}/outline (bearer optional): the syllabus, or the author's whole outline. */
      outline: build.query<Outline, string>({
        query: (courseId) => ({
          url: LEARNING_API.outline(courseId),
          failure: messages.outlineLoadFailed,
        }),
        providesTags: ['Outline'],
      }),

      /** GET courses/{id}/progress: the enrolled student's {completed,total}. */
      progress: build.query<StudentProgress, string>({
        query: (courseId) => ({
          url: LEARNING_API.progress(courseId),
          failure: messages.outlineLoadFailed,
        }),
        providesTags: ['Progress'],
      }),

      /** GET courses/{id}/progress as the author: every enrolled student's count. */
      authorProgress: build.query<AuthorProgress, string>({
        query: (courseId) => ({
          url: LEARNING_API.progress(courseId),
          failure: messages.outlineLoadFailed,
        }),
        providesTags: ['Progress'],
      }),

      /** GET lessons/{id}: the lesson with its signed media links. */
      lesson: build.query<Lesson, string>({
        query: (lessonId) => ({
          url: LEARNING_API.lesson(lessonId),
          failure: messages.lessonLoadFailed,
        }),
        transformResponse: (answer: { lesson: Lesson }) => answer.lesson,
      }),

      /**
       * GET courses/{id} (public): the course a signed-out visitor's syllabus
       * page describes. Its own endpoint, without courses-api.ts, which a
       * visitor's page does not need; a course's change refreshes it ('Course').
       */
      publicCourse: build.query<Course, string>({
        query: (courseId) => ({ url: API.course(courseId), failure: messages.courseNotFound }),
        transformResponse: (answer: { course: Course }) => answer.course,
        providesTags: (_course, _error, courseId) => [{ type: 'Course', id: courseId }],
      }),

      /** PUT (done) or DELETE (not done) lessons/{id}/completion: the lesson, ticks and bar follow. */
      setLessonCompletion: build.mutation<boolean, { lessonId: string; done: boolean }>({
        query: ({ lessonId, done }) => ({
          url: LEARNING_API.lessonCompletion(lessonId),
          method: done ? 'put' : 'delete',
          failure: messages.lessonCompletionFailed,
        }),
        transformResponse: (_answer, _meta, { done }) => done,
        async onQueryStarted({ lessonId }, { dispatch, queryFulfilled }) {
          const { data: done } = await queryFulfilled.catch(() => ({ data: null }));
          if (done === null) return;
          dispatch(
            contentApi.util.updateQueryData('lesson', lessonId, (lesson) => {
              lesson.completed = done;
            }),
          );
        },
        invalidatesTags: (_done, error) => (error ? [] : ['Outline', 'Progress']),
      }),

      /**
       * Applies one change (author). A reorder shows at once in the editor's
       * copy (and goes back if refused); then every view of the outline, the
       * progress and the changed item ask again (the tags below) — one read of
       * the outline per change, not a read here and another for the tag.
       */
      changeOutline: build.mutation<void, { courseId: string; change: OutlineChange }>({
        query: ({ courseId, change }) => ({
          ...changeRequest(courseId, change),
          failure: messages.editorFailed,
        }),
        transformResponse: () => undefined,
        async onQueryStarted({ courseId, change }, { dispatch, queryFulfilled }) {
          if (change.kind !== 'reorder') return;
          const moved = dispatch(
            contentApi.util.updateQueryData('outline', courseId, () => change.outline),
          );
          await queryFulfilled.catch(() => moved.undo());
        },
        invalidatesTags: (_result, error, { change }) => {
          // A refused reorder reads the outline again; another refusal changed nothing.
          if (error) return change.kind === 'reorder' ? ['Outline'] : [];
          if (change.kind !== 'publish') return ['Outline', 'Progress'];
          if (change.item === 'assignment')
            return ['Outline', { type: 'Assignment', id: change.id }, 'Gradebook', 'Grades'];
          if (change.item === 'quiz')
            return ['Outline', { type: 'Quiz', id: change.id }, 'Gradebook', 'Grades'];
          return ['Outline', 'Progress'];
        },
      }),

      /**
       * PUT lessons/{id}: any of title, body, videoUrl, published. The cached
       * lesson takes the answer; a new title or state shows in the outline.
       */
      saveLesson: build.mutation<Lesson, { lessonId: string; changes: LessonChanges }>({
        query: ({ lessonId, changes }) => ({
          url: LEARNING_API.lesson(lessonId),
          method: 'put',
          body: changes,
          failure: messages.editorFailed,
        }),
        transformResponse: (answer: { lesson: Lesson }) => answer.lesson,
        onQueryStarted: ({ lessonId }, { dispatch, queryFulfilled }) =>
          patchLesson(dispatch, lessonId, queryFulfilled, (_lesson, saved) => saved),
        invalidatesTags: (_lesson, error, { changes }) =>
          error
            ? []
            : [
                ...('title' in changes || 'published' in changes ? (['Outline'] as const) : []),
                ...('published' in changes ? (['Progress'] as const) : []),
              ],
      }),

      /** A lesson's file, uploaded resumably (purpose attachment). */
      uploadAttachment: build.mutation<Attachment, LessonUpload>({
        queryFn: (upload, queryApi, _options, baseQuery) =>
          uploadLessonFile<Attachment>(
            'attachment',
            upload,
            queryApi,
            baseQuery,
            (answer) => answer.attachment as Attachment,
          ),
        onQueryStarted: ({ lessonId }, { dispatch, queryFulfilled }) =>
          patchLesson(dispatch, lessonId, queryFulfilled, (lesson, attachment) => {
            lesson.attachments.push(attachment);
          }),
      }),

      /** DELETE attachments/{id}. */
      removeAttachment: build.mutation<string, { lessonId: string; attachmentId: string }>({
        query: ({ attachmentId }) => ({
          url: LEARNING_API.attachment(attachmentId),
          method: 'delete',
          failure: messages.editorFailed,
        }),
        transformResponse: (_answer, _meta, { attachmentId }) => attachmentId,
        onQueryStarted: ({ lessonId }, { dispatch, queryFulfilled }) =>
          patchLesson(dispatch, lessonId, queryFulfilled, (lesson, attachmentId) => {
            lesson.attachments = lesson.attachments.filter((file) => file._id !== attachmentId);
          }),
      }),

      /** A lesson's video, uploaded resumably (purpose video): the lesson as it now is. */
      uploadVideo: build.mutation<Lesson, LessonUpload>({
        queryFn: (upload, queryApi, _options, baseQuery) =>
          uploadLessonFile<Lesson>(
            'video',
            upload,
            queryApi,
            baseQuery,
            (answer) => answer.lesson as Lesson,
          ),
        onQueryStarted: ({ lessonId }, { dispatch, queryFulfilled }) =>
          patchLesson(dispatch, lessonId, queryFulfilled, (_lesson, saved) => saved),
      }),

      /** DELETE lessons/{id}/video. */
      removeVideo: build.mutation<string, string>({
        query: (lessonId) => ({
          url: LEARNING_API.lessonVideo(lessonId),
          method: 'delete',
          failure: messages.editorFailed,
        }),
        transformResponse: (_answer, _meta, lessonId) => lessonId,
        onQueryStarted: (lessonId, { dispatch, queryFulfilled }) =>
          patchLesson(dispatch, lessonId, queryFulfilled, (lesson) => {
            lesson.video = null;
          }),
      }),
    }),
  });

/**
 * A lesson change that succeeded updates the cached lesson in place: never a
 * new request, so the editor that shows it is not loaded again under the author.
 */
async function patchLesson<T>(
  dispatch: (action: unknown) => unknown,
  lessonId: string,
  queryFulfilled: Promise<{ data: T }>,
  recipe: (lesson: Lesson, data: T) => Lesson | void,
) {
  const done = await queryFulfilled.then(
    ({ data }) => ({ data }),
    () => null,
  );
  if (done)
    dispatch(
      contentApi.util.updateQueryData('lesson', lessonId, (lesson) => recipe(lesson, done.data)),
    );
}

export const {
  useOutlineQuery,
  useProgressQuery,
  useAuthorProgressQuery,
  useLessonQuery,
  usePublicCourseQuery,
  useSetLessonCompletionMutation,
  useChangeOutlineMutation,
  useSaveLessonMutation,
  useUploadAttachmentMutation,
  useRemoveAttachmentMutation,
  useUploadVideoMutation,
  useRemoveVideoMutation,
} = contentApi;
