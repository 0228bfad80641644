/** The quizzes feature's SQL, and nothing else: the question bank, quizzes, attempts and answers. */
import { sql } from 'kysely';
import { dialectOf } from '../../db/dialect-of.ts';
import type {
  Db,
  QuestionsTable,
  QuizAnswersTable,
  QuizAttemptsTable,
  QuizzesTable,
} from '../../db/database.ts';

/** An outline item's fields (as content's item rows): a quiz's due date is its close date. */
export interface QuizItemRow {
  id: string;
  section_id: string;
  title: string;
  published: number;
  position: number;
  due_at: string | null;
  max_points: number;
}

export type QuestionRow = QuestionsTable;
export type QuizRow = QuizzesTable;
export type AttemptRow = QuizAttemptsTable;
export type AnswerRow = QuizAnswersTable;

export interface CourseOwner {
  course_id: string;
  author_id: string;
}

// ---------------------------------------------------------------- courses, sections, enrolment

/** The course's author (who may edit its bank and quizzes). */
export function findCourseOwner(
  db: Db,
  courseId: string,
): Promise<{ id: string; author_id: string } | undefined> {
  return db
    .selectFrom('courses')
    .select(['id', 'author_id'])
    .where('id', '=', courseId)
    .executeTakeFirst();
}

export function findSectionCourse(
  db: Db,
  sectionId: string,
): Promise<{ course_id: string } | undefined> {
  return db
    .selectFrom('sections')
    .select('course_id')
    .where('id', '=', sectionId)
    .executeTakeFirst();
}

export async function isStudentEnrolled(
  db: Db,
  userId: string,
  courseId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('enrollments')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  return row !== undefined;
}

// ---------------------------------------------------------------- the question bank

export async function insertQuestion(db: Db, row: QuestionRow, tags: string[]): Promise<void> {
  await db.insertInto('questions').values(row).execute();
  await insertTags(db, row.id, row.course_id, tags);
}

async function insertTags(db: Db, questionId: string, courseId: string, tags: string[]) {
  if (tags.length === 0) return;
  await db
    .insertInto('question_tags')
    .values(tags.map((tag) => ({ question_id: questionId, course_id: courseId, tag })))
    .execute();
}

export async function replaceQuestion(
  db: Db,
  id: string,
  fields: Omit<QuestionRow, 'id' | 'course_id' | 'created_at'>,
  courseId: string,
  tags: string[],
): Promise<void> {
  await db.updateTable('questions').set(fields).where('id', '=', id).execute();
  await db.deleteFrom('question_tags').where('question_id', '=', id).execute();
  await insertTags(db, id, courseId, tags);
}

export async function deleteQuestion(db: Db, id: string): Promise<void> {
  await db.deleteFrom('questions').where('id', '=', id).execute();
}

/** A question with its course's author: the primary key, then the course's. */
export function findQuestionWithAuthor(
  db: Db,
  id: string,
): Promise<(QuestionRow & { author_id: string }) | undefined> {
  return db
    .selectFrom('questions')
    .innerJoin('courses', 'courses.id', 'questions.course_id')
    .selectAll('questions')
    .select('courses.author_id')
    .where('questions.id', '=', id)
    .executeTakeFirst();
}

export async function countQuestions(db: Db, courseId: string): Promise<number> {
  const row = await db
    .selectFrom('questions')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export interface QuestionPage {
  tag?: string;
  /** Folded words, each of which the text must hold. */
  terms: string[];
  after?: { createdAt: string; id: string };
  limit: number;
}

/** The bank, newest first, by (created_at, id) cursor: questions_course_created, question_tags_course_tag. */
export function listQuestions(
  db: Db,
  courseId: string,
  page: QuestionPage,
): Promise<QuestionRow[]> {
  let query = db
    .selectFrom('questions')
    .selectAll('questions')
    .where('questions.course_id', '=', courseId);
  if (page.tag !== undefined) {
    const tag = page.tag;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('question_tags')
          .select('question_tags.question_id')
          .whereRef('question_tags.question_id', '=', 'questions.id')
          .where('question_tags.course_id', '=', courseId)
          .where('question_tags.tag', '=', tag),
      ),
    );
  }
  for (const term of page.terms) {
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`questions.search_text like ${pattern} escape '\\'`);
  }
  if (page.after) {
    const { createdAt, id } = page.after;
    query = query.where((eb) =>
      eb.or([
        eb('questions.created_at', '<', createdAt),
        eb.and([eb('questions.created_at', '=', createdAt), eb('questions.id', '<', id)]),
      ]),
    );
  }
  return query
    .orderBy('questions.created_at', 'desc')
    .orderBy('questions.id', 'desc')
    .limit(page.limit)
    .execute();
}

/** The course's questions among `ids` (any order). */
export function findCourseQuestions(
  db: Db,
  courseId: string,
  ids: string[],
): Promise<QuestionRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('questions')
    .selectAll()
    .where('course_id', '=', courseId)
    .where('id', 'in', ids)
    .execute();
}

/** The course's questions of a tag, or all of them, oldest first (export). */
export function findQuestionsForExport(
  db: Db,
  courseId: string,
  tag: string | undefined,
): Promise<QuestionRow[]> {
  let query = db.selectFrom('questions').selectAll('questions').where('course_id', '=', courseId);
  if (tag !== undefined)
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('question_tags')
          .select('question_tags.question_id')
          .whereRef('question_tags.question_id', '=', 'questions.id')
          .where('question_tags.tag', '=', tag),
      ),
    );
  return query.orderBy('created_at').orderBy('id').execute();
}

/** The ids and points of a tag's questions: question_tags_course_tag. */
export function findTagQuestions(
  db: Db,
  courseId: string,
  tag: string,
): Promise<{ id: string; points: number }[]> {
  return db
    .selectFrom('question_tags')
    .innerJoin('questions', 'questions.id', 'question_tags.question_id')
    .select(['questions.id', 'questions.points'])
    .where('question_tags.course_id', '=', courseId)
    .where('question_tags.tag', '=', tag)
    .execute();
}

/** The course's quizzes whose slots name the question (a fixed slot). */
export async function quizzesNamingQuestion(
  db: Db,
  courseId: string,
  questionId: string,
): Promise<number> {
  const pattern = `%"questionId":${JSON.stringify(questionId)}%`;
  const row = await db
    .selectFrom('quizzes')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('course_id', '=', courseId)
    .where('slots', 'like', pattern)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

// ---------------------------------------------------------------- quizzes as outline items

export function findQuizItems(db: Db, courseId: string): Promise<QuizItemRow[]> {
  return db
    .selectFrom('quizzes')
    .select([
      'id',
      'section_id',
      'title',
      'published',
      'position',
      'closes_at as due_at',
      'max_points',
    ])
    .where('course_id', '=', courseId)
    .execute();
}

export async function sectionHasQuizzes(db: Db, sectionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('quizzes')
    .select('id')
    .where('section_id', '=', sectionId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function maxQuizPosition(db: Db, sectionId: string): Promise<number | null> {
  const row = await db
    .selectFrom('quizzes')
    .select((eb) => eb.fn.max<number | null>('position').as('last'))
    .where('section_id', '=', sectionId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? null : Number(row.last);
}

export async function moveQuiz(
  db: Db,
  quizId: string,
  sectionId: string,
  position: number,
): Promise<void> {
  await db
    .updateTable('quizzes')
    .set({ section_id: sectionId, position })
    .where('id', '=', quizId)
    .execute();
}

// ---------------------------------------------------------------- quizzes

export async function insertQuiz(db: Db, row: QuizRow): Promise<void> {
  await db.insertInto('quizzes').values(row).execute();
}

export async function updateQuizFields(
  db: Db,
  id: string,
  fields: Partial<QuizRow>,
): Promise<void> {
  await db.updateTable('quizzes').set(fields).where('id', '=', id).execute();
}

/** Marks the quiz announced, only the first time: true when this call did. */
export async function markQuizAnnounced(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('quizzes')
    .set({ announced_at: at })
    .where('id', '=', id)
    .where('announced_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** `course_hidden`, `course_visibility`: who sees the course (lib/course-visibility.ts). */
export type QuizWithCourse = QuizRow & {
  author_id: string;
  course_title: string;
  course_hidden?: number | null;
  course_visibility?: string | null;
};

export function findQuizWithCourse(db: Db, id: string): Promise<QuizWithCourse | undefined> {
  return db
    .selectFrom('quizzes')
    .innerJoin('courses', 'courses.id', 'quizzes.course_id')
    .selectAll('quizzes')
    .select([
      'courses.author_id',
      'courses.title as course_title',
      'courses.hidden as course_hidden',
      'courses.visibility as course_visibility',
    ])
    .where('quizzes.id', '=', id)
    .executeTakeFirst();
}

export async function countQuizzes(db: Db, courseId: string): Promise<number> {
  const row = await db
    .selectFrom('quizzes')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The course's quizzes in outline order (gradebook columns). */
export function findCourseQuizzes(db: Db, courseId: string): Promise<QuizRow[]> {
  return db
    .selectFrom('quizzes')
    .innerJoin('sections', 'sections.id', 'quizzes.section_id')
    .selectAll('quizzes')
    .where('quizzes.course_id', '=', courseId)
    .orderBy('sections.position')
    .orderBy('quizzes.position')
    .orderBy('quizzes.id')
    .execute();
}

export async function quizHasAttempts(db: Db, quizId: string): Promise<boolean> {
  const row = await db
    .selectFrom('quiz_attempts')
    .select('id')
    .where('quiz_id', '=', quizId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes the quiz unless it has attempts; false when it has (or is gone). */
export async function deleteQuizWithoutAttempts(db: Db, quizId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('quizzes')
    .where('id', '=', quizId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('quiz_attempts').select('id').where('quiz_id', '=', quizId))),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

// ---------------------------------------------------------------- attempts

export async function insertAttempt(db: Db, row: AttemptRow): Promise<void> {
  await db.insertInto('quiz_attempts').values(row).execute();
}

export type AttemptWithQuiz = AttemptRow & {
  username: string;
  author_id: string;
  quiz_title: string;
  quiz_review: string;
  quiz_closes_at: string | null;
  quiz_max_points: number;
};

export function findAttemptWithQuiz(db: Db, id: string): Promise<AttemptWithQuiz | undefined> {
  return db
    .selectFrom('quiz_attempts')
    .innerJoin('quizzes', 'quizzes.id', 'quiz_attempts.quiz_id')
    .innerJoin('courses', 'courses.id', 'quiz_attempts.course_id')
    .innerJoin('users', 'users.id', 'quiz_attempts.user_id')
    .selectAll('quiz_attempts')
    .select([
      'users.username',
      'courses.author_id',
      'quizzes.title as quiz_title',
      'quizzes.review as quiz_review',
      'quizzes.closes_at as quiz_closes_at',
      'quizzes.max_points as quiz_max_points',
    ])
    .where('quiz_attempts.id', '=', id)
    .executeTakeFirst();
}

/** A student's attempts of a quiz, oldest first: quiz_attempts_quiz_user_started. */
export function findUserAttempts(db: Db, quizId: string, userId: string): Promise<AttemptRow[]> {
  return db
    .selectFrom('quiz_attempts')
    .selectAll()
    .where('quiz_id', '=', quizId)
    .where('user_id', '=', userId)
    .orderBy('started_at')
    .orderBy('id')
    .execute();
}

/** Every attempt of a quiz with its student's name, newest first. */
export function findQuizAttempts(
  db: Db,
  quizId: string,
): Promise<(AttemptRow & { username: string })[]> {
  return db
    .selectFrom('quiz_attempts')
    .innerJoin('users', 'users.id', 'quiz_attempts.user_id')
    .selectAll('quiz_attempts')
    .select('users.username')
    .where('quiz_attempts.quiz_id', '=', quizId)
    .orderBy('quiz_attempts.started_at', 'desc')
    .orderBy('quiz_attempts.id', 'desc')
    .execute();
}

/** The submitted attempts of a course (or one student's), oldest first: quiz_attempts_course_user. */
/**
 * A course's attempts for the grades (one student's with `userId`): the
 * submitted ones, oldest first, and the open ones, which show as in progress.
 */
export function findCourseGradeAttempts(
  db: Db,
  courseId: string,
  userId?: string,
): Promise<
  Pick<
    AttemptRow,
    | 'id'
    | 'quiz_id'
    | 'user_id'
    | 'state'
    | 'score'
    | 'max_points'
    | 'pending_grading'
    | 'started_at'
  >[]
> {
  let query = db
    .selectFrom('quiz_attempts')
    .select([
      'id',
      'quiz_id',
      'user_id',
      'state',
      'score',
      'max_points',
      'pending_grading',
      'started_at',
    ])
    .where('course_id', '=', courseId);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.orderBy('started_at').orderBy('id').execute();
}

/** The questions an attempt drew (its stored draw), for scoring it. */
export async function findAttemptQuestions(
  db: Db,
  attemptId: string,
): Promise<Pick<AttemptRow, 'questions'>> {
  return (await db
    .selectFrom('quiz_attempts')
    .select(['questions'])
    .where('id', '=', attemptId)
    .executeTakeFirstOrThrow()) as Pick<AttemptRow, 'questions'>;
}

export function findAnswers(db: Db, attemptId: string): Promise<AnswerRow[]> {
  return db
    .selectFrom('quiz_answers')
    .selectAll()
    .where('attempt_id', '=', attemptId)
    .orderBy('slot')
    .execute();
}

/**
 * What saving an answer needs of its attempt, from its own row alone: whose
 * it is, whether it is open, its deadline and the questions drawn.
 */
export function findAttemptForAnswer(
  db: Db,
  attemptId: string,
): Promise<Pick<AttemptRow, 'user_id' | 'state' | 'deadline' | 'questions'> | undefined> {
  return db
    .selectFrom('quiz_attempts')
    .select(['user_id', 'state', 'deadline', 'questions'])
    .where('id', '=', attemptId)
    .executeTakeFirst();
}

/**
 * Saves one answer in one statement, only while the attempt is the
 * student's, open and before its deadline (the upsert takes its row from
 * the attempt it checks): false when it was not. A racing submit cannot
 * miss it: on PostgreSQL the statement holds the attempt's row (FOR SHARE),
 * so the submit's update waits for it, or the statement waits for the
 * submit and then finds the attempt closed; SQLite runs one writer at a
 * time, and the submit's transaction starts with its write.
 */
export async function saveAnswerIfOpen(
  db: Db,
  attemptId: string,
  userId: string,
  slot: number,
  answer: string | null,
  now: string,
): Promise<boolean> {
  let attempt = db
    .selectFrom('quiz_attempts')
    .select([
      'id',
      sql<number>`cast(${slot} as integer)`.as('slot'),
      sql<string | null>`cast(${answer} as text)`.as('answer'),
      sql<string>`cast(${now} as text)`.as('answered_at'),
    ])
    .where('id', '=', attemptId)
    .where('user_id', '=', userId)
    .where('state', '=', 'open')
    .where((eb) => eb.or([eb('deadline', 'is', null), eb('deadline', '>', now)]));
  if (dialectOf(db) === 'postgres') attempt = attempt.forShare();
  const result = await db
    .insertInto('quiz_answers')
    .columns(['attempt_id', 'slot', 'answer', 'answered_at'])
    .expression(attempt)
    .onConflict((conflict) =>
      conflict.columns(['attempt_id', 'slot']).doUpdateSet((eb) => ({
        answer: eb.ref('excluded.answer'),
        answered_at: eb.ref('excluded.answered_at'),
      })),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Takes the open attempt for submission (at `submittedAt`): true for the one caller that did. */
export async function closeAttempt(
  db: Db,
  attemptId: string,
  submittedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('quiz_attempts')
    .set({ state: 'submitted', submitted_at: submittedAt })
    .where('id', '=', attemptId)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Writes every slot's scores (after submission), inserting the unanswered slots' rows. */
export async function writeSlotScores(
  db: Db,
  attemptId: string,
  slots: { slot: number; autoScore: number | null }[],
): Promise<void> {
  if (slots.length === 0) return;
  // One statement for every slot: a submit is one of 35 arriving together when a class ends a
  // quiz, and a round trip per slot made each wait for the others' (bench/README.md).
  await db
    .insertInto('quiz_answers')
    .values(
      slots.map(({ slot, autoScore }) => ({
        attempt_id: attemptId,
        slot,
        answer: null,
        answered_at: null,
        auto_score: autoScore,
        score: autoScore,
        feedback: null,
        graded_at: null,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['attempt_id', 'slot']).doUpdateSet((eb) => ({
        auto_score: eb.ref('excluded.auto_score'),
        score: eb.ref('excluded.score'),
      })),
    )
    .execute();
}

export async function setAttemptScore(
  db: Db,
  attemptId: string,
  score: number,
  pendingGrading: boolean,
): Promise<void> {
  await db
    .updateTable('quiz_attempts')
    .set({ score, pending_grading: pendingGrading ? 1 : 0 })
    .where('id', '=', attemptId)
    .execute();
}

/** Open attempts whose deadline has passed (all, or a quiz's, a course's, a student's): quiz_attempts_state_deadline. */
export function findExpiredOpenAttempts(
  db: Db,
  now: string,
  scope: { quizId?: string; courseId?: string; userId?: string; attemptId?: string } = {},
  limit = 500,
): Promise<{ id: string; deadline: string }[]> {
  let query = db
    .selectFrom('quiz_attempts')
    .select(['id', 'deadline'])
    .where('state', '=', 'open')
    .where('deadline', 'is not', null)
    .where('deadline', '<=', now);
  if (scope.attemptId !== undefined) query = query.where('id', '=', scope.attemptId);
  if (scope.quizId !== undefined) query = query.where('quiz_id', '=', scope.quizId);
  if (scope.courseId !== undefined) query = query.where('course_id', '=', scope.courseId);
  if (scope.userId !== undefined) query = query.where('user_id', '=', scope.userId);
  return query.limit(limit).$narrowType<{ deadline: string }>().execute();
}

export async function setSlotGrade(
  db: Db,
  attemptId: string,
  slot: number,
  fields: { score: number; feedback: string | null; graded_at: string },
  graderId: string,
  historyId: string,
): Promise<void> {
  await db
    .updateTable('quiz_answers')
    .set(fields)
    .where('attempt_id', '=', attemptId)
    .where('slot', '=', slot)
    .execute();
  await db
    .insertInto('quiz_answer_grades')
    .values({
      id: historyId,
      attempt_id: attemptId,
      slot,
      points: fields.score,
      feedback: fields.feedback,
      grader_id: graderId,
      graded_at: fields.graded_at,
    })
    .execute();
}

export function findGradeHistory(
  db: Db,
  attemptId: string,
): Promise<{ slot: number; points: number; feedback: string | null; graded_at: string }[]> {
  return db
    .selectFrom('quiz_answer_grades')
    .select(['slot', 'points', 'feedback', 'graded_at'])
    .where('attempt_id', '=', attemptId)
    .orderBy('graded_at')
    .orderBy('id')
    .execute();
}

/** A quiz's submitted attempts with every answer row (statistics). */
export async function findSubmittedAttemptsWithAnswers(
  db: Db,
  quizId: string,
): Promise<{ attempts: AttemptRow[]; answers: AnswerRow[] }> {
  const attempts = await db
    .selectFrom('quiz_attempts')
    .selectAll()
    .where('quiz_id', '=', quizId)
    .where('state', '=', 'submitted')
    .orderBy('started_at')
    .execute();
  const answers = await db
    .selectFrom('quiz_answers')
    .innerJoin('quiz_attempts', 'quiz_attempts.id', 'quiz_answers.attempt_id')
    .selectAll('quiz_answers')
    .where('quiz_attempts.quiz_id', '=', quizId)
    .where('quiz_attempts.state', '=', 'submitted')
    .execute();
  return { attempts, answers };
}

// ---------------------------------------------------------------- calendar and reminders

export interface CalendarQuizRow {
  id: string;
  course_id: string;
  title: string;
  closes_at: string;
  updated_at: string;
  course_title: string;
}

/** Published quizzes with a close date in the user's enrolled courses, and in their own when `authored`. */
export async function findCalendarQuizzes(
  db: Db,
  userId: string,
  authored: boolean,
): Promise<CalendarQuizRow[]> {
  const enrolled = await db
    .selectFrom('enrollments')
    .innerJoin('courses', 'courses.id', 'enrollments.course_id')
    .innerJoin('quizzes', 'quizzes.course_id', 'enrollments.course_id')
    .select([
      'quizzes.id',
      'quizzes.course_id',
      'quizzes.title',
      'quizzes.closes_at',
      'quizzes.updated_at',
      'courses.title as course_title',
    ])
    .where('enrollments.user_id', '=', userId)
    .where('quizzes.published', '=', 1)
    .where('quizzes.closes_at', 'is not', null)
    .$narrowType<{ closes_at: string }>()
    .execute();
  if (!authored) return enrolled;
  const own = await db
    .selectFrom('courses')
    .innerJoin('quizzes', 'quizzes.course_id', 'courses.id')
    .select([
      'quizzes.id',
      'quizzes.course_id',
      'quizzes.title',
      'quizzes.closes_at',
      'quizzes.updated_at',
      'courses.title as course_title',
    ])
    .where('courses.author_id', '=', userId)
    .where('quizzes.published', '=', 1)
    .where('quizzes.closes_at', 'is not', null)
    .$narrowType<{ closes_at: string }>()
    .execute();
  return [...enrolled, ...own];
}

/** Published quizzes closing in (from, until] not yet reminded of at that date. */
export function findQuizzesClosingSoon(
  db: Db,
  from: string,
  until: string,
): Promise<
  { id: string; title: string; closes_at: string; course_id: string; course_title: string }[]
> {
  return db
    .selectFrom('quizzes as q')
    .innerJoin('courses as c', 'c.id', 'q.course_id')
    .select(['q.id', 'q.title', 'q.closes_at', 'q.course_id', 'c.title as course_title'])
    .where('q.published', '=', 1)
    .where('q.closes_at', '>', from)
    .where('q.closes_at', '<=', until)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('quiz_reminders as r')
            .select('r.quiz_id')
            .whereRef('r.quiz_id', '=', 'q.id')
            .whereRef('r.closes_at', '=', 'q.closes_at'),
        ),
      ),
    )
    .$narrowType<{ closes_at: string }>()
    .execute();
}

/** Records the reminder; true for the one transaction that did. */
export async function takeQuizReminder(
  db: Db,
  quizId: string,
  closesAt: string,
  sentAt: string,
): Promise<boolean> {
  const taken = await db
    .insertInto('quiz_reminders')
    .values({ quiz_id: quizId, closes_at: closesAt, sent_at: sentAt })
    .onConflict((conflict) => conflict.columns(['quiz_id', 'closes_at']).doNothing())
    .returning('quiz_id')
    .executeTakeFirst();
  return taken !== undefined;
}

/** Enrolled students of the course without a submitted attempt of the quiz. */
export async function findStudentsWithoutSubmission(
  db: Db,
  courseId: string,
  quizId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('enrollments as e')
    .select('e.user_id')
    .where('e.course_id', '=', courseId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('quiz_attempts as a')
            .select('a.id')
            .whereRef('a.user_id', '=', 'e.user_id')
            .where('a.quiz_id', '=', quizId)
            .where('a.state', '=', 'submitted'),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.user_id);
}
