/**
 * The gradebook: students × published assignments
 * for the course's author, as JSON and as CSV, and a student's own grades
 * in every course. What counts for a cell (docs/decisions.md, "the
 * gradebook"): the latest graded submission, else the latest one; a
 * student's percent is their points over the maxPoints of the assignments
 * with points, × 100.
 */
import { messages } from '@urok/contract';
import type { Gradebook, GradebookCell, GradebookStatus, UserGrades } from '@urok/contract/schemas';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/database.ts';
import { toCsv } from '../../lib/csv.ts';
import { sanitizeFileName } from '../../lib/file-names.ts';
import { assertCourseAuthor, type Requester } from '../../lib/teacher-role.ts';
import { findCourseAssignments, type AssignmentRow } from '../assignments/assignments.service.ts';
import { findCourseById, findEnrolledCourses } from '../courses/courses.service.ts';
import { MISSING_QUIZ_CELL, quizGrades, type Now } from '../quizzes/quizzes.service.ts';
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

/**
 * The author's gradebook. Built for the 1,000-student course in one pass:
 * the counted cells from a covering index's rows, each student's cells and
 * percent without intermediate lists (bench/README.md, the gradebook's first
 * load after a grade).
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
  const maxPoints = assignments.map((a) => Number(a.max_points));
  return {
    assignments: [
      ...assignments.map((a, i) => ({
        _id: a.id,
        kind: 'assignment' as const,
        title: a.title,
        maxPoints: maxPoints[i]!,
        dueAt: a.due_at,
      })),
      ...quizzes.quizzes.map((q) => ({
        _id: q.id,
        kind: 'quiz' as const,
        title: q.title,
        maxPoints: q.maxPoints,
        dueAt: q.dueAt,
      })),
    ],
    students: students
      .sort((a, b) => collator.compare(a.username, b.username) || a.id.localeCompare(b.id))
      .map((student) => {
        const cells: Record<string, GradebookCell> = {};
        const own = counted.get(student.id);
        const percent = new Percent();
        for (let i = 0; i < assignments.length; i += 1) {
          const id = assignments[i]!.id;
          const cell = cellOf(own?.get(id));
          cells[id] = cell;
          percent.add(cell, maxPoints[i]!);
        }
        const quizCells = quizzes.cells.get(student.id);
        for (const quiz of quizzes.quizzes) {
          const cell = quizCells?.get(quiz.id) ?? MISSING_QUIZ_CELL;
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
        return {
          _id: student.id,
          username: student.username,
          cells,
          percent: percent.value,
        };
      }),
  };
}

const STATUS_TEXT: Record<Exclude<GradebookStatus, 'graded'>, string> = {
  missing: messages.gradebookStatusMissing,
  submitted: messages.gradebookStatusSubmitted,
  late: messages.gradebookStatusLate,
};

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
  now: Now = Date.now,
): Promise<GradebookCsv> {
  const course = await getAuthoredCourse(db, user, courseId);
  const gradebook = await getGradebook(db, user, courseId, now);
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
        return STATUS_TEXT[cell.status];
      }),
      student.percent === null ? '' : String(student.percent).replace('.', ','),
    ]),
  ]);
  return {
    content: Buffer.from(csv, 'utf8'),
    fileName: sanitizeFileName(
      `${course.title} — ${messages.gradebookFileSuffix}.csv`,
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
