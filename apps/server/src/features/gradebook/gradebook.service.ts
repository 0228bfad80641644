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
  type GradeRow,
} from './gradebook.repository.ts';

const collator = new Intl.Collator('uk', { sensitivity: 'base', numeric: true });

/** The cell of one student and one assignment, from their submissions to it, oldest first. */
function cellOf(rows: readonly GradeRow[]): GradebookCell & { feedback: string | null } {
  const graded = rows.filter((row) => row.grade !== null).at(-1);
  const counted = graded ?? rows.at(-1);
  if (!counted)
    return { status: 'missing', points: null, grade: null, homeworkId: null, feedback: null };
  const status: GradebookStatus = graded
    ? 'graded'
    : Number(counted.is_late) === 1
      ? 'late'
      : 'submitted';
  return {
    status,
    points: counted.points === null ? null : Number(counted.points),
    grade: counted.grade,
    homeworkId: counted.id,
    feedback: counted.feedback,
  };
}

/**
 * Points over the maxPoints of the graded items with points, × 100 with one
 * decimal; null when none. A quiz waiting for essays is not graded yet.
 */
function percentOf(
  cells: { points: number | null; maxPoints: number; status: GradebookStatus }[],
): number | null {
  const counted = cells.filter((cell) => cell.points !== null && cell.status === 'graded');
  const max = counted.reduce((sum, cell) => sum + cell.maxPoints, 0);
  if (max === 0) return null;
  const points = counted.reduce((sum, cell) => sum + cell.points!, 0);
  return Math.round((points / max) * 1000) / 10;
}

function published(assignments: AssignmentRow[]): AssignmentRow[] {
  return assignments.filter((assignment) => Number(assignment.published) === 1);
}

/** Submissions grouped by student, then by assignment (order kept). */
function group(rows: readonly GradeRow[]): Map<string, Map<string, GradeRow[]>> {
  const byUser = new Map<string, Map<string, GradeRow[]>>();
  for (const row of rows) {
    const byAssignment = byUser.get(row.user_id) ?? new Map<string, GradeRow[]>();
    const list = byAssignment.get(row.assignment_id) ?? [];
    list.push(row);
    byAssignment.set(row.assignment_id, list);
    byUser.set(row.user_id, byAssignment);
  }
  return byUser;
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
 * The counted submission of each student and assignment, from the course's
 * submissions oldest first: the latest graded one, else the latest (cellOf's
 * rule, in one pass over the rows instead of a list per cell).
 */
function countedCells(rows: readonly CellRow[]): Map<string, Map<string, GradebookCell>> {
  // By student, then by assignment: the ids from the rows are the keys, no key strings are made.
  const counted = new Map<string, Map<string, { last: CellRow; graded?: CellRow }>>();
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
  const cells = new Map<string, Map<string, GradebookCell>>();
  for (const [userId, byAssignment] of counted) {
    const own = new Map<string, GradebookCell>();
    for (const [assignmentId, { last, graded }] of byAssignment) {
      const row = graded ?? last;
      own.set(assignmentId, {
        status: graded ? 'graded' : Number(row.is_late) === 1 ? 'late' : 'submitted',
        points: row.points === null ? null : Number(row.points),
        grade: row.grade,
        homeworkId: row.id,
      });
    }
    cells.set(userId, own);
  }
  return cells;
}

const MISSING_CELL: GradebookCell = {
  status: 'missing',
  points: null,
  grade: null,
  homeworkId: null,
};

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
  const counted = countedCells(rows);
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
        // percentOf's rule, summed as the cells are made.
        let points = 0;
        let max = 0;
        for (let i = 0; i < assignments.length; i += 1) {
          const id = assignments[i]!.id;
          const cell = own?.get(id) ?? MISSING_CELL;
          cells[id] = cell;
          if (cell.points !== null && cell.status === 'graded') {
            points += cell.points;
            max += maxPoints[i]!;
          }
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
          if (cell.points !== null && cell.status === 'graded') {
            points += cell.points;
            max += quiz.maxPoints;
          }
        }
        const percent = max === 0 ? null : Math.round((points / max) * 1000) / 10;
        return { _id: student.id, username: student.username, cells, percent };
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
    const byAssignment = group(rows).get(userId) ?? new Map<string, GradeRow[]>();
    const items = [
      ...assignments.map((a) => {
        const { homeworkId: _homeworkId, ...cell } = cellOf(byAssignment.get(a.id) ?? []);
        return {
          _id: a.id,
          kind: 'assignment' as const,
          title: a.title,
          maxPoints: Number(a.max_points),
          dueAt: a.due_at,
          ...cell,
        };
      }),
      ...quizzes.quizzes.map((q) => {
        const cell = quizzes.cells.get(userId)?.get(q.id) ?? MISSING_QUIZ_CELL;
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
      percent: percentOf(items),
      assignments: items,
    });
  }
  return { courses: result };
}
