/**
 * Quizzes (DESIGN section 14): the course's question bank, quizzes as
 * outline items, attempts and their grading. The score rules live in the
 * contract (quizzes.ts: scoreAnswer); this module decides who may do what,
 * when, and keeps attempts whole.
 *
 * Who sees what, as assignments: the author (still a teacher) everything;
 * an enrolled student a published quiz, their own attempts, and the key of
 * a question only once the quiz's review allows it; a draft is 404 to
 * everyone else, a published quiz 403 to the signed-in but not enrolled.
 *
 * The server's clock rules (docs/decisions.md, "quiz deadlines"): an
 * attempt's deadline is fixed when it starts; an answer saved after it is
 * refused; an open attempt past it is submitted at the deadline with what
 * was saved — by whichever read meets it first, or by the sweep.
 */
import { randomInt } from 'node:crypto';
import {
  KEY_FIELDS,
  QUIZ_LIMITS,
  ROUTES,
  documentImageSources,
  fullAnswer,
  matchingRights,
  normaliseShortAnswer,
  quizImportMessages,
  messages,
  notificationText,
  parseAnswer,
  parseNumber,
  roundPoints,
  scoreAnswer,
  type Language,
  type LessonDocument,
  type QuestionKey,
  type QuestionKind,
  type QuizGrading,
  type QuizReview,
} from '@urok/contract';
import type {
  Attempt,
  AttemptQuestion,
  AttemptSummary,
  CreateQuizBody,
  Question,
  QuestionBody,
  Quiz,
  QuizSlot,
  QuizStatistics,
  UpdateQuizBody,
} from '@urok/contract/schemas';
import { AppError } from '../../app-error.ts';
import { inLanguage, later, speaking } from '../../lib/language.ts';
import { parseAiken } from './aiken.ts';
import { exportGift, parseGift } from './gift.ts';
import { computeQuizStatistics } from './quiz-statistics.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { createTimeOrderedId } from '../../lib/ids.ts';
import type { Announcement } from '../../lib/notify.ts';
import { notify, notifyCourseStudents } from '../notifications/notifications.service.ts';
import { buildSearchText, searchTerms } from '../../lib/search-text.ts';
import { assertCourseAuthor, isCourseAuthor, type Requester } from '../../lib/teacher-role.ts';
import { nextItemPosition, registerOutlineItems } from '../content/content.service.ts';
import { isListedCourse } from '../../lib/course-visibility.ts';
import {
  closeAttempt,
  countQuestions,
  countQuizzes,
  deleteQuestion,
  deleteQuizWithoutAttempts,
  findAnswers,
  findAttemptForAnswer,
  findAttemptQuestions,
  findAttemptWithQuiz,
  findCalendarQuizzes,
  findCourseOwner,
  findCourseQuestions,
  findQuizItems,
  findSectionCourse,
  isStudentEnrolled,
  maxQuizPosition,
  moveQuiz,
  sectionHasQuizzes,
  findQuizzesClosingSoon,
  findStudentsWithoutSubmission,
  findSubmittedAttemptsWithAnswers,
  takeQuizReminder,
  findCourseQuizzes,
  findCourseGradeAttempts,
  findExpiredOpenAttempts,
  findGradeHistory,
  findQuestionWithAuthor,
  findQuestionsForExport,
  findQuizAttempts,
  findQuizWithCourse,
  findTagQuestions,
  findUserAttempts,
  insertAttempt,
  insertQuestion,
  insertQuiz,
  listQuestions,
  markQuizAnnounced,
  quizHasAttempts,
  quizzesNamingQuestion,
  replaceQuestion,
  saveAnswerIfOpen,
  setAttemptScore,
  setSlotGrade,
  updateQuizFields,
  writeSlotScores,
  type AnswerRow,
  type AttemptRow,
  type AttemptWithQuiz,
  type QuestionRow,
  type QuizRow,
  type QuizWithCourse,
} from './quizzes.repository.ts';

// Quizzes are items of the course outline beside lessons and assignments.
registerOutlineItems({
  kind: 'quiz',
  list: findQuizItems,
  move: moveQuiz,
  inSection: sectionHasQuizzes,
  maxPosition: maxQuizPosition,
});

/** The time the server goes by: app.now() in production, a test's clock in tests. */
export type Now = () => number;

const iso = (ms: number) => new Date(ms).toISOString();

// ---------------------------------------------------------------- conversions

/** The kind's key fields, as stored (a JSON object without `kind`). */
function keyOf(body: QuestionBody): Omit<QuestionKey, 'kind'> {
  const { kind: _kind, text: _text, points: _points, tags: _tags, explanation: _e, ...key } = body;
  return key as Omit<QuestionKey, 'kind'>;
}

export function questionKeyOfRow(row: Pick<QuestionRow, 'kind' | 'answer_key'>): QuestionKey {
  return { kind: row.kind, ...JSON.parse(row.answer_key) } as QuestionKey;
}

export function toQuestion(row: QuestionRow): Question {
  return {
    _id: row.id,
    courseId: row.course_id,
    kind: row.kind as QuestionKind,
    text: JSON.parse(row.text) as LessonDocument,
    points: Number(row.points),
    tags: JSON.parse(row.tags) as string[],
    explanation: row.explanation === null ? null : (JSON.parse(row.explanation) as LessonDocument),
    ...(JSON.parse(row.answer_key) as object),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Every text node of a document, joined: the searchable words of a question. */
function documentWords(doc: unknown): string {
  const words: string[] = [];
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const { text, content } = node as { text?: unknown; content?: unknown };
    if (typeof text === 'string') words.push(text);
    if (Array.isArray(content)) content.forEach(visit);
  };
  visit(doc);
  return words.join(' ');
}

/** A question's words for search: its text, its options, items, pairs and tags. */
function questionSearchText(body: QuestionBody): string {
  const key = keyOf(body) as Record<string, unknown>;
  const extra: string[] = [];
  if (Array.isArray(key.options))
    extra.push(...(key.options as { text: string }[]).map((o) => o.text));
  if (Array.isArray(key.items)) extra.push(...(key.items as string[]));
  if (Array.isArray(key.pairs))
    extra.push(
      ...(key.pairs as { left: string; right: string }[]).flatMap((p) => [p.left, p.right]),
    );
  return buildSearchText(documentWords(body.text), ...extra, ...body.tags);
}

function quizSlots(row: Pick<QuizRow, 'slots'>): QuizSlot[] {
  return JSON.parse(row.slots) as QuizSlot[];
}

function toQuiz(row: QuizRow): Quiz {
  return {
    _id: row.id,
    courseId: row.course_id,
    sectionId: row.section_id,
    title: row.title,
    description: row.description === null ? null : (JSON.parse(row.description) as LessonDocument),
    published: Number(row.published) === 1,
    position: Number(row.position),
    opensAt: row.opens_at,
    closesAt: row.closes_at,
    timeLimitMinutes: row.time_limit_minutes === null ? null : Number(row.time_limit_minutes),
    attemptsAllowed: Number(row.attempts_allowed),
    grading: row.grading as QuizGrading,
    shuffleQuestions: Number(row.shuffle_questions) === 1,
    shuffleOptions: Number(row.shuffle_options) === 1,
    review: row.review as QuizReview,
    maxPoints: Number(row.max_points),
    questionCount: Number(row.question_count),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toAttemptSummary(row: AttemptRow, username: string): AttemptSummary {
  return {
    _id: row.id,
    student: { _id: row.user_id, username },
    state: row.state,
    score: row.score === null ? null : Number(row.score),
    maxPoints: Number(row.max_points),
    pendingGrading: Number(row.pending_grading) === 1,
    startedAt: row.started_at,
    deadline: row.deadline,
    submittedAt: row.submitted_at,
  };
}

// ---------------------------------------------------------------- access

async function getAuthoredCourse(db: Db, user: Requester, courseId: string) {
  const course = await findCourseOwner(db, courseId);
  if (!course) throw new AppError('NOT_FOUND', messages.courseNotFound);
  assertCourseAuthor(user, course.author_id);
  return course;
}

async function getAuthoredQuestion(db: Db, user: Requester, questionId: string) {
  const question = await findQuestionWithAuthor(db, questionId);
  if (!question) throw new AppError('NOT_FOUND', messages.questionNotFound);
  assertCourseAuthor(user, question.author_id);
  return question;
}

async function getQuiz(db: Db, quizId: string): Promise<QuizWithCourse> {
  const quiz = await findQuizWithCourse(db, quizId);
  if (!quiz) throw new AppError('NOT_FOUND', messages.quizNotFound);
  return quiz;
}

async function getAuthoredQuiz(db: Db, user: Requester, quizId: string) {
  const quiz = await getQuiz(db, quizId);
  assertCourseAuthor(user, quiz.author_id);
  return quiz;
}

/**
 * A published quiz for an enrolled student; a draft 404, not enrolled 403,
 * and 404 outside a course that is not public (lib/course-visibility.ts).
 */
async function getStudentQuiz(db: Db, user: Requester, quizId: string) {
  const quiz = await getQuiz(db, quizId);
  if (Number(quiz.published) !== 1) throw new AppError('NOT_FOUND', messages.quizNotFound);
  if (!(await isStudentEnrolled(db, user._id, quiz.course_id))) {
    const listed = isListedCourse({
      author_id: quiz.author_id,
      visibility: quiz.course_visibility ?? undefined,
      hidden: quiz.course_hidden ?? undefined,
    });
    if (!listed) throw new AppError('NOT_FOUND', messages.quizNotFound);
    throw new AppError('FORBIDDEN', messages.notEnrolled);
  }
  return quiz;
}

/** Question and explanation texts have no attachments of their own, so they show no images. */
function assertNoImages(...docs: (LessonDocument | null | undefined)[]): void {
  for (const doc of docs) {
    if (doc && documentImageSources(doc).length > 0)
      throw new AppError('BAD_REQUEST', messages.questionImagesNotAllowed, {
        text: messages.questionImagesNotAllowed,
      });
  }
}

// ---------------------------------------------------------------- the question bank

function questionRowOf(
  body: QuestionBody,
): Omit<QuestionRow, 'id' | 'course_id' | 'created_at' | 'updated_at'> {
  return {
    kind: body.kind,
    text: JSON.stringify(body.text),
    explanation: body.explanation === null ? null : JSON.stringify(body.explanation),
    points: body.points,
    tags: JSON.stringify(body.tags),
    answer_key: JSON.stringify(keyOf(body)),
    search_text: questionSearchText(body),
  };
}

/** Whether a course has any question or quiz (the demo quiz goes only into a course without). */
export async function courseHasQuizContent(db: Db, courseId: string): Promise<boolean> {
  return (await countQuestions(db, courseId)) > 0 || (await countQuizzes(db, courseId)) > 0;
}

/** Inserts questions of the course (already validated), in one transaction; their ids in order. */
async function insertQuestions(db: Db, courseId: string, bodies: QuestionBody[], now: Now) {
  if ((await countQuestions(db, courseId)) + bodies.length > QUIZ_LIMITS.questionsPerCourse)
    throw new AppError('CONFLICT', messages.questionLimitReached);
  for (const body of bodies) assertNoImages(body.text, body.explanation);
  const rows: QuestionRow[] = bodies.map((body) => {
    // A distinct millisecond-ordered id each, so the bank lists them in the order given.
    const at = iso(now());
    return {
      id: createTimeOrderedId(),
      course_id: courseId,
      ...questionRowOf(body),
      created_at: at,
      updated_at: at,
    };
  });
  await db.transaction().execute(async (trx) => {
    for (const [index, row] of rows.entries()) await insertQuestion(trx, row, bodies[index]!.tags);
  });
  return rows;
}

export async function createQuestion(
  db: Db,
  user: Requester,
  courseId: string,
  body: QuestionBody,
  now: Now,
): Promise<Question> {
  await getAuthoredCourse(db, user, courseId);
  const [row] = await insertQuestions(db, courseId, [body], now);
  return toQuestion(row!);
}

function encodeCursor(row: QuestionRow): string {
  return Buffer.from(JSON.stringify([row.created_at, row.id]), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string | undefined): { createdAt: string; id: string } | undefined {
  if (!cursor) return undefined;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string'
    )
      return { createdAt: value[0], id: value[1] };
  } catch {
    // fall through
  }
  throw new AppError('BAD_REQUEST', messages.badRequest, { cursor: messages.badRequest });
}

export async function listCourseQuestions(
  db: Db,
  user: Requester,
  courseId: string,
  query: { tag?: string; q?: string; cursor?: string; limit?: number },
): Promise<{ questions: Question[]; nextCursor: string | null }> {
  await getAuthoredCourse(db, user, courseId);
  const limit = query.limit ?? QUIZ_LIMITS.page.default;
  const rows = await listQuestions(db, courseId, {
    tag: query.tag?.trim() || undefined,
    terms: searchTerms(query.q),
    after: decodeCursor(query.cursor),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  return {
    questions: page.map(toQuestion),
    nextCursor: rows.length > limit ? encodeCursor(page.at(-1)!) : null,
  };
}

export async function readQuestion(db: Db, user: Requester, questionId: string): Promise<Question> {
  return toQuestion(await getAuthoredQuestion(db, user, questionId));
}

/** Replaces a question; started attempts keep the question as it was when they started. */
export async function updateQuestion(
  db: Db,
  user: Requester,
  questionId: string,
  body: QuestionBody,
  now: Now,
): Promise<Question> {
  const question = await getAuthoredQuestion(db, user, questionId);
  assertNoImages(body.text, body.explanation);
  const fields = { ...questionRowOf(body), updated_at: iso(now()) };
  await db.transaction().execute(async (trx) => {
    await replaceQuestion(trx, questionId, fields, question.course_id, body.tags);
  });
  return toQuestion({ ...question, ...fields });
}

/** 204; 409 while a quiz names it (attempts keep their own copies). */
export async function removeQuestion(db: Db, user: Requester, questionId: string): Promise<void> {
  const question = await getAuthoredQuestion(db, user, questionId);
  if ((await quizzesNamingQuestion(db, question.course_id, questionId)) > 0)
    throw new AppError('CONFLICT', messages.questionInUse);
  await deleteQuestion(db, questionId);
}

// ---------------------------------------------------------------- quizzes

/**
 * The slots checked against the bank, with the quiz's maxPoints and
 * questionCount: a fixed slot's question must be the course's (once); a
 * tag must hold at least `count` questions now. A tag slot counts `count` ×
 * the mean points of the tag's questions (docs/decisions.md, "quiz points").
 */
async function measureSlots(db: Db, courseId: string, slots: QuizSlot[]) {
  const fixed = slots.flatMap((slot) => ('questionId' in slot ? [slot.questionId] : []));
  if (new Set(fixed).size !== fixed.length)
    throw new AppError('BAD_REQUEST', messages.quizSlotDuplicate, {
      slots: messages.quizSlotDuplicate,
    });
  const questions = await findCourseQuestions(db, courseId, fixed);
  if (questions.length !== fixed.length)
    throw new AppError('BAD_REQUEST', messages.quizSlotQuestionUnknown, {
      slots: messages.quizSlotQuestionUnknown,
    });
  let maxPoints = questions.reduce((sum, q) => sum + Number(q.points), 0);
  let count = fixed.length;
  for (const slot of slots) {
    if (!('tag' in slot)) continue;
    const tagged = (await findTagQuestions(db, courseId, slot.tag)).filter(
      (q) => !fixed.includes(q.id),
    );
    if (tagged.length < slot.count) {
      const message = later(() => messages.quizSlotTagTooFew(slot.tag, tagged.length));
      throw new AppError('BAD_REQUEST', message, { slots: message });
    }
    const mean = tagged.reduce((sum, q) => sum + Number(q.points), 0) / tagged.length;
    maxPoints += slot.count * mean;
    count += slot.count;
  }
  return { maxPoints: roundPoints(maxPoints), questionCount: count };
}

async function assertSectionOfCourse(db: Db, sectionId: string, courseId: string) {
  const section = await findSectionCourse(db, sectionId);
  if (!section || section.course_id !== courseId)
    throw new AppError('BAD_REQUEST', messages.quizSectionInvalid, {
      sectionId: messages.quizSectionInvalid,
    });
}

/** quiz.published to the course's students, the first time the quiz is published only. */
async function announceQuiz(
  trx: Db,
  quiz: Pick<QuizRow, 'id' | 'course_id' | 'title' | 'closes_at'>,
  at: string,
  announcement: Announcement | undefined,
) {
  if (!(await markQuizAnnounced(trx, quiz.id, at))) return;
  await notifyCourseStudents(
    trx,
    quiz.course_id,
    (course) => ({
      kind: 'quiz.published',
      ...notificationText.quizPublished(course, quiz.title, quiz.closes_at),
      link: ROUTES.quiz(quiz.course_id, quiz.id),
    }),
    announcement,
  );
}

export async function createQuiz(
  db: Db,
  user: Requester,
  courseId: string,
  input: CreateQuizBody,
  now: Now,
  announcement?: Announcement,
): Promise<Quiz> {
  await getAuthoredCourse(db, user, courseId);
  await assertSectionOfCourse(db, input.sectionId, courseId);
  assertNoImages(input.description);
  if ((await countQuizzes(db, courseId)) >= QUIZ_LIMITS.quizzesPerCourse)
    throw new AppError('CONFLICT', messages.quizLimitReached);
  const measured = await measureSlots(db, courseId, input.slots);
  if (input.published && measured.questionCount === 0)
    throw new AppError('BAD_REQUEST', messages.quizNoQuestions, {
      slots: messages.quizNoQuestions,
    });
  const at = iso(now());
  const row: QuizRow = {
    id: createTimeOrderedId(),
    course_id: courseId,
    section_id: input.sectionId,
    title: input.title,
    description: input.description === null ? null : JSON.stringify(input.description),
    published: input.published ? 1 : 0,
    announced_at: null,
    position: await nextItemPosition(db, input.sectionId),
    opens_at: input.opensAt,
    closes_at: input.closesAt,
    time_limit_minutes: input.timeLimitMinutes,
    attempts_allowed: input.attemptsAllowed,
    grading: input.grading,
    shuffle_questions: input.shuffleQuestions ? 1 : 0,
    shuffle_options: input.shuffleOptions ? 1 : 0,
    review: input.review,
    slots: JSON.stringify(input.slots),
    max_points: measured.maxPoints,
    question_count: measured.questionCount,
    created_at: at,
    updated_at: at,
  };
  await db.transaction().execute(async (trx) => {
    await insertQuiz(trx, row);
    if (row.published === 1) await announceQuiz(trx, row, at, announcement);
  });
  return { ...toQuiz(row), slots: input.slots, hasAttempts: false };
}

/** The fields a quiz with attempts may still change: none changes what an attempt was or scores. */
const CHANGEABLE_WITH_ATTEMPTS = new Set([
  'sectionId',
  'title',
  'description',
  'published',
  'opensAt',
  'closesAt',
  'attemptsAllowed',
  'review',
]);

export async function updateQuiz(
  db: Db,
  user: Requester,
  quizId: string,
  input: UpdateQuizBody,
  now: Now,
  announcement?: Announcement,
): Promise<Quiz> {
  const quiz = await getAuthoredQuiz(db, user, quizId);
  const changesAttempts = Object.keys(input).some(
    (name) =>
      !CHANGEABLE_WITH_ATTEMPTS.has(name) && (input as Record<string, unknown>)[name] !== undefined,
  );
  if (changesAttempts && (await quizHasAttempts(db, quizId)))
    throw new AppError('CONFLICT', messages.quizHasAttempts);
  const fields: Partial<QuizRow> = {};
  if (input.title !== undefined) fields.title = input.title;
  if (input.description !== undefined) {
    assertNoImages(input.description);
    fields.description = input.description === null ? null : JSON.stringify(input.description);
  }
  if (input.published !== undefined) fields.published = input.published ? 1 : 0;
  if (input.opensAt !== undefined) fields.opens_at = input.opensAt;
  if (input.closesAt !== undefined) fields.closes_at = input.closesAt;
  if (input.timeLimitMinutes !== undefined) fields.time_limit_minutes = input.timeLimitMinutes;
  if (input.attemptsAllowed !== undefined) fields.attempts_allowed = input.attemptsAllowed;
  if (input.grading !== undefined) fields.grading = input.grading;
  if (input.shuffleQuestions !== undefined)
    fields.shuffle_questions = input.shuffleQuestions ? 1 : 0;
  if (input.shuffleOptions !== undefined) fields.shuffle_options = input.shuffleOptions ? 1 : 0;
  if (input.review !== undefined) fields.review = input.review;
  const opens = fields.opens_at !== undefined ? fields.opens_at : quiz.opens_at;
  const closes = fields.closes_at !== undefined ? fields.closes_at : quiz.closes_at;
  if (opens && closes && Date.parse(closes) <= Date.parse(opens))
    throw new AppError('BAD_REQUEST', messages.quizDatesOrder, {
      closesAt: messages.quizDatesOrder,
    });
  if (input.sectionId !== undefined && input.sectionId !== quiz.section_id) {
    await assertSectionOfCourse(db, input.sectionId, quiz.course_id);
    fields.section_id = input.sectionId;
    fields.position = await nextItemPosition(db, input.sectionId);
  }
  let slots = quizSlots(quiz);
  if (input.slots !== undefined) {
    const measured = await measureSlots(db, quiz.course_id, input.slots);
    slots = input.slots;
    fields.slots = JSON.stringify(input.slots);
    fields.max_points = measured.maxPoints;
    fields.question_count = measured.questionCount;
  }
  const published = fields.published ?? Number(quiz.published);
  if (published === 1 && (fields.question_count ?? Number(quiz.question_count)) === 0)
    throw new AppError('BAD_REQUEST', messages.quizNoQuestions, {
      slots: messages.quizNoQuestions,
    });
  const at = iso(now());
  await db.transaction().execute(async (trx) => {
    // Again inside the transaction: an attempt may have started since.
    if (changesAttempts && (await quizHasAttempts(trx, quizId)))
      throw new AppError('CONFLICT', messages.quizHasAttempts);
    fields.updated_at = at;
    await updateQuizFields(trx, quizId, fields);
    if (published === 1) await announceQuiz(trx, { ...quiz, ...fields }, at, announcement);
  });
  const updated = await getQuiz(db, quizId);
  return { ...toQuiz(updated), slots, hasAttempts: await quizHasAttempts(db, quizId) };
}

/** 204; 409 once it has attempts. */
export async function removeQuiz(db: Db, user: Requester, quizId: string): Promise<void> {
  await getAuthoredQuiz(db, user, quizId);
  if (!(await deleteQuizWithoutAttempts(db, quizId))) {
    if (await findQuizWithCourse(db, quizId))
      throw new AppError('CONFLICT', messages.quizHasAttempts);
    throw new AppError('NOT_FOUND', messages.quizNotFound);
  }
}

/** Whether a student with these attempts may start (or continue) one now. */
function canStartNow(quiz: QuizRow, attempts: AttemptRow[], nowMs: number): boolean {
  if (attempts.some((attempt) => attempt.state === 'open')) return true;
  if (quiz.opens_at && nowMs < Date.parse(quiz.opens_at)) return false;
  if (quiz.closes_at && nowMs >= Date.parse(quiz.closes_at)) return false;
  return attempts.length < Number(quiz.attempts_allowed);
}

/** A quiz for its author (with slots) or an enrolled student (with their attempts and canStart). */
export async function readQuiz(
  db: Db,
  user: Requester & { username: string },
  quizId: string,
  now: Now,
): Promise<Quiz> {
  const quiz = await getQuiz(db, quizId);
  if (isCourseAuthor(user, quiz.author_id))
    return {
      ...toQuiz(quiz),
      slots: quizSlots(quiz),
      hasAttempts: await quizHasAttempts(db, quizId),
    };
  await getStudentQuiz(db, user, quizId);
  await finishExpiredAttempts(db, now, { quizId, userId: user._id });
  const attempts = await findUserAttempts(db, quizId, user._id);
  return {
    ...toQuiz(quiz),
    attempts: attempts.map((attempt) => toAttemptSummary(attempt, user.username)),
    canStart: canStartNow(quiz, attempts, now()),
  };
}

// ---------------------------------------------------------------- attempts: the draw

/** What an attempt keeps of each question: the question as it was, and how it was shown. */
export interface DrawnQuestion {
  slot: number;
  questionId: string;
  kind: QuestionKind;
  text: LessonDocument;
  points: number;
  explanation: LessonDocument | null;
  key: QuestionKey;
  /** single/multiple: the options in the order shown (shuffled when the quiz says so). */
  options?: { id: string; text: string }[];
  lefts?: string[];
  rights?: string[];
  items?: string[];
}

function shuffled<T>(list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** A shuffle that differs from the original order whenever the list has two different entries. */
function reordered(list: readonly string[]): string[] {
  if (new Set(list).size < 2) return [...list];
  for (;;) {
    const copy = shuffled(list);
    if (copy.some((item, index) => item !== list[index])) return copy;
  }
}

function drawQuestion(row: QuestionRow, shuffleOptions: boolean): Omit<DrawnQuestion, 'slot'> {
  const key = questionKeyOfRow(row);
  const drawn: Omit<DrawnQuestion, 'slot'> = {
    questionId: row.id,
    kind: row.kind as QuestionKind,
    text: JSON.parse(row.text) as LessonDocument,
    points: Number(row.points),
    explanation: row.explanation === null ? null : (JSON.parse(row.explanation) as LessonDocument),
    key,
  };
  if (key.kind === 'single' || key.kind === 'multiple') {
    const options = key.options.map((option) => ({ id: option.id, text: option.text }));
    drawn.options = shuffleOptions ? shuffled(options) : options;
  } else if (key.kind === 'matching') {
    drawn.lefts = key.pairs.map((pair) => pair.left);
    drawn.rights = shuffled(matchingRights(key.pairs));
  } else if (key.kind === 'ordering') {
    drawn.items = reordered(key.items);
  }
  return drawn;
}

/** The questions of a new attempt: fixed ones and random draws from tags, ordered and shuffled once. */
async function drawQuestions(db: Db, quiz: QuizRow): Promise<DrawnQuestion[]> {
  const slots = quizSlots(quiz);
  const fixedIds = slots.flatMap((slot) => ('questionId' in slot ? [slot.questionId] : []));
  const fixed = new Map(
    (await findCourseQuestions(db, quiz.course_id, fixedIds)).map((row) => [row.id, row]),
  );
  const chosen = new Set(fixed.keys());
  const picks: string[] = [];
  for (const slot of slots) {
    if ('questionId' in slot) {
      if (!fixed.has(slot.questionId)) throw new AppError('CONFLICT', messages.attemptTagTooFew);
      picks.push(slot.questionId);
      continue;
    }
    const pool = (await findTagQuestions(db, quiz.course_id, slot.tag))
      .map((q) => q.id)
      .filter((id) => !chosen.has(id));
    if (pool.length < slot.count) throw new AppError('CONFLICT', messages.attemptTagTooFew);
    for (const id of shuffled(pool).slice(0, slot.count)) {
      chosen.add(id);
      picks.push(id);
    }
  }
  if (picks.length === 0) throw new AppError('CONFLICT', messages.attemptTagTooFew);
  const drawnRows = new Map(
    (
      await findCourseQuestions(
        db,
        quiz.course_id,
        picks.filter((id) => !fixed.has(id)),
      )
    ).map((row) => [row.id, row]),
  );
  const rows = picks.map((id) => fixed.get(id) ?? drawnRows.get(id)!);
  const ordered = Number(quiz.shuffle_questions) === 1 ? shuffled(rows) : rows;
  return ordered.map((row, index) => ({
    slot: index + 1,
    ...drawQuestion(row, Number(quiz.shuffle_options) === 1),
  }));
}

/** The earlier of startedAt + the time limit and the close date; null when neither. */
function deadlineOf(quiz: QuizRow, startedMs: number): string | null {
  const limits = [
    quiz.time_limit_minutes === null ? null : startedMs + Number(quiz.time_limit_minutes) * 60_000,
    quiz.closes_at === null ? null : Date.parse(quiz.closes_at),
  ].filter((value): value is number => value !== null);
  return limits.length === 0 ? null : iso(Math.min(...limits));
}

/**
 * `POST quizzes/{id}/attempts`: the student's open attempt (200), else a
 * new one (201) when the quiz is open and attempts are left (409 with why
 * otherwise). One open attempt per student and quiz, also when two tabs
 * start at once (a unique index; the loser answers with the winner's).
 */
export async function startAttempt(
  db: Db,
  user: Requester,
  quizId: string,
  now: Now,
): Promise<{ attempt: Attempt; created: boolean }> {
  const quiz = await getStudentQuiz(db, user, quizId);
  await finishExpiredAttempts(db, now, { quizId, userId: user._id });
  const attempts = await findUserAttempts(db, quizId, user._id);
  const open = attempts.find((attempt) => attempt.state === 'open');
  if (open) return { attempt: await readAttempt(db, user, open.id, now), created: false };
  const nowMs = now();
  if (quiz.opens_at && nowMs < Date.parse(quiz.opens_at))
    throw new AppError('CONFLICT', messages.attemptNotOpenYet);
  if (quiz.closes_at && nowMs >= Date.parse(quiz.closes_at))
    throw new AppError('CONFLICT', messages.attemptClosed);
  if (attempts.length >= Number(quiz.attempts_allowed))
    throw new AppError('CONFLICT', messages.attemptNoneLeft);
  const questions = await drawQuestions(db, quiz);
  const row: AttemptRow = {
    id: createTimeOrderedId(),
    quiz_id: quizId,
    course_id: quiz.course_id,
    user_id: user._id,
    state: 'open',
    started_at: iso(nowMs),
    deadline: deadlineOf(quiz, nowMs),
    submitted_at: null,
    score: null,
    max_points: roundPoints(questions.reduce((sum, q) => sum + q.points, 0)),
    pending_grading: 0,
    questions: JSON.stringify(questions),
  };
  try {
    await insertAttempt(db, row);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = (await findUserAttempts(db, quizId, user._id)).find((a) => a.state === 'open');
    if (!winner) throw error;
    return { attempt: await readAttempt(db, user, winner.id, now), created: false };
  }
  return { attempt: await readAttempt(db, user, row.id, now), created: true };
}

// ---------------------------------------------------------------- attempts: scoring

function drawnOf(attempt: Pick<AttemptRow, 'questions'>): DrawnQuestion[] {
  return JSON.parse(attempt.questions) as DrawnQuestion[];
}

function parseStored(answer: string | null): unknown {
  return answer === null ? null : (JSON.parse(answer) as unknown);
}

/**
 * Submits an open attempt at `submittedAt` and scores it, in one
 * transaction: only the caller whose update took it from open scores it,
 * so two racing submits (or a submit and the sweep) score it once.
 */
async function submitAndScore(db: Db, attemptId: string, submittedAt: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await closeAttempt(trx, attemptId, submittedAt))) return false;
    const attempt = await findAttemptQuestions(trx, attemptId);
    const answers = new Map((await findAnswers(trx, attemptId)).map((row) => [row.slot, row]));
    const drawn = drawnOf(attempt);
    const scores = drawn.map((question) => ({
      slot: question.slot,
      autoScore: scoreAnswer(
        question.key,
        question.points,
        parseStored(answers.get(question.slot)?.answer ?? null),
      ),
    }));
    await writeSlotScores(trx, attemptId, scores);
    const total = roundPoints(scores.reduce((sum, s) => sum + (s.autoScore ?? 0), 0));
    await setAttemptScore(
      trx,
      attemptId,
      total,
      drawn.some((q) => q.kind === 'essay'),
    );
    return true;
  });
}

/**
 * Open attempts past their deadline become submitted at the deadline with
 * the answers saved until then: called by every read that shows an
 * attempt, a quiz, grades or statistics, and by the sweep (main.ts).
 * Returns how many it submitted.
 */
export async function finishExpiredAttempts(
  db: Db,
  now: Now,
  scope: { quizId?: string; courseId?: string; userId?: string; attemptId?: string } = {},
): Promise<number> {
  let finished = 0;
  for (const attempt of await findExpiredOpenAttempts(db, iso(now()), scope)) {
    if (await submitAndScore(db, attempt.id, attempt.deadline)) finished += 1;
  }
  return finished;
}

// ---------------------------------------------------------------- attempts: reading

/** Whether the student may see their answers' scores, the right answers and explanations now. */
function reviewAllowed(attempt: AttemptWithQuiz, attemptsLeft: boolean, nowMs: number): boolean {
  if (attempt.state !== 'submitted') return false;
  const review = attempt.quiz_review as QuizReview;
  if (review === 'after_submit') return true;
  if (review === 'never') return false;
  // after_close: once the quiz has closed; a quiz without a close date, once no attempt is left.
  if (attempt.quiz_closes_at) return nowMs >= Date.parse(attempt.quiz_closes_at);
  return !attemptsLeft;
}

function attemptQuestion(
  question: DrawnQuestion,
  answer: AnswerRow | undefined,
  view: { author: boolean; review: boolean; submitted: boolean },
  history: { slot: number; points: number; feedback: string | null; graded_at: string }[],
): AttemptQuestion {
  const shown: AttemptQuestion = {
    slot: question.slot,
    kind: question.kind,
    text: question.text,
    points: question.points,
    answer: parseStored(answer?.answer ?? null),
    answeredAt: answer?.answered_at ?? null,
  };
  if (question.options) shown.options = question.options;
  if (question.lefts) shown.lefts = question.lefts;
  if (question.rights) shown.rights = question.rights;
  if (question.items) shown.items = question.items;
  if (view.submitted) shown.feedback = answer?.feedback ?? null;
  if (view.author || view.review) {
    shown.score =
      answer?.score === null || answer?.score === undefined ? null : Number(answer.score);
    const correct = fullAnswer(question.key);
    if (correct !== null) shown.correct = correct;
    shown.explanation = question.explanation;
  }
  if (view.author) {
    shown.questionId = question.questionId;
    shown.autoScore =
      answer?.auto_score === null || answer?.auto_score === undefined
        ? null
        : Number(answer.auto_score);
    shown.gradeHistory = history
      .filter((entry) => entry.slot === question.slot)
      .map((entry) => ({
        points: Number(entry.points),
        feedback: entry.feedback,
        gradedAt: entry.graded_at,
      }));
  }
  return shown;
}

/** Defence in depth: a student's question never carries a key field before review. */
function assertNoKey(question: AttemptQuestion): void {
  for (const field of KEY_FIELDS) {
    if (field in question && field !== 'correct')
      throw new Error(`key field ${field} in a student's attempt`);
  }
}

async function getAttempt(db: Db, attemptId: string): Promise<AttemptWithQuiz> {
  const attempt = await findAttemptWithQuiz(db, attemptId);
  if (!attempt) throw new AppError('NOT_FOUND', messages.attemptNotFound);
  return attempt;
}

/** An attempt for its student or the course's author (403 for anyone else). */
export async function readAttempt(
  db: Db,
  user: Requester,
  attemptId: string,
  now: Now,
): Promise<Attempt> {
  let attempt = await getAttempt(db, attemptId);
  const author = isCourseAuthor(user, attempt.author_id);
  if (!author && attempt.user_id !== user._id) throw new AppError('FORBIDDEN', messages.forbidden);
  if (attempt.state === 'open' && (await finishExpiredAttempts(db, now, { attemptId })) > 0)
    attempt = await getAttempt(db, attemptId);
  const nowMs = now();
  let review = false;
  if (!author && attempt.state === 'submitted') {
    const quiz = await getQuiz(db, attempt.quiz_id);
    const attempts = await findUserAttempts(db, attempt.quiz_id, attempt.user_id);
    review = reviewAllowed(attempt, attempts.length < Number(quiz.attempts_allowed), nowMs);
  }
  const [answers, history] = await Promise.all([
    findAnswers(db, attemptId),
    author ? findGradeHistory(db, attemptId) : Promise.resolve([]),
  ]);
  const bySlot = new Map(answers.map((row) => [row.slot, row]));
  const view = { author, review, submitted: attempt.state === 'submitted' };
  const questions = drawnOf(attempt).map((question) =>
    attemptQuestion(question, bySlot.get(question.slot), view, history),
  );
  if (!author && !review) questions.forEach(assertNoKey);
  return {
    _id: attempt.id,
    quizId: attempt.quiz_id,
    courseId: attempt.course_id,
    student: { _id: attempt.user_id, username: attempt.username },
    state: attempt.state,
    startedAt: attempt.started_at,
    deadline: attempt.deadline,
    submittedAt: attempt.submitted_at,
    score: attempt.state === 'submitted' && attempt.score !== null ? Number(attempt.score) : null,
    maxPoints: Number(attempt.max_points),
    pendingGrading: Number(attempt.pending_grading) === 1,
    reviewAllowed: author || review,
    serverTime: iso(nowMs),
    questions,
  };
}

/** The attempts of a quiz for its author, newest first. */
export async function listQuizAttempts(
  db: Db,
  user: Requester,
  quizId: string,
  now: Now,
): Promise<AttemptSummary[]> {
  await getAuthoredQuiz(db, user, quizId);
  await finishExpiredAttempts(db, now, { quizId });
  return (await findQuizAttempts(db, quizId)).map((row) => toAttemptSummary(row, row.username));
}

// ---------------------------------------------------------------- attempts: answering

async function getOwnAttempt(db: Db, user: Requester, attemptId: string, now: Now) {
  const attempt = await getAttempt(db, attemptId);
  if (attempt.user_id !== user._id) throw new AppError('FORBIDDEN', messages.forbidden);
  if (attempt.state === 'open') await finishExpiredAttempts(db, now, { attemptId });
  return getAttempt(db, attemptId);
}

/** Why an answer cannot be saved to a submitted attempt: past its deadline, or submitted. */
function closedMessage(attempt: AttemptRow): string {
  return attempt.deadline !== null && attempt.submitted_at === attempt.deadline
    ? messages.attemptPastDeadline
    : messages.attemptSubmitted;
}

/**
 * `PUT attempts/{id}/answers/{slot}`: saves one answer (null clears it).
 * The common case costs two statements: the attempt's own row, then one
 * conditional upsert that checks the owner, the state and the deadline
 * again as it writes. An attempt past its deadline, or a write that found
 * it closed, takes the full path (the attempt submitted at its deadline
 * first), so every refusal and its message stay as they were.
 */
export async function saveAnswer(
  db: Db,
  user: Requester,
  attemptId: string,
  slot: number,
  answer: unknown,
  now: Now,
): Promise<void> {
  const row = await findAttemptForAnswer(db, attemptId);
  if (!row) throw new AppError('NOT_FOUND', messages.attemptNotFound);
  if (row.user_id !== user._id) throw new AppError('FORBIDDEN', messages.forbidden);
  const nowMs = now();
  const inTime =
    row.state === 'open' && (row.deadline === null || Date.parse(row.deadline) > nowMs);
  const full = inTime ? null : await getOwnAttempt(db, user, attemptId, now);
  const question = drawnOf(full ?? row).find((q) => q.slot === slot);
  if (!question) throw new AppError('NOT_FOUND', messages.attemptSlotInvalid);
  if (full && full.state !== 'open') throw new AppError('CONFLICT', closedMessage(full));
  let stored: string | null = null;
  if (answer !== null) {
    const parsed = parseAnswer(question.key, answer);
    if (parsed === null) {
      const essayTooLong =
        question.kind === 'essay' &&
        typeof (answer as { text?: unknown })?.text === 'string' &&
        (answer as { text: string }).text.length > QUIZ_LIMITS.essay;
      const message = essayTooLong ? messages.answerEssayTooLong : messages.answerInvalid;
      throw new AppError('BAD_REQUEST', message, { answer: message });
    }
    stored = JSON.stringify(parsed);
  }
  if (!(await saveAnswerIfOpen(db, attemptId, user._id, slot, stored, iso(nowMs)))) {
    const latest = await getOwnAttempt(db, user, attemptId, now);
    if (latest.state === 'open') throw new AppError('CONFLICT', messages.attemptPastDeadline);
    throw new AppError('CONFLICT', closedMessage(latest));
  }
}

/** `POST attempts/{id}/submit`: submitted and scored once; a repeat answers with the same attempt. */
export async function submitAttempt(
  db: Db,
  user: Requester,
  attemptId: string,
  now: Now,
): Promise<Attempt> {
  const attempt = await getOwnAttempt(db, user, attemptId, now);
  if (attempt.state === 'open') {
    const nowMs = now();
    // The deadline rules even a submit that arrives late: it counts at the deadline.
    const at =
      attempt.deadline !== null && Date.parse(attempt.deadline) < nowMs
        ? attempt.deadline
        : iso(nowMs);
    await submitAndScore(db, attemptId, at);
  }
  return readAttempt(db, user, attemptId, now);
}

// ---------------------------------------------------------------- grading by the author

/** Points as a teacher types them: 0 to `max`, at most two decimals, "9,5" accepted. */
function parseSlotPoints(input: number | string, max: number): number | null {
  const value = parseNumber(input);
  if (value === null || value < 0 || value > max) return null;
  return Number.isInteger(Math.round(value * 1e6) / 1e4) ? value : null;
}

/**
 * `PUT attempts/{id}/slots/{slot}/grade`: the author grades an essay or
 * overrides any automatic score; every grade is kept in the slot's history
 * beside the automatic score. When the attempt's last essay gets its grade,
 * the student hears of it (quiz.graded).
 */
export async function gradeSlot(
  db: Db,
  user: Requester,
  attemptId: string,
  slot: number,
  input: { points: number | string; feedback?: string | null },
  now: Now,
  announcement?: Announcement,
): Promise<Attempt> {
  let attempt = await getAttempt(db, attemptId);
  assertCourseAuthor(user, attempt.author_id);
  if (attempt.state === 'open') {
    await finishExpiredAttempts(db, now, { attemptId });
    attempt = await getAttempt(db, attemptId);
  }
  const drawn = drawnOf(attempt);
  const question = drawn.find((q) => q.slot === slot);
  if (!question) throw new AppError('NOT_FOUND', messages.attemptSlotInvalid);
  if (attempt.state !== 'submitted') throw new AppError('CONFLICT', messages.attemptNotSubmitted);
  const points = parseSlotPoints(input.points, question.points);
  if (points === null) {
    const message = later(() => messages.attemptGradePointsInvalid(question.points));
    throw new AppError('BAD_REQUEST', message, { points: message });
  }
  const at = iso(now());
  await db.transaction().execute(async (trx) => {
    const before = (await findAnswers(trx, attemptId)).find((row) => row.slot === slot);
    const feedback = input.feedback === undefined ? (before?.feedback ?? null) : input.feedback;
    await setSlotGrade(
      trx,
      attemptId,
      slot,
      { score: points, feedback: feedback === '' ? null : feedback, graded_at: at },
      user._id,
      createTimeOrderedId(),
    );
    const answers = await findAnswers(trx, attemptId);
    const total = roundPoints(answers.reduce((sum, row) => sum + Number(row.score ?? 0), 0));
    const essays = new Set(drawn.filter((q) => q.kind === 'essay').map((q) => q.slot));
    const pending = answers.some((row) => essays.has(row.slot) && row.graded_at === null);
    await setAttemptScore(trx, attemptId, total, pending);
    if (Number(attempt.pending_grading) === 1 && !pending)
      await notify(
        trx,
        [attempt.user_id],
        () => ({
          kind: 'quiz.graded',
          ...notificationText.quizGraded(
            attempt.quiz_title,
            String(total).replace('.', ','),
            String(Number(attempt.max_points)).replace('.', ','),
          ),
          link: ROUTES.quizAttempt(attempt.course_id, attempt.quiz_id, attempt.id),
        }),
        announcement,
      );
  });
  return readAttempt(db, user, attemptId, now);
}

// ---------------------------------------------------------------- for other features

/**
 * A quiz's points in the gradebook from a student's submitted attempts
 * (oldest first): each attempt's score scaled to the quiz's maxPoints, then
 * by its grading. The status: missing without a submitted attempt,
 * submitted while a counted attempt waits for essays, else graded.
 * `openAttemptId` is the attempt the student has open, if any (in progress).
 */
export function quizCell(
  quiz: Pick<QuizRow, 'grading' | 'max_points'>,
  attempts: Pick<AttemptRow, 'id' | 'score' | 'max_points' | 'pending_grading'>[],
  openAttemptId: string | null = null,
): {
  status: 'missing' | 'submitted' | 'graded';
  points: number | null;
  attemptId: string | null;
  openAttemptId: string | null;
} {
  if (attempts.length === 0)
    return { status: 'missing', points: null, attemptId: null, openAttemptId };
  const quizMax = Number(quiz.max_points);
  const scaled = attempts.map((attempt) => {
    const max = Number(attempt.max_points);
    const score = Number(attempt.score ?? 0);
    return max > 0 && max !== quizMax ? roundPoints((score / max) * quizMax) : score;
  });
  const grading = quiz.grading as QuizGrading;
  let points: number;
  let counted: typeof attempts;
  let attemptId: string;
  if (grading === 'highest') {
    const best = scaled.indexOf(Math.max(...scaled));
    points = scaled[best]!;
    counted = [attempts[best]!];
    attemptId = attempts[best]!.id;
  } else if (grading === 'last') {
    points = scaled.at(-1)!;
    counted = [attempts.at(-1)!];
    attemptId = attempts.at(-1)!.id;
  } else {
    points = roundPoints(scaled.reduce((a, b) => a + b, 0) / scaled.length);
    counted = attempts;
    attemptId = attempts.at(-1)!.id;
  }
  const pending = counted.some((attempt) => Number(attempt.pending_grading) === 1);
  return { status: pending ? 'submitted' : 'graded', points, attemptId, openAttemptId };
}

export interface QuizGrades {
  /** The course's published quizzes, in outline order. */
  quizzes: { id: string; title: string; maxPoints: number; dueAt: string | null }[];
  /** By student, then by quiz: the cell of quizCell. */
  cells: Map<string, Map<string, ReturnType<typeof quizCell>>>;
}

/**
 * The gradebook's quiz columns and cells of a course (or of one student in
 * it), after submitting the attempts whose deadline has passed, so what a
 * teacher or student sees is already right.
 */
export async function quizGrades(
  db: Db,
  courseId: string,
  now: Now,
  userId?: string,
): Promise<QuizGrades> {
  await finishExpiredAttempts(db, now, userId === undefined ? { courseId } : { courseId, userId });
  const quizzes = await publishedQuizRows(db, courseId);
  const attempts = await findCourseGradeAttempts(db, courseId, userId);
  const byUser = new Map<string, Map<string, typeof attempts>>();
  // By student, then by quiz: the attempt open now (one at most, by an index).
  const open = new Map<string, Map<string, string>>();
  for (const attempt of attempts) {
    if (attempt.state !== 'submitted') {
      const byQuiz = open.get(attempt.user_id) ?? new Map<string, string>();
      byQuiz.set(attempt.quiz_id, attempt.id);
      open.set(attempt.user_id, byQuiz);
      continue;
    }
    const byQuiz = byUser.get(attempt.user_id) ?? new Map<string, typeof attempts>();
    byQuiz.set(attempt.quiz_id, [...(byQuiz.get(attempt.quiz_id) ?? []), attempt]);
    byUser.set(attempt.user_id, byQuiz);
  }
  const cells = new Map<string, Map<string, ReturnType<typeof quizCell>>>();
  for (const user of new Set([...byUser.keys(), ...open.keys()])) {
    const row = new Map<string, ReturnType<typeof quizCell>>();
    for (const quiz of quizzes)
      row.set(
        quiz.id,
        quizCell(quiz, byUser.get(user)?.get(quiz.id) ?? [], open.get(user)?.get(quiz.id) ?? null),
      );
    cells.set(user, row);
  }
  return { quizzes: quizzes.map(gradebookQuiz), cells };
}

const publishedQuizRows = async (db: Db, courseId: string) =>
  (await findCourseQuizzes(db, courseId)).filter((q) => Number(q.published) === 1);

const gradebookQuiz = (quiz: Awaited<ReturnType<typeof publishedQuizRows>>[number]) => ({
  id: quiz.id,
  title: quiz.title,
  maxPoints: Number(quiz.max_points),
  dueAt: quiz.closes_at,
});

/** A course's published quizzes as the gradebook's columns name them (quizGrades' `quizzes`). */
export async function publishedQuizzes(db: Db, courseId: string) {
  return (await publishedQuizRows(db, courseId)).map(gradebookQuiz);
}

/** The cell of a student without a submitted attempt. */
export const MISSING_QUIZ_CELL = quizCell({ grading: 'highest', max_points: 0 }, []);

// ---------------------------------------------------------------- calendar and reminders

/** The close dates of published quizzes in the user's courses (enrolled; authored for a teacher). */
export async function calendarQuizzes(db: Db, userId: string, isTeacher: boolean) {
  const rows = await findCalendarQuizzes(db, userId, isTeacher);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    dueAt: row.closes_at,
    updatedAt: row.updated_at,
    courseTitle: row.course_title,
    link: ROUTES.quiz(row.course_id, row.id),
  }));
}

/**
 * Due-soon reminders of quizzes (as assignments.service.ts does for assignments):
 * for each published quiz closing within `windowMs`, one notification to
 * every enrolled student without a submitted attempt, recorded per quiz and
 * close date in the same transaction, so it goes once however many processes
 * sweep. Returns how many quizzes it reminded of.
 */
export async function sendQuizDueSoonReminders(
  db: Db,
  announcement: Announcement,
  windowMs: number,
  nowMs: number = Date.now(),
): Promise<number> {
  const from = iso(nowMs);
  let reminded = 0;
  for (const quiz of await findQuizzesClosingSoon(db, from, iso(nowMs + windowMs))) {
    const sent = await db.transaction().execute(async (trx) => {
      if (!(await takeQuizReminder(trx, quiz.id, quiz.closes_at, from))) return false;
      await notify(
        trx,
        await findStudentsWithoutSubmission(trx, quiz.course_id, quiz.id),
        () => ({
          kind: 'assignment.due_soon',
          ...notificationText.quizDueSoon(quiz.course_title, quiz.title, quiz.closes_at),
          link: ROUTES.quiz(quiz.course_id, quiz.id),
        }),
        announcement,
      );
      return true;
    });
    if (sent) reminded += 1;
  }
  return reminded;
}

// ---------------------------------------------------------------- import, export, statistics

/** Why an import created nothing: each wrong question with its line. */
export class ImportRefused extends Error {
  constructor(
    message: string,
    readonly errors: { line: number; message: string }[],
  ) {
    super(message);
  }
}

/**
 * `POST courses/{id}/questions/import`: reads GIFT or Aiken (gift.ts,
 * aiken.ts) and creates every question, or none when any is wrong
 * (ImportRefused with their lines). `tag` joins each question's tags.
 */
export async function importQuestions(
  db: Db,
  user: Requester,
  courseId: string,
  input: { format: 'gift' | 'aiken'; text: string; tag?: string },
  language: Language,
  now: Now,
): Promise<string[]> {
  await getAuthoredCourse(db, user, courseId);
  // A wrong line's message names what is wrong in the asker's language.
  const parsed = speaking(language, () =>
    input.format === 'gift' ? parseGift(input.text) : parseAiken(input.text),
  );
  if (parsed.errors.length > 0) throw new ImportRefused(messages.importFailed, parsed.errors);
  if (parsed.questions.length === 0) throw new ImportRefused(messages.importEmpty, []);
  if (parsed.questions.length > QUIZ_LIMITS.importQuestions)
    throw new ImportRefused(messages.importTooMany, []);
  const tag = input.tag;
  const bodies = parsed.questions.map((question) =>
    tag === undefined || question.tags.includes(tag)
      ? question
      : { ...question, tags: [...question.tags, tag].slice(-QUIZ_LIMITS.tags.max) },
  );
  const rows = await insertQuestions(db, courseId, bodies, now);
  return rows.map((row) => row.id);
}

/** `GET courses/{id}/questions/export`: the course's questions (of a tag) as GIFT, oldest first. */
export async function exportQuestions(
  db: Db,
  user: Requester,
  courseId: string,
  tag: string | undefined,
  language: Language,
): Promise<string> {
  await getAuthoredCourse(db, user, courseId);
  const rows = await findQuestionsForExport(db, courseId, tag?.trim() || undefined);
  const bodies = rows.map((row) => {
    const {
      _id: _id,
      courseId: _course,
      createdAt: _created,
      updatedAt: _updated,
      ...body
    } = toQuestion(row);
    return body as QuestionBody;
  });
  // What GIFT cannot hold ('[image]') is named in the asker's language.
  return speaking(language, () => exportGift(bodies));
}

/** An answer as statistics count it: equal answers share the same text. */
function answerText(
  question: DrawnQuestion,
  stored: string | null,
  language: Language,
): string | null {
  const answer = parseStored(stored) as Record<string, unknown> | null;
  if (answer === null) return null;
  const optionText = (id: unknown) =>
    question.options?.find((option) => option.id === id)?.text ?? String(id);
  switch (question.kind) {
    case 'single':
      return optionText(answer.optionId);
    case 'multiple':
      return ((answer.optionIds as string[]) ?? []).map(optionText).sort().join('; ');
    case 'truefalse':
      return inLanguage(
        language,
        answer.value ? quizImportMessages.importTrue : quizImportMessages.importFalse,
      );
    case 'short':
      return normaliseShortAnswer(String(answer.text ?? ''));
    case 'numeric':
      return String(answer.value);
    case 'matching':
      return (question.lefts ?? [])
        .map((left, index) => `${left} → ${(answer.matches as (string | null)[])[index] ?? '—'}`)
        .join('; ');
    case 'ordering':
      return ((answer.order as string[]) ?? []).join(' → ');
    case 'essay':
      return null;
  }
}

/** The first words of a question's text, for a statistics row. */
function titleOf(text: LessonDocument): string {
  const words = documentWords(text).replace(/\s+/g, ' ').trim();
  return words.length > 80 ? `${words.slice(0, 79)}…` : words;
}

/** `GET quizzes/{id}/statistics`: the author's item analysis of the submitted attempts (quiz-statistics.ts). */
export async function quizStatistics(
  db: Db,
  user: Requester,
  quizId: string,
  language: Language,
  now: Now,
): Promise<QuizStatistics> {
  const quiz = await getAuthoredQuiz(db, user, quizId);
  await finishExpiredAttempts(db, now, { quizId });
  const { attempts, answers } = await findSubmittedAttemptsWithAnswers(db, quizId);
  const bySlot = new Map(answers.map((row) => [`${row.attempt_id}:${row.slot}`, row]));
  const quizMax = Number(quiz.max_points);
  const order = new Map<string, { questionId: string; kind: QuestionKind; title: string }>();
  const input = attempts.map((attempt) => {
    const drawn = drawnOf(attempt);
    const max = Number(attempt.max_points);
    const score = Number(attempt.score ?? 0);
    return {
      score: max > 0 && max !== quizMax ? roundPoints((score / max) * quizMax) : score,
      questions: [...drawn]
        .sort((a, b) => a.slot - b.slot)
        .map((question) => {
          if (!order.has(question.questionId))
            order.set(question.questionId, {
              questionId: question.questionId,
              kind: question.kind,
              title: titleOf(question.text),
            });
          const row = bySlot.get(`${attempt.id}:${question.slot}`);
          const graded = question.kind !== 'essay' || (row?.graded_at ?? null) !== null;
          return {
            questionId: question.questionId,
            kind: question.kind,
            points: question.points,
            score:
              graded && row?.score !== null && row?.score !== undefined ? Number(row.score) : null,
            answer: answerText(question, row?.answer ?? null, language),
          };
        }),
    };
  });
  // The quiz's fixed questions first, in its order; drawn ones as first seen.
  const fixedOrder = quizSlots(quiz).flatMap((slot) =>
    'questionId' in slot && order.has(slot.questionId) ? [order.get(slot.questionId)!] : [],
  );
  const rest = [...order.values()].filter((q) => !fixedOrder.includes(q));
  return computeQuizStatistics({
    maxPoints: quizMax,
    attempts: input,
    questions: [...fixedOrder, ...rest],
  });
}
