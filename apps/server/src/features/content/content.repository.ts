import { sql } from 'kysely';
import { dialectOf } from '../../db/dialect-of.ts';
import type { Db, LessonAttachmentsTable, LessonsTable, SectionsTable } from '../../db/database.ts';

export type SectionRow = SectionsTable;
export type LessonRow = LessonsTable;
export type AttachmentRow = LessonAttachmentsTable;
/** `course_hidden`, `course_visibility`: who sees the course (lib/course-visibility.ts). */
export type LessonWithAuthor = LessonRow & {
  author_id: string;
  course_hidden?: number | null;
  course_visibility?: string | null;
};
export type SectionWithAuthor = SectionRow & { author_id: string };
export type AttachmentWithLesson = AttachmentRow & {
  course_id: string;
  published: number;
  body: string;
  author_id: string;
  course_hidden?: number | null;
  course_visibility?: string | null;
};

/** An item of a section, whatever its kind, as the outline needs it (no body). */
export interface ItemRow {
  id: string;
  section_id: string;
  title: string;
  published: number;
  position: number;
  due_at: string | null;
  /** An assignment's or a quiz's points; null for a lesson. */
  max_points: number | null;
}

// ---------------------------------------------------------------- courses

export function findCourseAuthor(
  db: Db,
  courseId: string,
): Promise<{ id: string; author_id: string; hidden?: number; visibility?: string } | undefined> {
  return db
    .selectFrom('courses')
    .select(['id', 'author_id', 'hidden', 'visibility'])
    .where('id', '=', courseId)
    .executeTakeFirst();
}

// ---------------------------------------------------------------- sections

/** A course's sections in order: sections_course_position. */
export function findSections(db: Db, courseId: string): Promise<SectionRow[]> {
  return db
    .selectFrom('sections')
    .selectAll()
    .where('course_id', '=', courseId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function findSectionWithAuthor(
  db: Db,
  sectionId: string,
): Promise<SectionWithAuthor | undefined> {
  return db
    .selectFrom('sections')
    .innerJoin('courses', 'courses.id', 'sections.course_id')
    .selectAll('sections')
    .select('courses.author_id')
    .where('sections.id', '=', sectionId)
    .executeTakeFirst();
}

export async function countSections(db: Db, courseId: string): Promise<number> {
  const row = await db
    .selectFrom('sections')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One past the course's last section position (0 for the first). */
export async function nextSectionPosition(db: Db, courseId: string): Promise<number> {
  const row = await db
    .selectFrom('sections')
    .select((eb) => eb.fn.max<number | null>('position').as('last'))
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

export async function insertSection(db: Db, row: SectionRow): Promise<void> {
  await db.insertInto('sections').values(row).execute();
}

export async function updateSectionTitle(
  db: Db,
  sectionId: string,
  title: string,
  updatedAt: string,
): Promise<void> {
  await db
    .updateTable('sections')
    .set({ title, updated_at: updatedAt })
    .where('id', '=', sectionId)
    .execute();
}

export async function setSectionPosition(db: Db, sectionId: string, position: number) {
  await db.updateTable('sections').set({ position }).where('id', '=', sectionId).execute();
}

export async function deleteSection(db: Db, sectionId: string): Promise<void> {
  await db.deleteFrom('sections').where('id', '=', sectionId).execute();
}

// ---------------------------------------------------------------- lessons (an item kind)

/** A course's lessons for the outline, without their bodies: lessons_course_section_position. */
export function findLessonItems(db: Db, courseId: string): Promise<ItemRow[]> {
  return db
    .selectFrom('lessons')
    .select([
      'id',
      'section_id',
      'title',
      'published',
      'position',
      sql<null>`null`.as('due_at'),
      sql<null>`null`.as('max_points'),
    ])
    .where('course_id', '=', courseId)
    .execute();
}

/** True when the section holds a lesson: lessons_section_position. */
export async function sectionHasLessons(db: Db, sectionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('lessons')
    .select('id')
    .where('section_id', '=', sectionId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function maxLessonPosition(db: Db, sectionId: string): Promise<number | null> {
  const row = await db
    .selectFrom('lessons')
    .select((eb) => eb.fn.max<number | null>('position').as('last'))
    .where('section_id', '=', sectionId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? null : Number(row.last);
}

export async function moveLesson(
  db: Db,
  lessonId: string,
  sectionId: string,
  position: number,
): Promise<void> {
  await db
    .updateTable('lessons')
    .set({ section_id: sectionId, position })
    .where('id', '=', lessonId)
    .execute();
}

export async function countLessons(db: Db, courseId: string): Promise<number> {
  const row = await db
    .selectFrom('lessons')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findLessonWithAuthor(
  db: Db,
  lessonId: string,
): Promise<LessonWithAuthor | undefined> {
  return db
    .selectFrom('lessons')
    .innerJoin('courses', 'courses.id', 'lessons.course_id')
    .selectAll('lessons')
    .select([
      'courses.author_id',
      'courses.hidden as course_hidden',
      'courses.visibility as course_visibility',
    ])
    .where('lessons.id', '=', lessonId)
    .executeTakeFirst();
}

export async function insertLesson(db: Db, row: LessonRow): Promise<void> {
  await db.insertInto('lessons').values(row).execute();
}

export async function updateLessonFields(
  db: Db,
  lessonId: string,
  fields: Partial<Omit<LessonRow, 'id' | 'course_id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('lessons').set(fields).where('id', '=', lessonId).execute();
}

/**
 * Notes that the lesson's students were told it is published, unless they
 * already were: true only for the one call that notes it (one conditional
 * statement, so two racing publishes announce once).
 */
export async function markLessonAnnounced(db: Db, lessonId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('lessons')
    .set({ announced_at: at })
    .where('id', '=', lessonId)
    .where('announced_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes the lesson; its attachments' and completions' rows go with it (foreign keys). */
export async function deleteLesson(db: Db, lessonId: string): Promise<void> {
  await db.deleteFrom('lessons').where('id', '=', lessonId).execute();
}

// ---------------------------------------------------------------- attachments

/** A lesson's attachments, oldest first: lesson_attachments_lesson_created. */
export function findAttachments(db: Db, lessonId: string): Promise<AttachmentRow[]> {
  return db
    .selectFrom('lesson_attachments')
    .selectAll()
    .where('lesson_id', '=', lessonId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findAttachmentWithLesson(
  db: Db,
  attachmentId: string,
): Promise<AttachmentWithLesson | undefined> {
  return db
    .selectFrom('lesson_attachments')
    .innerJoin('lessons', 'lessons.id', 'lesson_attachments.lesson_id')
    .innerJoin('courses', 'courses.id', 'lessons.course_id')
    .selectAll('lesson_attachments')
    .select([
      'lessons.course_id',
      'lessons.published',
      'lessons.body',
      'courses.author_id',
      'courses.hidden as course_hidden',
      'courses.visibility as course_visibility',
    ])
    .where('lesson_attachments.id', '=', attachmentId)
    .executeTakeFirst();
}

export async function insertAttachment(db: Db, row: AttachmentRow): Promise<void> {
  await db.insertInto('lesson_attachments').values(row).execute();
}

export async function deleteAttachment(db: Db, attachmentId: string): Promise<void> {
  await db.deleteFrom('lesson_attachments').where('id', '=', attachmentId).execute();
}

// ---------------------------------------------------------------- the author's quota

/** How many lesson files (attachments and videos), and how many bytes, an author keeps. */
export interface LessonFileUsage {
  files: number;
  bytes: number;
}

/**
 * Every attachment and uploaded video in the author's courses, drafts
 * included; `exceptVideoOf` leaves out that lesson's video (the one an
 * upload is about to replace).
 */
export async function findAuthorLessonFileUsage(
  db: Db,
  authorId: string,
  exceptVideoOf?: string,
): Promise<LessonFileUsage> {
  const attachments = await db
    .selectFrom('lesson_attachments')
    .innerJoin('lessons', 'lessons.id', 'lesson_attachments.lesson_id')
    .innerJoin('courses', 'courses.id', 'lessons.course_id')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('files'),
      eb.fn
        .coalesce(eb.fn.sum<number | string | null>('lesson_attachments.size'), eb.lit(0))
        .as('bytes'),
    ])
    .where('courses.author_id', '=', authorId)
    .executeTakeFirst();
  let videos = db
    .selectFrom('lessons')
    .innerJoin('courses', 'courses.id', 'lessons.course_id')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('files'),
      eb.fn
        .coalesce(eb.fn.sum<number | string | null>('lessons.video_size'), eb.lit(0))
        .as('bytes'),
    ])
    .where('courses.author_id', '=', authorId)
    .where('lessons.video_key', 'is not', null);
  if (exceptVideoOf !== undefined) videos = videos.where('lessons.id', '!=', exceptVideoOf);
  const video = await videos.executeTakeFirst();
  // PostgreSQL answers count and sum of integers as bigint, which the driver hands over as text.
  return {
    files: Number(attachments?.files ?? 0) + Number(video?.files ?? 0),
    bytes: Number(attachments?.bytes ?? 0) + Number(video?.bytes ?? 0),
  };
}

/**
 * Inside a transaction that adds a lesson file: one author's uploads take
 * turns until it ends (PostgreSQL locks the author's row, FOR NO KEY
 * UPDATE, as homework's lockQuotaOwners does; SQLite's one writer holds the
 * write lock from the INSERT or UPDATE on, which comes before the sums).
 */
export async function lockAuthorQuota(db: Db, authorId: string): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  await db.selectFrom('users').select('id').where('id', '=', authorId).forNoKeyUpdate().execute();
}

// ---------------------------------------------------------------- completions and progress

/** Marks the lesson done (a second mark changes nothing). */
export async function insertCompletion(
  db: Db,
  userId: string,
  lessonId: string,
  completedAt: string,
): Promise<void> {
  await db
    .insertInto('lesson_completions')
    .values({ user_id: userId, lesson_id: lessonId, completed_at: completedAt })
    .onConflict((oc) => oc.columns(['user_id', 'lesson_id']).doNothing())
    .execute();
}

export async function deleteCompletion(db: Db, userId: string, lessonId: string): Promise<void> {
  await db
    .deleteFrom('lesson_completions')
    .where('user_id', '=', userId)
    .where('lesson_id', '=', lessonId)
    .execute();
}

/** The user's completed lessons of a course (published or not): the completions' primary key, then lessons by id. */
export async function findCompletedLessonIds(
  db: Db,
  userId: string,
  courseId: string,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('lesson_completions')
    .innerJoin('lessons', 'lessons.id', 'lesson_completions.lesson_id')
    .select('lesson_completions.lesson_id')
    .where('lesson_completions.user_id', '=', userId)
    .where('lessons.course_id', '=', courseId)
    .execute();
  return new Set(rows.map((row) => row.lesson_id));
}

export async function isLessonCompleted(
  db: Db,
  userId: string,
  lessonId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('lesson_completions')
    .select('lesson_id')
    .where('user_id', '=', userId)
    .where('lesson_id', '=', lessonId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countPublishedLessons(db: Db, courseId: string): Promise<number> {
  const row = await db
    .selectFrom('lessons')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('course_id', '=', courseId)
    .where('published', '=', 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Every enrolled student of a course with how many of its published
 * lessons they completed, by name: enrollments_course_user, then each
 * student's completions by the primary key.
 */
export function findStudentProgress(
  db: Db,
  courseId: string,
): Promise<{ id: string; username: string; completed: number }[]> {
  return db
    .selectFrom('enrollments')
    .innerJoin('users', 'users.id', 'enrollments.user_id')
    .select(['users.id', 'users.username'])
    .select((eb) =>
      eb
        .selectFrom('lesson_completions')
        .innerJoin('lessons', 'lessons.id', 'lesson_completions.lesson_id')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('lesson_completions.user_id', '=', 'enrollments.user_id')
        .where('lessons.course_id', '=', courseId)
        .where('lessons.published', '=', 1)
        .as('completed'),
    )
    .where('enrollments.course_id', '=', courseId)
    .orderBy('users.username')
    .orderBy('users.id')
    .execute() as Promise<{ id: string; username: string; completed: number }[]>;
}

// ---------------------------------------------------------------- assignments as outline items

/** A course's assignments for the outline, without their instructions: assignments_course_section_position. */
export function findAssignmentItems(db: Db, courseId: string): Promise<ItemRow[]> {
  return db
    .selectFrom('assignments')
    .select(['id', 'section_id', 'title', 'published', 'position', 'due_at', 'max_points'])
    .where('course_id', '=', courseId)
    .execute();
}

/** True when the section holds an assignment: assignments_section_position. */
export async function sectionHasAssignments(db: Db, sectionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('assignments')
    .select('id')
    .where('section_id', '=', sectionId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function maxAssignmentPosition(db: Db, sectionId: string): Promise<number | null> {
  const row = await db
    .selectFrom('assignments')
    .select((eb) => eb.fn.max<number | null>('position').as('last'))
    .where('section_id', '=', sectionId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? null : Number(row.last);
}

export async function moveAssignment(
  db: Db,
  assignmentId: string,
  sectionId: string,
  position: number,
): Promise<void> {
  await db
    .updateTable('assignments')
    .set({ section_id: sectionId, position })
    .where('id', '=', assignmentId)
    .execute();
}
