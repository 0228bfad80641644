/**
 * Who sees what of a course's content (docs/decisions.md, "course content visibility"):
 * - the author (still a teacher) sees and edits everything, drafts included;
 * - an enrolled student sees the published lessons (a draft answers 404,
 *   as if it did not exist), their files and video, and marks them done;
 * - anyone else (anonymous, signed in but not enrolled, another teacher, a
 *   demoted author) gets the syllabus: the outline's sections that hold a
 *   published item, with the titles of those items and nothing more; a
 *   published lesson itself answers 403 (enrol first), a draft 404.
 * Every author check goes through lib/teacher-role.ts.
 */
import { messages } from '@urok/contract';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/database.ts';
import { assertCourseAuthor, isCourseAuthor, type Requester } from '../../lib/teacher-role.ts';
import { isEnrolled } from '../courses/courses.service.ts';
import { isListedCourse } from '../../lib/course-visibility.ts';
import {
  findCourseAuthor,
  findLessonWithAuthor,
  type LessonWithAuthor,
} from './content.repository.ts';

export async function getCourseAuthor(db: Db, courseId: string) {
  const course = await findCourseAuthor(db, courseId);
  if (!course) throw new AppError('NOT_FOUND', messages.courseNotFound);
  return course;
}

export async function getAuthoredCourse(db: Db, user: Requester, courseId: string) {
  const course = await getCourseAuthor(db, courseId);
  assertCourseAuthor(user, course.author_id);
  return course;
}

export async function getLesson(db: Db, lessonId: string): Promise<LessonWithAuthor> {
  const lesson = await findLessonWithAuthor(db, lessonId);
  if (!lesson) throw new AppError('NOT_FOUND', messages.lessonNotFound);
  return lesson;
}

/** 404 for a missing lesson, 403 unless `user` is its course's author. */
export async function getAuthoredLesson(
  db: Db,
  user: Requester,
  lessonId: string,
): Promise<LessonWithAuthor> {
  const lesson = await getLesson(db, lessonId);
  assertCourseAuthor(user, lesson.author_id);
  return lesson;
}

/**
 * Whether `user` may read a lesson (and its files and video): its author
 * always; an enrolled student when it is published. A draft is 404 to
 * everyone else, so drafts never show; a published lesson is 403 to the
 * not enrolled, and 404 when its course is not public (a private, draft or
 * hidden course does not exist for them). Resolves to true for the author.
 */
export async function assertReadable(
  db: Db,
  user: Requester,
  lesson: {
    course_id: string;
    published: number;
    author_id: string;
    course_hidden?: number | null;
    course_visibility?: string | null;
  },
  notFound: string,
): Promise<boolean> {
  if (isCourseAuthor(user, lesson.author_id)) return true;
  if (Number(lesson.published) !== 1) throw new AppError('NOT_FOUND', notFound);
  if (!(await isEnrolled(db, user._id, lesson.course_id))) {
    // Outside a private class, a draft or a hidden course the lesson does not exist
    // (lib/course-visibility.ts).
    const listed = isListedCourse({
      author_id: lesson.author_id,
      visibility: lesson.course_visibility ?? undefined,
      hidden: lesson.course_hidden ?? undefined,
    });
    if (!listed) throw new AppError('NOT_FOUND', notFound);
    throw new AppError('FORBIDDEN', messages.notEnrolled);
  }
  return false;
}
