/** The private comment thread of a submission. */
import { messages } from '@urok/contract';
import type { HomeworkComment } from '@urok/contract/schemas';
import { notificationText } from '@urok/contract';
import { commentThreadLink, type Announcement } from '../../lib/notify.ts';
import { notify } from '../notifications/notifications.service.ts';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/database.ts';
import { createTimeOrderedId } from '../../lib/ids.ts';
import { isCourseAuthor, type Requester } from '../../lib/teacher-role.ts';
import {
  findComments,
  findHomeworkById,
  insertComment,
  type CommentRow,
} from './homework.repository.ts';

/** The submission, for its submitter or the course's author (403 anyone else, 404 unknown). */
async function getDiscussableHomework(db: Db, user: Requester, homeworkId: string) {
  const row = await findHomeworkById(db, homeworkId);
  if (!row) throw new AppError('NOT_FOUND', messages.homeworkNotFound);
  if (row.user_id !== user._id && !isCourseAuthor(user, row.course_author_id))
    throw new AppError('FORBIDDEN', messages.forbidden);
  return row;
}

function toComment(row: CommentRow): HomeworkComment {
  return {
    _id: row.id,
    homeworkId: row.homework_id,
    author: { _id: row.author_id, username: row.username },
    body: row.body,
    createdAt: row.created_at,
  };
}

/** The private thread of a submission between its student and the course's author, oldest first. */
export async function listComments(
  db: Db,
  user: Requester,
  homeworkId: string,
): Promise<HomeworkComment[]> {
  await getDiscussableHomework(db, user, homeworkId);
  return (await findComments(db, homeworkId)).map(toComment);
}

export async function addComment(
  db: Db,
  user: Requester & { username: string },
  homeworkId: string,
  body: string,
  announcement?: Announcement,
): Promise<HomeworkComment> {
  const homework = await getDiscussableHomework(db, user, homeworkId);
  const row = {
    id: createTimeOrderedId(),
    homework_id: homeworkId,
    author_id: user._id,
    body,
    created_at: new Date().toISOString(),
  };
  // The other party of the thread hears of it: the author of the student's comment, the student of the author's.
  const recipient = homework.user_id === user._id ? homework.course_author_id : homework.user_id;
  await db.transaction().execute(async (trx) => {
    await insertComment(trx, row);
    await notify(
      trx,
      recipient === user._id ? [] : [recipient],
      () => ({
        kind: 'comment.created',
        ...notificationText.comment(user.username, homework.assignment_title),
        link: commentThreadLink(homework.course_id, homework.assignment_id ?? '', homework.id),
      }),
      announcement,
    );
  });
  return toComment({ ...row, username: user.username });
}
