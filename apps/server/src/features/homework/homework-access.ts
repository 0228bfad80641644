/** A course's homework as its enrolled students and its author reach it. */
import { messages } from '@urok/contract';
import { AppError } from '../../app-error.ts';
import { isListedCourse } from '../../lib/course-visibility.ts';
import type { Db } from '../../db/database.ts';
import { assertCourseAuthor, type Requester } from '../../lib/teacher-role.ts';
import { findHomeworkCourse, isEnrolled, type HomeworkCourse } from './homework.repository.ts';

async function getCourse(db: Db, courseId: string): Promise<HomeworkCourse> {
  const course = await findHomeworkCourse(db, courseId);
  if (!course) throw new AppError('NOT_FOUND', messages.courseNotFound);
  return course;
}

/**
 * 404 for a missing course, 403 unless `userId` is enrolled in it; 404 for
 * the outsider of a course that is not public (lib/course-visibility.ts).
 */
export async function assertEnrolled(
  db: Db,
  userId: string,
  courseId: string,
): Promise<HomeworkCourse> {
  const course = await getCourse(db, courseId);
  if (!(await isEnrolled(db, userId, courseId))) {
    if (!isListedCourse(course)) throw new AppError('NOT_FOUND', messages.courseNotFound);
    throw new AppError('FORBIDDEN', messages.notEnrolled);
  }
  return course;
}

/** 404 for a missing course, 403 unless `user` is its author (lib/teacher-role.ts). */
export async function getAuthoredCourse(
  db: Db,
  user: Requester,
  courseId: string,
): Promise<HomeworkCourse> {
  const course = await getCourse(db, courseId);
  assertCourseAuthor(user, course.author_id);
  return course;
}
