/** A submission as JSON, with its grade history. */
import type { Homework } from '@urok/contract';
import type { GradeHistoryEntry } from '@urok/contract/schemas';
import type { Db } from '../../db/database.ts';
import { fileNameForType } from '../../lib/file-names.ts';
import { findGradeHistory, type GradeHistoryRow, type HomeworkRow } from './homework.repository.ts';

/**
 * The name a submission's file is handed out under, the same everywhere (the
 * JSON, the download, the zip and CSV exports): rows stored before uploads
 * took the detected type's extension get it here (lib/file-names.ts).
 */
export function handedOutName(row: Pick<HomeworkRow, 'file_name' | 'mime_type'>): string {
  return fileNameForType(row.file_name, row.mime_type);
}

function toGradeHistoryEntry(row: GradeHistoryRow): GradeHistoryEntry {
  return {
    grade: row.grade,
    points: row.points === null ? null : Number(row.points),
    feedback: row.feedback,
    gradedAt: row.graded_at,
    reason: row.reason,
    replacedAt: row.replaced_at,
  };
}

/** The submission as JSON; `history` holds its earlier grades (any rows: only its own are taken). */
export function toHomework(row: HomeworkRow, history: readonly GradeHistoryRow[] = []): Homework {
  return {
    _id: row.id,
    courseId: row.course_id,
    assignmentId: row.assignment_id,
    userId: row.user_id,
    fileName: handedOutName(row),
    size: Number(row.size),
    mimeType: row.mime_type,
    comment: row.comment,
    submittedAt: row.submitted_at,
    isLate: Number(row.is_late) === 1,
    grade: row.grade,
    points: row.points === null ? null : Number(row.points),
    feedback: row.feedback,
    gradedAt: row.graded_at,
    gradeHistory: history.filter((h) => h.homework_id === row.id).map(toGradeHistoryEntry),
  };
}

/** Submissions as JSON, each with its grade history (one query for all of them). */
export async function withHistory(db: Db, rows: HomeworkRow[]): Promise<Homework[]> {
  const byHomework = new Map<string, GradeHistoryRow[]>();
  for (const entry of await findGradeHistory(
    db,
    rows.filter((row) => row.graded_at !== null).map((row) => row.id),
  )) {
    const list = byHomework.get(entry.homework_id) ?? [];
    list.push(entry);
    byHomework.set(entry.homework_id, list);
  }
  return rows.map((row) => toHomework(row, byHomework.get(row.id) ?? []));
}
