import {
  createDefaultAssignment,
  updateDefaultAssignment,
} from './features/assignments/assignments.service.ts';
import { createDefaultSection } from './features/content/content.service.ts';
import { findCourseAuthorLanguage } from './db/course-author.repository.ts';
import type { CourseSetup } from './features/courses/courses.service.ts';

/**
 * The features built on courses, joined to a course's creation and to its
 * homework fields (courses.service.ts, CourseSetup). Here, above the
 * features, so that courses imports neither content nor assignments: both of
 * them read courses, and features depend on each other one way only.
 */
export const courseSetup: CourseSetup = {
  async created(trx, courseId, homeworkTask, homeworkDueAt, now) {
    // Both default names in the author's language, read once.
    const language = await findCourseAuthorLanguage(trx, courseId);
    await createDefaultSection(trx, courseId, now, language);
    await createDefaultAssignment(trx, courseId, homeworkTask, homeworkDueAt, now, language);
  },
  homeworkChanged: updateDefaultAssignment,
};
