/**
 * The gradebook: students × published assignments
 * for the course's author, as JSON and as CSV, and a student's own grades
 * in every course. What counts for a cell (docs/decisions.md, "the
 * gradebook"): the latest graded submission, else the latest one; a
 * student's percent is their points over the maxPoints of the assignments
 * with points, × 100.
 */
import { createHash } from 'node:crypto';
import DataLoader from 'dataloader';
import { messages, type Language } from '@urok/contract';
import {
  gradebookSchema,
  type Gradebook,
  type GradebookCell,
  type GradebookStatus,
  type UserGrades,
} from '@urok/contract/schemas';
import { AppError } from '../../app-error.ts';
import { findUserContacts } from '../../db/by-ids.repository.ts';
import type { Db } from '../../db/database.ts';
import { JsonPart, PrebuiltJson } from '../../lib/cached-json.ts';
import { toCsv } from '../../lib/csv.ts';
import { sanitizeFileName } from '../../lib/file-names.ts';
import { speaking } from '../../lib/language.ts';
import { courseScope, submittedScope, userScope, type ReadCache } from '../../lib/read-cache.ts';
import { assertCourseAuthor, type Requester } from '../../lib/teacher-role.ts';
import { findCourseAssignments, type AssignmentRow } from '../assignments/assignments.service.ts';
import { findCourseById, findEnrolledCourses } from '../courses/courses.service.ts';
import {
  MISSING_QUIZ_CELL,
  publishedQuizzes,
  quizGrades,
  type Now,
} from '../quizzes/quizzes.service.ts';
import {
  findCourseCellRows,
  findEnrolledStudents,
  findUserGradeRows,
  type CellRow,
} from './gradebook.repository.ts';

const collator = new Intl.Collator('uk', { sensitivity: 'base', numeric: true });

/** A student's submissions to one assignment, as they count: the latest, and the latest graded. */
interface Counted<R extends CellRow> {
  last: R;
  graded?: R;
}

/**
 * The counted submission of each student and assignment, from submissions
 * oldest first: the latest graded one, else the latest. One pass over the
 * rows, keyed by student and then assignment (the rows' own id strings, no
 * key made per row).
 */
function countedSubmissions<R extends CellRow>(
  rows: readonly R[],
): Map<string, Map<string, Counted<R>>> {
  const counted = new Map<string, Map<string, Counted<R>>>();
  for (const row of rows) {
    let byAssignment = counted.get(row.user_id);
    if (byAssignment === undefined) {
      byAssignment = new Map();
      counted.set(row.user_id, byAssignment);
    }
    const seen = byAssignment.get(row.assignment_id);
    if (seen === undefined) {
      byAssignment.set(
        row.assignment_id,
        row.grade === null ? { last: row } : { last: row, graded: row },
      );
    } else {
      seen.last = row;
      if (row.grade !== null) seen.graded = row;
    }
  }
  return counted;
}

const MISSING_CELL: GradebookCell = {
  status: 'missing',
  points: null,
  grade: null,
  homeworkId: null,
};

/** The submission that counts: the latest graded one, else the latest. */
function countingRow<R extends CellRow>(counted: Counted<R> | undefined): R | undefined {
  return counted === undefined ? undefined : (counted.graded ?? counted.last);
}

/** The cell of one student and one assignment. */
function cellOf(counted: Counted<CellRow> | undefined): GradebookCell {
  const row = countingRow(counted);
  if (row === undefined) return MISSING_CELL;
  const status: GradebookStatus =
    row.grade !== null ? 'graded' : Number(row.is_late) === 1 ? 'late' : 'submitted';
  return {
    status,
    points: row.points === null ? null : Number(row.points),
    grade: row.grade,
    homeworkId: row.id,
  };
}

/**
 * A student's percent, summed as their cells are made: points over the
 * maxPoints of the graded items with points, × 100 with one decimal; null
 * when none. A quiz waiting for essays is not graded yet.
 */
class Percent {
  #points = 0;
  #max = 0;

  add(cell: { points: number | null; status: GradebookStatus }, maxPoints: number): void {
    if (cell.points === null || cell.status !== 'graded') return;
    this.#points += cell.points;
    this.#max += maxPoints;
  }

  get value(): number | null {
    return this.#max === 0 ? null : Math.round((this.#points / this.#max) * 1000) / 10;
  }
}

function published(assignments: AssignmentRow[]): AssignmentRow[] {
  return assignments.filter((assignment) => Number(assignment.published) === 1);
}

async function getAuthoredCourse(db: Db, user: Requester, courseId: string) {
  const course = await findCourseById(db, courseId);
  if (!course) throw new AppError('NOT_FOUND', messages.courseNotFound);
  assertCourseAuthor(user, course.author_id);
  return course;
}

/** A quiz's points as the gradebook writes a grade: "9,5". */
const quizGradeText = (points: number | null) =>
  points === null ? null : String(points).replace('.', ',');

type GradebookStudent = Gradebook['students'][number];
type QuizCells = Awaited<ReturnType<typeof quizGrades>>['cells'];
type QuizList = Awaited<ReturnType<typeof quizGrades>>['quizzes'];

/** The columns of a gradebook: published assignments, then published quizzes, in outline order. */
function gradebookColumns(assignments: AssignmentRow[], quizzes: QuizList) {
  return [
    ...assignments.map((a) => ({
      _id: a.id,
      kind: 'assignment' as const,
      title: a.title,
      maxPoints: Number(a.max_points),
      dueAt: a.due_at,
    })),
    ...quizzes.map((q) => ({
      _id: q.id,
      kind: 'quiz' as const,
      title: q.title,
      maxPoints: q.maxPoints,
      dueAt: q.dueAt,
    })),
  ];
}

/** One student's row of the gradebook: a cell per assignment and quiz, and their percent. */
function studentRow(
  student: { id: string; username: string },
  own: Map<string, Counted<CellRow>> | undefined,
  quizCells: QuizCells,
  assignments: AssignmentRow[],
  quizzes: QuizList,
): GradebookStudent {
  const cells: Record<string, GradebookCell> = {};
  const percent = new Percent();
  for (const assignment of assignments) {
    const cell = cellOf(own?.get(assignment.id));
    cells[assignment.id] = cell;
    percent.add(cell, Number(assignment.max_points));
  }
  const ownQuizzes = quizCells.get(student.id);
  for (const quiz of quizzes) {
    const cell = ownQuizzes?.get(quiz.id) ?? MISSING_QUIZ_CELL;
    cells[quiz.id] = {
      status: cell.status,
      points: cell.points,
      grade: quizGradeText(cell.points),
      homeworkId: null,
      attemptId: cell.attemptId,
      openAttemptId: cell.openAttemptId,
    };
    percent.add(cell, quiz.maxPoints);
  }
  return { _id: student.id, username: student.username, cells, percent: percent.value };
}

const byName = (a: { username: string; id: string }, b: { username: string; id: string }) =>
  collator.compare(a.username, b.username) || a.id.localeCompare(b.id);

/**
 * The author's gradebook as an object (the CSV export's source): the counted
 * cells from a covering index's rows in one pass.
 */
export async function getGradebook(
  db: Db,
  user: Requester,
  courseId: string,
  now: Now = Date.now,
): Promise<Gradebook> {
  await getAuthoredCourse(db, user, courseId);
  const quizzes = await quizGrades(db, courseId, now);
  const [assignments, students, rows] = await Promise.all([
    findCourseAssignments(db, courseId).then(published),
    findEnrolledStudents(db, courseId),
    findCourseCellRows(db, courseId),
  ]);
  const counted = countedSubmissions(rows);
  return {
    assignments: gradebookColumns(assignments, quizzes.quizzes),
    students: students
      .sort(byName)
      .map((student) =>
        studentRow(student, counted.get(student.id), quizzes.cells, assignments, quizzes.quizzes),
      ),
  };
}

/** Below this many students to build, each one's quiz attempts are read on their own. */
const ONE_BY_ONE_BELOW = 8;

/**
 * The JSON rows of `ids` (students of the course, by id), each checked
 * against the gradebook's schema. Their submissions are read for just those
 * students while they are at most half of the `enrolled` (grades change a
 * few between two loads), else for the whole course; their quiz attempts
 * student by student when they are very few, else for the whole course.
 */
async function studentRowsJson(
  db: Db,
  courseId: string,
  now: Now,
  assignments: AssignmentRow[],
  ids: readonly string[],
  enrolled: number,
): Promise<(JsonPart | null)[]> {
  // The names read here, after the rows' versions were, not taken from the gradebook's own list.
  const names = new Map((await findUserContacts(db, ids)).map((row) => [row.id, row]));
  let quizzes: Awaited<ReturnType<typeof quizGrades>>;
  if (ids.length < ONE_BY_ONE_BELOW) {
    const each = await Promise.all(ids.map((id) => quizGrades(db, courseId, now, id)));
    quizzes = {
      quizzes: each[0]?.quizzes ?? [],
      cells: new Map(each.flatMap((grades) => [...grades.cells])),
    };
  } else {
    quizzes = await quizGrades(db, courseId, now);
  }
  const rows = await findCourseCellRows(db, courseId, ids.length * 2 <= enrolled ? ids : undefined);
  const counted = countedSubmissions(rows);
  const rowSchema = gradebookSchema.shape.students.element;
  return ids.map((id) => {
    const student = names.get(id);
    if (student === undefined) return null;
    const row = studentRow(student, counted.get(id), quizzes.cells, assignments, quizzes.quizzes);
    return new JsonPart(Buffer.from(JSON.stringify(rowSchema.parse(row))));
  });
}

/**
 * The author's gradebook as JSON text, its students' rows kept apart in the
 * read cache: a row depends on its student (their submissions, attempts and
 * name: `user:ID`) and the course (its assignments and quizzes), under a key
 * naming the columns it was built for. After a grade the answer loads again
 * but builds only the graded student's row; the rest come from the cache
 * (the 1,000-student course's first load after a grade, bench/README.md).
 * The same bytes as `getGradebook` checked by the gradebook's schema and
 * serialized (assignments.test.ts, the gradebook).
 */
export async function getGradebookJson(
  db: Db,
  cache: ReadCache,
  user: Requester,
  courseId: string,
  now: Now = Date.now,
): Promise<PrebuiltJson> {
  await getAuthoredCourse(db, user, courseId);
  const [assignments, quizzes, students] = await Promise.all([
    findCourseAssignments(db, courseId).then(published),
    publishedQuizzes(db, courseId),
    findEnrolledStudents(db, courseId),
  ]);
  const columns = gradebookSchema.shape.assignments.parse(gradebookColumns(assignments, quizzes));
  const head = JSON.stringify({ assignments: columns });
  // A row built for other columns (an assignment added or its maximum changed) is never used.
  const columnsKey = createHash('sha256')
    .update(JSON.stringify(columns.map((c) => [c._id, c.maxPoints])))
    .digest('base64url')
    .slice(0, 16);
  const rows = new DataLoader<string, JsonPart | null>(
    (ids) => studentRowsJson(db, courseId, now, assignments, ids, students.length),
    { cache: false },
  );
  const json = await Promise.all(
    students.sort(byName).map((student) =>
      cache.get(
        `gradebook-row:${courseId}:${student.id}:${columnsKey}`,
        {
          before: [
            courseScope(courseId),
            userScope(student.id),
            submittedScope(student.id, courseId),
          ],
        },
        () => rows.load(student.id),
      ),
    ),
  );
  const list = json.filter((row): row is JsonPart => row !== null);
  return new PrebuiltJson(`${head.slice(0, -1)},"students":[`, list, ']}');
}

/** Each status's message, read when an export is worded (inside `speaking`, in its asker's language). */
const STATUS_MESSAGE = {
  missing: 'gradebookStatusMissing',
  submitted: 'gradebookStatusSubmitted',
  late: 'gradebookStatusLate',
} as const satisfies Record<Exclude<GradebookStatus, 'graded'>, keyof typeof messages>;

export interface GradebookCsv {
  content: Buffer;
  fileName: string;
}

/**
 * The gradebook as CSV (lib/csv.ts: every cell quoted, formula-looking
 * cells neutralised): a row per student, a column per assignment holding
 * the grade as given, or what is missing; then the percent.
 */
export async function createGradebookCsv(
  db: Db,
  user: Requester,
  courseId: string,
  language: Language,
  now: Now = Date.now,
): Promise<GradebookCsv> {
  const course = await getAuthoredCourse(db, user, courseId);
  const gradebook = await getGradebook(db, user, courseId, now);
  return speaking(language, () => gradebookCsv(course.title, gradebook));
}

function gradebookCsv(courseTitle: string, gradebook: Gradebook): GradebookCsv {
  const csv = toCsv([
    [
      messages.csvStudent,
      ...gradebook.assignments.map((a) => `${a.title} (${a.maxPoints})`),
      messages.gradebookPercent,
    ],
    ...gradebook.students.map((student) => [
      student.username,
      ...gradebook.assignments.map((a) => {
        const cell = student.cells[a._id]!;
        if (cell.status === 'graded') return cell.grade;
        // A quiz handed in but waiting for its essays: its points so far, and that it waits.
        if (a.kind === 'quiz' && cell.status === 'submitted')
          return `${cell.grade ?? ''} (${messages.gradebookStatusPending})`;
        // A quiz not handed in yet, with an attempt open now.
        if (a.kind === 'quiz' && cell.status === 'missing' && cell.openAttemptId)
          return messages.gradebookStatusInProgress;
        return messages[STATUS_MESSAGE[cell.status]];
      }),
      student.percent === null ? '' : String(student.percent).replace('.', ','),
    ]),
  ]);
  return {
    content: Buffer.from(csv, 'utf8'),
    fileName: sanitizeFileName(
      `${courseTitle} — ${messages.gradebookFileSuffix}.csv`,
      'gradebook.csv',
    ),
  };
}

/** A student's grades in every course they are enrolled in (only they may ask). */
export async function getUserGrades(
  db: Db,
  user: Requester,
  userId: string,
  now: Now = Date.now,
): Promise<UserGrades> {
  if (user._id !== userId) throw new AppError('FORBIDDEN', messages.forbidden);
  const courses = await findEnrolledCourses(db, userId);
  const result: UserGrades['courses'] = [];
  for (const course of courses) {
    const quizzes = await quizGrades(db, course.id, now, userId);
    const [assignments, rows] = await Promise.all([
      findCourseAssignments(db, course.id).then(published),
      findUserGradeRows(db, userId, course.id),
    ]);
    const counted = countedSubmissions(rows).get(userId);
    const percent = new Percent();
    const items = [
      ...assignments.map((a) => {
        const submissions = counted?.get(a.id);
        const { homeworkId: _homeworkId, ...cell } = cellOf(submissions);
        percent.add(cell, Number(a.max_points));
        return {
          _id: a.id,
          kind: 'assignment' as const,
          title: a.title,
          maxPoints: Number(a.max_points),
          dueAt: a.due_at,
          ...cell,
          feedback: countingRow(submissions)?.feedback ?? null,
        };
      }),
      ...quizzes.quizzes.map((q) => {
        const cell = quizzes.cells.get(userId)?.get(q.id) ?? MISSING_QUIZ_CELL;
        percent.add(cell, q.maxPoints);
        return {
          _id: q.id,
          kind: 'quiz' as const,
          title: q.title,
          maxPoints: q.maxPoints,
          dueAt: q.dueAt,
          status: cell.status,
          points: cell.points,
          grade: quizGradeText(cell.points),
          feedback: null,
          attemptId: cell.attemptId,
          openAttemptId: cell.openAttemptId,
        };
      }),
    ];
    result.push({
      _id: course.id,
      title: course.title,
      percent: percent.value,
      assignments: items,
    });
  }
  return { courses: result };
}
