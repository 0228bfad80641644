/** Completion of lessons and progress through a course. */
import { messages } from '@urok/contract';
import type { AuthorProgress, StudentProgress } from '@urok/contract/schemas';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/database.ts';
import { isCourseAuthor, type Requester } from '../../lib/teacher-role.ts';
import { isEnrolled } from '../courses/courses.service.ts';
import { isListedCourse } from '../../lib/course-visibility.ts';
import { assertReadable, getCourseAuthor, getLesson } from './content-access.ts';
import {
  countPublishedLessons,
  deleteCompletion,
  findCompletedLessonIds,
  findLessonItems,
  findStudentProgress,
  insertCompletion,
} from './content.repository.ts';

// ---------------------------------------------------------------- completion and progress

/** An enrolled student marks a published lesson done (or not); idempotent. */
export async function setCompletion(
  db: Db,
  user: Requester,
  lessonId: string,
  done: boolean,
): Promise<void> {
  const lesson = await getLesson(db, lessonId);
  if (isCourseAuthor(user, lesson.author_id))
    throw new AppError('FORBIDDEN', messages.lessonCompletionNotEnrolled);
  await assertReadable(db, user, lesson, messages.lessonNotFound);
  if (done) await insertCompletion(db, user._id, lessonId, new Date().toISOString());
  else await deleteCompletion(db, user._id, lessonId);
}

/** A student's own progress, or (for the author) every enrolled student's; 403 for anyone else. */
export async function getProgress(
  db: Db,
  user: Requester,
  courseId: string,
): Promise<StudentProgress | AuthorProgress> {
  const course = await getCourseAuthor(db, courseId);
  const total = await countPublishedLessons(db, courseId);
  if (isCourseAuthor(user, course.author_id)) {
    const students = await findStudentProgress(db, courseId);
    return {
      total,
      students: students.map((s) => ({
        _id: s.id,
        username: s.username,
        completed: Number(s.completed ?? 0),
      })),
    };
  }
  if (!(await isEnrolled(db, user._id, courseId))) {
    if (!isListedCourse(course)) throw new AppError('NOT_FOUND', messages.courseNotFound);
    throw new AppError('FORBIDDEN', messages.notEnrolled);
  }
  const completed = await findCompletedLessonIds(db, user._id, courseId);
  const published = (await findLessonItems(db, courseId)).filter(
    (item) => Number(item.published) === 1 && completed.has(item.id),
  );
  return { completed: published.length, total };
}
