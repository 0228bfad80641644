/**
 * The quiz calls (DESIGN section 14) as endpoints of the app's data layer
 * (lib/api.ts). Tags say what a change makes stale: a question saved or
 * imported refreshes the bank lists; a quiz saved refreshes it; an answer,
 * a submission or a grade refreshes that attempt, its quiz (a student's
 * attempts, `canStart`) and the author's attempt list and statistics.
 */
import { QUIZ_API, messages } from '@urok/contract';
import type {
  Attempt,
  AttemptSummary,
  Question,
  QuestionBodyInput,
  QuestionList,
  Quiz,
  QuizStatistics,
} from '@urok/contract/schemas';
import { api } from '../../lib/api';
import { toApiFailure, type ApiFailure } from '../../lib/api-error';
import type { AppServices } from '../../lib/services';

/** An import's refusal: the message, and each wrong question with its line. */
export interface ImportFailure extends ApiFailure {
  errors?: { line: number; message: string }[];
}

export interface QuestionListArg {
  courseId: string;
  tag?: string;
  q?: string;
}

/** The quiz fields the author's form sends (PUT quizzes/{id}). */
export type QuizChanges = Partial<
  Pick<
    Quiz,
    | 'title'
    | 'published'
    | 'opensAt'
    | 'closesAt'
    | 'timeLimitMinutes'
    | 'attemptsAllowed'
    | 'grading'
    | 'shuffleQuestions'
    | 'shuffleOptions'
    | 'review'
    | 'slots'
  >
>;

export const quizzesApi = api
  .enhanceEndpoints({ addTagTypes: ['Question', 'Quiz', 'Attempt', 'QuizAttempts'] })
  .injectEndpoints({
    endpoints: (build) => ({
      // ---- the question bank ----
      questions: build.infiniteQuery<QuestionList, QuestionListArg, string | null>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (last) => last.nextCursor,
        },
        query: ({ queryArg, pageParam }) => ({
          url: QUIZ_API.questions(queryArg.courseId),
          params: {
            ...(queryArg.tag ? { tag: queryArg.tag } : {}),
            ...(queryArg.q ? { q: queryArg.q } : {}),
            ...(pageParam ? { cursor: pageParam } : {}),
          },
          failure: messages.quizLoadFailed,
        }),
        providesTags: ['Question'],
      }),
      createQuestion: build.mutation<Question, { courseId: string; body: QuestionBodyInput }>({
        query: ({ courseId, body }) => ({
          url: QUIZ_API.questions(courseId),
          method: 'post',
          body,
          failure: messages.quizSaveFailed,
        }),
        transformResponse: (answer: { question: Question }) => answer.question,
        invalidatesTags: ['Question'],
      }),
      updateQuestion: build.mutation<Question, { questionId: string; body: QuestionBodyInput }>({
        query: ({ questionId, body }) => ({
          url: QUIZ_API.question(questionId),
          method: 'put',
          body,
          failure: messages.quizSaveFailed,
        }),
        transformResponse: (answer: { question: Question }) => answer.question,
        invalidatesTags: ['Question', 'Quiz'],
      }),
      deleteQuestion: build.mutation<void, string>({
        query: (questionId) => ({
          url: QUIZ_API.question(questionId),
          method: 'delete',
          failure: messages.quizSaveFailed,
        }),
        invalidatesTags: ['Question'],
      }),
      importQuestions: build.mutation<
        { created: string[] },
        { courseId: string; format: 'gift' | 'aiken'; text: string; tag?: string }
      >({
        // Its refusal carries `errors` (each wrong question's line), which the shared failure
        // shape leaves out: read from the answer here.
        async queryFn({ courseId, ...body }, { extra }) {
          try {
            const { data } = await (extra as AppServices).http.post<{ created: string[] }>(
              QUIZ_API.importQuestions(courseId),
              body,
            );
            return { data };
          } catch (error) {
            const failure: ImportFailure = toApiFailure(error, messages.quizSaveFailed);
            const errors = (error as { response?: { data?: { errors?: unknown } } }).response?.data
              ?.errors;
            if (Array.isArray(errors))
              failure.errors = errors.filter(
                (entry): entry is { line: number; message: string } =>
                  typeof entry?.line === 'number' && typeof entry?.message === 'string',
              );
            return { error: failure };
          }
        },
        invalidatesTags: ['Question'],
      }),
      exportQuestions: build.mutation<string, { courseId: string; tag?: string }>({
        query: ({ courseId, tag }) => ({
          url: QUIZ_API.exportQuestions(courseId),
          params: { format: 'gift', ...(tag ? { tag } : {}) },
          responseType: 'text',
          failure: messages.quizLoadFailed,
        }),
      }),

      // ---- quizzes ----
      quiz: build.query<Quiz, string>({
        query: (quizId) => ({ url: QUIZ_API.quiz(quizId), failure: messages.quizLoadFailed }),
        transformResponse: (answer: { quiz: Quiz }) => answer.quiz,
        providesTags: (_quiz, _error, quizId) => [{ type: 'Quiz', id: quizId }],
      }),
      createQuiz: build.mutation<Quiz, { courseId: string; sectionId: string; title: string }>({
        query: ({ courseId, ...body }) => ({
          url: QUIZ_API.quizzes(courseId),
          method: 'post',
          body,
          failure: messages.quizSaveFailed,
        }),
        transformResponse: (answer: { quiz: Quiz }) => answer.quiz,
      }),
      updateQuiz: build.mutation<Quiz, { quizId: string; changes: QuizChanges }>({
        query: ({ quizId, changes }) => ({
          url: QUIZ_API.quiz(quizId),
          method: 'put',
          body: changes,
          failure: messages.quizSaveFailed,
        }),
        transformResponse: (answer: { quiz: Quiz }) => answer.quiz,
        async onQueryStarted({ quizId }, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (data) dispatch(quizzesApi.util.upsertQueryData('quiz', quizId, data));
        },
      }),
      deleteQuiz: build.mutation<void, string>({
        query: (quizId) => ({
          url: QUIZ_API.quiz(quizId),
          method: 'delete',
          failure: messages.quizSaveFailed,
        }),
      }),
      quizAttempts: build.query<AttemptSummary[], string>({
        query: (quizId) => ({
          url: QUIZ_API.quizAttempts(quizId),
          failure: messages.quizLoadFailed,
        }),
        transformResponse: (answer: { attempts: AttemptSummary[] }) => answer.attempts,
        providesTags: (_list, _error, quizId) => [{ type: 'QuizAttempts', id: quizId }],
      }),
      quizStatistics: build.query<QuizStatistics, string>({
        query: (quizId) => ({
          url: QUIZ_API.quizStatistics(quizId),
          failure: messages.quizLoadFailed,
        }),
        providesTags: (_stats, _error, quizId) => [{ type: 'QuizAttempts', id: quizId }],
      }),

      // ---- attempts ----
      startAttempt: build.mutation<Attempt, string>({
        query: (quizId) => ({
          url: QUIZ_API.quizAttempts(quizId),
          method: 'post',
          failure: messages.quizSaveFailed,
        }),
        transformResponse: (answer: { attempt: Attempt }) => answer.attempt,
        invalidatesTags: (_attempt, _error, quizId) => [{ type: 'Quiz', id: quizId }],
      }),
      attempt: build.query<Attempt, string>({
        query: (attemptId) => ({
          url: QUIZ_API.attempt(attemptId),
          failure: messages.quizLoadFailed,
        }),
        transformResponse: (answer: { attempt: Attempt }) => answer.attempt,
        providesTags: (_attempt, _error, attemptId) => [{ type: 'Attempt', id: attemptId }],
      }),
      /** PUT attempts/{id}/answers/{slot}: the saving queue (use-answer-queue.ts) sends these. */
      saveAnswer: build.mutation<void, { attemptId: string; slot: number; answer: unknown }>({
        query: ({ attemptId, slot, answer }) => ({
          url: QUIZ_API.attemptAnswer(attemptId, slot),
          method: 'put',
          body: { answer },
          failure: messages.attemptRetrying,
        }),
      }),
      submitAttempt: build.mutation<Attempt, { attemptId: string; quizId: string }>({
        query: ({ attemptId }) => ({
          url: QUIZ_API.attemptSubmit(attemptId),
          method: 'post',
          failure: messages.quizSaveFailed,
        }),
        transformResponse: (answer: { attempt: Attempt }) => answer.attempt,
        async onQueryStarted({ attemptId }, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (data) dispatch(quizzesApi.util.upsertQueryData('attempt', attemptId, data));
        },
        invalidatesTags: (_attempt, _error, { quizId }) => [
          { type: 'Quiz', id: quizId },
          { type: 'QuizAttempts', id: quizId },
        ],
      }),
      gradeSlot: build.mutation<
        Attempt,
        { attemptId: string; quizId: string; slot: number; points: string; feedback: string }
      >({
        query: ({ attemptId, slot, points, feedback }) => ({
          url: QUIZ_API.attemptGrade(attemptId, slot),
          method: 'put',
          body: { points, feedback: feedback.trim() === '' ? null : feedback },
          failure: messages.quizSaveFailed,
        }),
        transformResponse: (answer: { attempt: Attempt }) => answer.attempt,
        async onQueryStarted({ attemptId }, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (data) dispatch(quizzesApi.util.upsertQueryData('attempt', attemptId, data));
        },
        invalidatesTags: (_attempt, _error, { quizId }) => [{ type: 'QuizAttempts', id: quizId }],
      }),
    }),
  });

export const {
  useQuestionsInfiniteQuery,
  useCreateQuestionMutation,
  useUpdateQuestionMutation,
  useDeleteQuestionMutation,
  useImportQuestionsMutation,
  useExportQuestionsMutation,
  useQuizQuery,
  useUpdateQuizMutation,
  useDeleteQuizMutation,
  useCreateQuizMutation,
  useQuizAttemptsQuery,
  useQuizStatisticsQuery,
  useStartAttemptMutation,
  useAttemptQuery,
  useSaveAnswerMutation,
  useSubmitAttemptMutation,
  useGradeSlotMutation,
} = quizzesApi;
