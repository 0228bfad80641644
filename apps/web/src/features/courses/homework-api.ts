/**
 * Homework as endpoints of the app's data layer (lib/api.ts): a student's own
 * submissions (upload, withdraw), the author's view of every submission
 * (grade, regrade), a submission's comments, and authorised downloads.
 */
import {
  API,
  LEARNING_API,
  courseMessages,
  gradesMessages,
  gradingMessages,
  messages,
  UPLOAD_API,
  type Homework,
  type UserWithHomework,
} from '@urok/contract';
import type { HomeworkComment } from '@urok/contract/schemas';
import { api, type ServiceMeta } from '../../lib/api';
import type { UploadState } from '../../lib/resumable-upload';
import type { AppServices } from '../../lib/services';
import { fileNameFromDisposition, saveBlob } from '../../lib/save-file';

export interface UploadHomeworkInput {
  courseId: string;
  /** The assignment handed in to; absent: the course's default assignment. */
  assignmentId?: string;
  file: File;
  comment: string;
  /** How far the upload is, and whether it waits for the network. */
  onState?: (state: UploadState) => void;
}

export interface UploadHomeworkResult {
  homework: Homework;
  message: string;
}

export interface GradeHomeworkInput {
  homeworkId: string;
  grade: string;
  feedback: string;
}

export interface RegradeHomeworkInput extends GradeHomeworkInput {
  reason: string;
}

export interface DownloadFileInput {
  /** An API path (API.homeworkFile(id), API.homeworkZip(id), API.gradesCsv(id)). */
  path: string;
  /** The name to save under when the server names none. */
  fallbackName: string;
}

export const homeworkApi = api
  .enhanceEndpoints({ addTagTypes: ['OwnHomework', 'Submissions', 'Gradebook', 'Grades'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** GET courses/{id}/homework: the signed-in student's own submissions. */
      ownHomework: build.query<Homework[], string>({
        query: (courseId) => ({
          url: API.ownHomework(courseId),
          failure: messages.internalError,
          log: 'Fetching own homework',
        }),
        transformResponse: (answer: { homework: Homework[] }) => answer.homework,
        providesTags: (_result, _error, courseId) => [{ type: 'OwnHomework', id: courseId }],
      }),

      /**
       * A resumable upload (lib/resumable-upload.ts, purpose homework), then
       * GET uploads/{id}/result: the new submission, or the refusal's 409.
       */
      uploadHomework: build.mutation<UploadHomeworkResult, UploadHomeworkInput>({
        async queryFn(input, { extra, signal }, _options, baseQuery) {
          const { courseId, assignmentId, file, comment, onState } = input;
          // tus-js-client loads with the first upload, not with the pages that offer one.
          const { sendResumable } = await import('../../lib/resumable-upload');
          const sent = await sendResumable({
            file,
            target: {
              purpose: 'homework',
              courseId,
              ...(assignmentId !== undefined ? { assignmentId } : {}),
              comment,
            },
            http: (extra as AppServices).http,
            onState,
            failure: courseMessages.uploadFailed,
            signal,
          });
          if ('error' in sent) return { error: sent.error };
          const result = await baseQuery({
            url: UPLOAD_API.uploadResult(sent.uploadId),
            failure: courseMessages.uploadFailed,
            log: 'Uploading homework',
          });
          if (result.error) return { error: result.error };
          const { homework } = result.data as { homework: Homework };
          return { data: { homework, message: messages.homeworkUploaded } };
        },
        async onQueryStarted({ courseId }, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (!data) return;
          dispatch(
            homeworkApi.util.updateQueryData('ownHomework', courseId, (list) => {
              list.unshift(data.homework);
            }),
          );
          dispatch(homeworkApi.util.invalidateTags(['Grades']));
        },
      }),

      /** DELETE homework/{id}: the student withdraws an ungraded submission (204; 409 once graded). */
      deleteHomework: build.mutation<null, { courseId: string; homeworkId: string }>({
        query: ({ homeworkId }) => ({
          url: API.homework(homeworkId),
          method: 'delete',
          failure: messages.internalError,
          log: 'Deleting homework',
        }),
        transformResponse: () => null,
        async onQueryStarted({ courseId, homeworkId }, { dispatch, queryFulfilled }) {
          const done = await queryFulfilled.then(
            () => true,
            () => false,
          );
          if (!done) return;
          dispatch(
            homeworkApi.util.updateQueryData('ownHomework', courseId, (list) =>
              list.filter((entry) => entry._id !== homeworkId),
            ),
          );
          dispatch(homeworkApi.util.invalidateTags(['Grades']));
        },
      }),

      /** GET courses/{courseId}/userswithhw: the author's view of every student's submissions. */
      submissions: build.query<UserWithHomework[], string>({
        query: (courseId) => ({
          url: API.usersWithHomework(courseId),
          failure: messages.internalError,
          log: 'Fetching the submissions',
        }),
        transformResponse: (answer: { users: UserWithHomework[] }) => answer.users,
        providesTags: (_result, _error, courseId) => [{ type: 'Submissions', id: courseId }],
      }),

      /** PUT homework/{id}/grade: a grade is final (409 once graded). */
      gradeHomework: build.mutation<Homework, GradeHomeworkInput>({
        query: ({ homeworkId, grade, feedback }) => ({
          url: API.gradeHomework(homeworkId),
          method: 'put',
          body: { grade: grade.trim(), feedback },
          failure: messages.internalError,
          log: 'Grading homework',
        }),
        transformResponse: (answer: { homework: Homework }) => answer.homework,
        onQueryStarted: (_, lifecycle) => replaceGraded(lifecycle),
      }),

      /** POST homework/{id}/regrade: a graded submission's new grade, with the reason kept in its history. */
      regradeHomework: build.mutation<Homework, RegradeHomeworkInput>({
        query: ({ homeworkId, grade, feedback, reason }) => ({
          url: LEARNING_API.regradeHomework(homeworkId),
          method: 'post',
          body: { grade: grade.trim(), feedback, reason },
          failure: gradesMessages.regradeFailed,
        }),
        transformResponse: (answer: { homework: Homework }) => answer.homework,
        onQueryStarted: (_, lifecycle) => replaceGraded(lifecycle),
      }),

      /** GET homework/{id}/comments: the private thread of a submission, oldest first. */
      comments: build.query<HomeworkComment[], string>({
        query: (homeworkId) => ({
          url: LEARNING_API.homeworkComments(homeworkId),
          failure: gradesMessages.commentsLoadFailed,
        }),
        transformResponse: (answer: { comments: HomeworkComment[] }) => answer.comments,
      }),

      /** POST homework/{id}/comments: the new comment joins the thread. */
      postComment: build.mutation<HomeworkComment, { homeworkId: string; body: string }>({
        query: ({ homeworkId, body }) => ({
          url: LEARNING_API.homeworkComments(homeworkId),
          method: 'post',
          body: { body },
          failure: gradesMessages.commentFailed,
        }),
        transformResponse: (answer: { comment: HomeworkComment }) => answer.comment,
        async onQueryStarted({ homeworkId }, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (!data) return;
          dispatch(
            homeworkApi.util.updateQueryData('comments', homeworkId, (thread) => {
              thread.push(data);
            }),
          );
        },
      }),

      /**
       * GET homework/{id}/file-link: the caller's signed link to a submission's
       * file, for a preview an <iframe> or <img> loads (it cannot send the
       * bearer header). It works a few hours; the page asks again on each visit.
       */
      homeworkFileLink: build.query<string, string>({
        query: (homeworkId) => ({
          url: LEARNING_API.homeworkFileLink(homeworkId),
          failure: gradingMessages.previewFailed,
        }),
        transformResponse: (answer: { url: string }) => answer.url,
        keepUnusedDataFor: 600,
      }),

      /** GET homework/{id}/file of a text submission, read as text for the grading page. */
      homeworkText: build.query<string, string>({
        query: (homeworkId) => ({
          url: API.homeworkFile(homeworkId),
          responseType: 'text',
          failure: gradingMessages.previewFailed,
        }),
      }),

      /**
       * An authorised download (the bearer header goes with the API client),
       * saved under the name the server gives. Nothing of it is kept.
       */
      downloadFile: build.mutation<null, DownloadFileInput>({
        async queryFn({ path, fallbackName }, _api, _extra, baseQuery) {
          const result = await baseQuery({
            url: path,
            responseType: 'blob',
            failure: courseMessages.downloadFailed,
            log: 'Downloading a file',
          });
          if (result.error) return { error: result.error };
          const disposition = (result.meta as ServiceMeta | undefined)?.headers[
            'content-disposition'
          ] as string | undefined;
          saveBlob(result.data as Blob, fileNameFromDisposition(disposition) ?? fallbackName);
          return { data: null };
        },
      }),
    }),
  });

/** A graded or regraded submission replaces its row in the author's list; the grade views ask again. */
async function replaceGraded({
  dispatch,
  queryFulfilled,
}: {
  dispatch: (action: unknown) => unknown;
  queryFulfilled: Promise<{ data: Homework }>;
}) {
  const { data: graded } = await queryFulfilled.catch(() => ({ data: null }));
  if (!graded) return;
  dispatch(
    homeworkApi.util.updateQueryData('submissions', graded.courseId, (users) => {
      for (const user of users) {
        const index = user.homework.findIndex((entry) => entry._id === graded._id);
        if (index !== -1) user.homework[index] = graded;
      }
    }),
  );
  dispatch(homeworkApi.util.invalidateTags(['Gradebook', 'Grades']));
}

export const {
  useOwnHomeworkQuery,
  useUploadHomeworkMutation,
  useDeleteHomeworkMutation,
  useSubmissionsQuery,
  useGradeHomeworkMutation,
  useRegradeHomeworkMutation,
  useCommentsQuery,
  usePostCommentMutation,
  useDownloadFileMutation,
  useHomeworkFileLinkQuery,
  useHomeworkTextQuery,
} = homeworkApi;
