/** A course's homework for its author to take away: every file as a zip, the grades as CSV. */
import { Readable } from 'node:stream';
import yazl from 'yazl';
import { messages, type Language } from '@urok/contract';
import type { Db } from '../../db/database.ts';
import { toCsv } from '../../lib/csv.ts';
import { sanitizeArchiveSegment, sanitizeFileName, uniqueName } from '../../lib/file-names.ts';
import { inLanguage, speaking } from '../../lib/language.ts';
import type { Requester } from '../../lib/teacher-role.ts';
import { StorageNotFoundError, type Storage } from '../../storage/storage.ts';
import { findCourseAssignments } from '../assignments/assignments.service.ts';
import { getAuthoredCourse } from './homework-access.ts';
import { handedOutName } from './homework-json.ts';
import {
  findCourseHomework,
  type HomeworkCourse,
  type SubmitterHomeworkRow,
} from './homework.repository.ts';

/**
 * Students in a human order (Ukrainian collation; namesakes by who submitted
 * first), each one's submissions oldest first. `rows` come oldest first.
 */
function byStudent(rows: SubmitterHomeworkRow[]): SubmitterHomeworkRow[] {
  const collator = new Intl.Collator('uk', { sensitivity: 'base', numeric: true });
  const firstSeen = new Map<string, number>();
  rows.forEach((row, index) => {
    if (!firstSeen.has(row.user_id)) firstSeen.set(row.user_id, index);
  });
  return rows
    .map((row, index) => ({ row, index, first: firstSeen.get(row.user_id)! }))
    .sort(
      (a, b) =>
        collator.compare(a.row.username, b.row.username) || a.first - b.first || a.index - b.index,
    )
    .map(({ row }) => row);
}

function exportFileName(course: HomeworkCourse, suffix: string, extension: string): string {
  return sanitizeFileName(`${course.title} — ${suffix}.${extension}`, `course.${extension}`);
}

/** Already-compressed types are stored in the archive as they are. */
const COMPRESSIBLE_TYPES = new Set(['text/plain', 'application/rtf', 'application/msword']);

export interface HomeworkArchive {
  stream: Readable;
  fileName: string;
}

/**
 * Every submission of a course as one zip, streamed: entries are
 * `<assignment>/<student>/<file name>` (assignments in outline order), each
 * segment sanitised (no '/' or '..') and made unique (two assignments or
 * two students of one name get 'Name (2)'; a resubmitted 'hw.pdf' becomes
 * 'hw (2).pdf'). Files are opened one at a time, as the archive reaches them.
 */
export async function createHomeworkArchive(
  db: Db,
  storage: Storage,
  user: Requester,
  courseId: string,
  language: Language,
  onMissingFile: (key: string) => void = () => {},
): Promise<HomeworkArchive> {
  const course = await getAuthoredCourse(db, user, courseId);
  const rows = byStudent(await findCourseHomework(db, courseId));
  const assignments = await findCourseAssignments(db, courseId);
  const order = new Map(assignments.map((a, index) => [a.id, index]));
  // Stable: within an assignment, students keep byStudent's order.
  rows.sort((a, b) => (order.get(a.assignment_id) ?? 0) - (order.get(b.assignment_id) ?? 0));
  const zip = new yazl.ZipFile();
  const takenAssignments = new Set<string>();
  const assignmentFolders = new Map<
    string,
    {
      name: string;
      students: Map<string, { name: string; files: Set<string> }>;
      taken: Set<string>;
    }
  >();
  for (const assignment of assignments)
    assignmentFolders.set(assignment.id, {
      name: uniqueName(sanitizeArchiveSegment(assignment.title, 'assignment'), takenAssignments),
      students: new Map(),
      taken: new Set(),
    });
  for (const row of rows) {
    const assignmentFolder = assignmentFolders.get(row.assignment_id);
    if (!assignmentFolder) continue;
    let folder = assignmentFolder.students.get(row.user_id);
    if (!folder) {
      folder = {
        name: uniqueName(sanitizeArchiveSegment(row.username, 'student'), assignmentFolder.taken),
        files: new Set(),
      };
      assignmentFolder.students.set(row.user_id, folder);
    }
    const entry = `${assignmentFolder.name}/${folder.name}/${uniqueName(sanitizeArchiveSegment(handedOutName(row), 'file'), folder.files)}`;
    zip.addReadStreamLazy(
      entry,
      { mtime: new Date(row.submitted_at), compress: COMPRESSIBLE_TYPES.has(row.mime_type) },
      (callback) => {
        storage.read(row.file_key).then(
          ({ stream }) => callback(null, stream),
          (error: unknown) => {
            if (!(error instanceof StorageNotFoundError)) return callback(error, Readable.from([]));
            // A file lost from storage must not cost the teacher the rest of the archive.
            onMissingFile(row.file_key);
            callback(null, Readable.from([]));
          },
        );
      },
    );
  }
  zip.end();
  const output = zip.outputStream as Readable;
  zip.on('error', (error: Error) => output.destroy(error));
  return {
    stream: output,
    fileName: exportFileName(course, inLanguage(language, messages.homeworkArchiveSuffix), 'zip'),
  };
}

export interface GradesCsv {
  content: Buffer;
  fileName: string;
}

/** One row per submission, for a spreadsheet (lib/csv.ts: BOM, formula cells neutralised). */
export async function createGradesCsv(
  db: Db,
  user: Requester,
  courseId: string,
  language: Language,
): Promise<GradesCsv> {
  const course = await getAuthoredCourse(db, user, courseId);
  const rows = byStudent(await findCourseHomework(db, courseId));
  return speaking(language, () => gradesCsv(course, rows));
}

function gradesCsv(course: HomeworkCourse, rows: SubmitterHomeworkRow[]): GradesCsv {
  const csv = toCsv([
    [
      messages.csvStudent,
      messages.csvTelephone,
      messages.csvFile,
      messages.csvSubmittedAt,
      messages.csvLate,
      messages.csvGrade,
      messages.csvFeedback,
      messages.csvGradedAt,
    ],
    ...rows.map((row) => [
      row.username,
      row.telephone,
      handedOutName(row),
      row.submitted_at,
      Number(row.is_late) === 1 ? messages.csvYes : messages.csvNo,
      row.grade,
      row.feedback,
      row.graded_at,
    ]),
  ]);
  return {
    content: Buffer.from(csv, 'utf8'),
    fileName: exportFileName(course, messages.gradesFileSuffix, 'csv'),
  };
}
