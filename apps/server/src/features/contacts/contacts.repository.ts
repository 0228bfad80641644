import type { Db } from '../../db/database.ts';

/** One (contact, course) pair: a contact appears once per course that connects them to the user. */
export interface ContactCourseRow {
  user_id: string;
  username: string;
  telephone: string;
  email: string;
  course_id: string;
  course_title: string;
}

/** Both look-ups answer the same columns; they differ in join direction so each walks its own index. */
const CONTACT_COLUMNS = [
  'users.id as user_id',
  'users.username',
  'users.telephone',
  'users.email',
  'courses.id as course_id',
  'courses.title as course_title',
] as const;

/**
 * The users enrolled in the courses `authorId` created (a teacher's
 * students). Served by courses_author_created_id and enrollments_course_user.
 */
export function findStudentsOfAuthor(db: Db, authorId: string): Promise<ContactCourseRow[]> {
  return db
    .selectFrom('courses')
    .innerJoin('enrollments', 'enrollments.course_id', 'courses.id')
    .innerJoin('users', 'users.id', 'enrollments.user_id')
    .select(CONTACT_COLUMNS)
    .where('courses.author_id', '=', authorId)
    .where('users.id', '<>', authorId)
    .orderBy('users.username')
    .orderBy('users.id')
    .orderBy('courses.title')
    .orderBy('courses.id')
    .execute();
}

/**
 * The authors of the courses `userId` is enrolled in (a student's teachers).
 * Served by the enrollments primary key (user_id, course_id).
 */
export function findTeachersOfStudent(db: Db, userId: string): Promise<ContactCourseRow[]> {
  return db
    .selectFrom('enrollments')
    .innerJoin('courses', 'courses.id', 'enrollments.course_id')
    .innerJoin('users', 'users.id', 'courses.author_id')
    .select(CONTACT_COLUMNS)
    .where('enrollments.user_id', '=', userId)
    .where('users.id', '<>', userId)
    .orderBy('users.username')
    .orderBy('users.id')
    .orderBy('courses.title')
    .orderBy('courses.id')
    .execute();
}
