/** Reading submissions: a student's own, every submitter's for the author, and a submission's file. */
import type { Readable } from 'node:stream';
import { messages, type Homework, type UserWithHomework } from '@urok/contract';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/database.ts';
import { isCourseAuthor, type Requester } from '../../lib/teacher-role.ts';
import { StorageNotFoundError, type Storage } from '../../storage/storage.ts';
import { assertEnrolled, getAuthoredCourse } from './homework-access.ts';
import { handedOutName, withHistory } from './homework-json.ts';
import {
  findEnrolledSubmitterHomework,
  findHomeworkById,
  findOwnHomework,
} from './homework.repository.ts';

export async function listOwnHomework(
  db: Db,
  userId: string,
  courseId: string,
): Promise<Homework[]> {
  await assertEnrolled(db, userId, courseId);
  return withHistory(db, await findOwnHomework(db, userId, courseId));
}

/** The course's enrolled students who submitted, the latest submitter first, each with their submissions newest first. */
export async function listUsersWithHomework(
  db: Db,
  user: Requester,
  courseId: string,
): Promise<UserWithHomework[]> {
  await getAuthoredCourse(db, user, courseId);
  const users = new Map<string, UserWithHomework>();
  const rows = await findEnrolledSubmitterHomework(db, courseId);
  const json = new Map((await withHistory(db, rows)).map((homework) => [homework._id, homework]));
  for (const row of rows) {
    let submitter = users.get(row.user_id);
    if (!submitter) {
      submitter = {
        _id: row.user_id,
        username: row.username,
        telephone: row.telephone,
        email: row.email,
        homework: [],
      };
      users.set(row.user_id, submitter);
    }
    submitter.homework.push(json.get(row.id)!);
  }
  return [...users.values()];
}

export interface HomeworkFile {
  stream: Readable;
  size: number;
  fileName: string;
  mimeType: string;
}

/** A submission its submitter or the course's author may read: 404 when there is none, 403 for anyone else. */
async function findReadableHomework(db: Db, user: Requester, homeworkId: string) {
  const row = await findHomeworkById(db, homeworkId);
  if (!row) throw new AppError('NOT_FOUND', messages.homeworkNotFound);
  if (row.user_id !== user._id && !isCourseAuthor(user, row.course_author_id))
    throw new AppError('FORBIDDEN', messages.forbidden);
  return row;
}

/**
 * Checks that `user` may read the submission's file now (its submitter or the
 * course's author), before the route signs a link to it for them.
 */
export async function assertHomeworkFileReadable(
  db: Db,
  user: Requester,
  homeworkId: string,
): Promise<void> {
  await findReadableHomework(db, user, homeworkId);
}

/** The file of a submission, for its submitter or the course's author. */
export async function openHomeworkFile(
  db: Db,
  storage: Storage,
  user: Requester,
  homeworkId: string,
): Promise<HomeworkFile> {
  const row = await findReadableHomework(db, user, homeworkId);
  try {
    const { stream, size } = await storage.read(row.file_key);
    return { stream, size, fileName: handedOutName(row), mimeType: row.mime_type };
  } catch (error) {
    if (error instanceof StorageNotFoundError)
      throw new AppError('NOT_FOUND', messages.homeworkNotFound);
    throw error;
  }
}
