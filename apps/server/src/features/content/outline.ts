/**
 * The outline of a course: the kinds of section items it lists, the
 * sections, and the outline itself, read and reordered.
 */
import { CONTENT_LIMITS, messages, type Language, type OutlineItemKind } from '@urok/contract';
import type { Outline, OutlineBody, Section } from '@urok/contract/schemas';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/database.ts';
import { inLanguage } from '../../lib/language.ts';
import { createTimeOrderedId } from '../../lib/ids.ts';
import { assertCourseAuthor, isCourseAuthor, type Requester } from '../../lib/teacher-role.ts';
import { isEnrolled } from '../courses/courses.service.ts';
import { maySeeCourse } from '../../lib/course-visibility.ts';
import { getAuthoredCourse, getCourseAuthor } from './content-access.ts';
import {
  countSections,
  deleteSection,
  findAssignmentItems,
  findCompletedLessonIds,
  findLessonItems,
  findSections,
  findSectionWithAuthor,
  insertSection,
  maxAssignmentPosition,
  maxLessonPosition,
  moveAssignment,
  moveLesson,
  nextSectionPosition,
  sectionHasAssignments,
  sectionHasLessons,
  setSectionPosition,
  updateSectionTitle,
  type ItemRow,
  type SectionRow,
} from './content.repository.ts';

// ---------------------------------------------------------------- item kinds

/**
 * What the outline needs of one kind of section item: lessons and
 * assignments here, quizzes registered by their feature (registerOutlineItems;
 * a quiz's dueAt is its closesAt). The outline, its reordering, a
 * section's emptiness and the next position cover every kind listed here.
 */
export interface ItemSource {
  kind: OutlineItemKind;
  /** The course's items of this kind, in any order. */
  list(db: Db, courseId: string): Promise<ItemRow[]>;
  move(db: Db, id: string, sectionId: string, position: number): Promise<void>;
  inSection(db: Db, sectionId: string): Promise<boolean>;
  maxPosition(db: Db, sectionId: string): Promise<number | null>;
}

const ITEM_SOURCES: ItemSource[] = [
  {
    kind: 'lesson',
    list: findLessonItems,
    move: moveLesson,
    inSection: sectionHasLessons,
    maxPosition: maxLessonPosition,
  },
  {
    kind: 'assignment',
    list: findAssignmentItems,
    move: moveAssignment,
    inSection: sectionHasAssignments,
    maxPosition: maxAssignmentPosition,
  },
];

/**
 * Adds a kind of outline item kept by another feature (quizzes register
 * theirs when their service loads), so this feature does not depend on it.
 */
export function registerOutlineItems(source: ItemSource): void {
  if (!ITEM_SOURCES.some((known) => known.kind === source.kind)) ITEM_SOURCES.push(source);
}

/** One past the last item of any kind in the section. */
export async function nextItemPosition(db: Db, sectionId: string): Promise<number> {
  let last: number | null = null;
  for (const source of ITEM_SOURCES) {
    const max = await source.maxPosition(db, sectionId);
    if (max !== null && (last === null || max > last)) last = max;
  }
  return last === null ? 0 : last + 1;
}

// ---------------------------------------------------------------- sections

export function toSection(row: SectionRow): Section {
  return {
    _id: row.id,
    courseId: row.course_id,
    title: row.title,
    position: Number(row.position),
  };
}

export async function createSection(
  db: Db,
  user: Requester,
  courseId: string,
  title: string,
): Promise<Section> {
  await getAuthoredCourse(db, user, courseId);
  if ((await countSections(db, courseId)) >= CONTENT_LIMITS.sectionsPerCourse)
    throw new AppError('CONFLICT', messages.sectionLimitReached);
  const now = new Date().toISOString();
  const row: SectionRow = {
    id: createTimeOrderedId(),
    course_id: courseId,
    title,
    position: await nextSectionPosition(db, courseId),
    created_at: now,
    updated_at: now,
  };
  await insertSection(db, row);
  return toSection(row);
}

/**
 * The first section of a new course (courses.service createCourse, inside its transaction),
 * named in `language`, its author's (db/course-author.repository.ts).
 */
export async function createDefaultSection(
  db: Db,
  courseId: string,
  now: string,
  language: Language,
): Promise<string> {
  const id = createTimeOrderedId();
  await insertSection(db, {
    id,
    course_id: courseId,
    title: inLanguage(language, messages.defaultSectionTitle),
    position: 0,
    created_at: now,
    updated_at: now,
  });
  return id;
}

async function getAuthoredSection(db: Db, user: Requester, sectionId: string) {
  const section = await findSectionWithAuthor(db, sectionId);
  if (!section) throw new AppError('NOT_FOUND', messages.sectionNotFound);
  assertCourseAuthor(user, section.author_id);
  return section;
}

export async function renameSection(
  db: Db,
  user: Requester,
  sectionId: string,
  title: string,
): Promise<Section> {
  const section = await getAuthoredSection(db, user, sectionId);
  const now = new Date().toISOString();
  await updateSectionTitle(db, sectionId, title, now);
  return toSection({ ...section, title, updated_at: now });
}

/** 409 while the section holds an item of any kind. */
export async function removeSection(db: Db, user: Requester, sectionId: string): Promise<void> {
  await getAuthoredSection(db, user, sectionId);
  await db.transaction().execute(async (trx) => {
    for (const source of ITEM_SOURCES) {
      if (await source.inSection(trx, sectionId))
        throw new AppError('CONFLICT', messages.sectionNotEmpty);
    }
    await deleteSection(trx, sectionId);
  });
}

// ---------------------------------------------------------------- the outline

interface OutlineItemRow extends ItemRow {
  kind: OutlineItemKind;
}

async function listItems(db: Db, courseId: string): Promise<OutlineItemRow[]> {
  const items: OutlineItemRow[] = [];
  for (const source of ITEM_SOURCES) {
    for (const row of await source.list(db, courseId)) items.push({ ...row, kind: source.kind });
  }
  return items.sort(
    (a, b) =>
      Number(a.position) - Number(b.position) ||
      a.kind.localeCompare(b.kind) ||
      a.id.localeCompare(b.id),
  );
}

/**
 * The outline as `user` (null: anonymous) may see it: the author, every
 * section and item; others, only published items and only the sections
 * that hold one. `completed` is the asking enrolled student's.
 */
export async function getOutline(
  db: Db,
  user: (Requester & { isOperator?: boolean }) | null,
  courseId: string,
) {
  const course = await getCourseAuthor(db, courseId);
  const isAuthor = user !== null && isCourseAuthor(user, course.author_id);
  const enrolled = user !== null && !isAuthor && (await isEnrolled(db, user._id, courseId));
  // A private, draft or hidden course is gone for those who may not see it (lib/course-visibility.ts).
  if (!(await maySeeCourse(course, user, async () => enrolled)))
    throw new AppError('NOT_FOUND', messages.courseNotFound);
  const completed = enrolled
    ? await findCompletedLessonIds(db, user._id, courseId)
    : new Set<string>();
  return buildOutline(db, courseId, isAuthor, completed);
}

async function buildOutline(
  db: Db,
  courseId: string,
  isAuthor: boolean,
  completed: Set<string>,
): Promise<Outline> {
  const [sections, items] = await Promise.all([
    findSections(db, courseId),
    listItems(db, courseId),
  ]);
  const bySection = new Map<string, OutlineItemRow[]>();
  for (const item of items) {
    if (!isAuthor && Number(item.published) !== 1) continue;
    const list = bySection.get(item.section_id) ?? [];
    list.push(item);
    bySection.set(item.section_id, list);
  }
  return {
    sections: sections
      .filter((section) => isAuthor || bySection.has(section.id))
      .map((section) => ({
        _id: section.id,
        title: section.title,
        position: Number(section.position),
        items: (bySection.get(section.id) ?? []).map((item) => ({
          kind: item.kind,
          _id: item.id,
          title: item.title,
          published: Number(item.published) === 1,
          dueAt: item.due_at,
          maxPoints: item.max_points === null ? null : Number(item.max_points),
          completed: item.kind === 'lesson' && completed.has(item.id),
        })),
      })),
  };
}

/**
 * Reorders sections and moves items between them. The body must name
 * exactly the course's sections and items, each once (400 otherwise: an
 * editor working from a stale outline must reload, not lose an item).
 */
export async function reorderOutline(
  db: Db,
  user: Requester,
  courseId: string,
  body: OutlineBody,
): Promise<Outline> {
  await getAuthoredCourse(db, user, courseId);
  const mismatch = () =>
    new AppError('BAD_REQUEST', messages.outlineMismatch, { sections: messages.outlineMismatch });
  await db.transaction().execute(async (trx) => {
    const sections = await findSections(trx, courseId);
    const items = await listItems(trx, courseId);
    const sectionIds = new Set(sections.map((s) => s.id));
    const itemKeys = new Set(items.map((i) => `${i.kind}:${i.id}`));
    const namedSections = new Set(body.sections.map((s) => s._id));
    const named = body.sections.flatMap((s) => s.items.map((i) => `${i.kind}:${i._id}`));
    if (
      namedSections.size !== body.sections.length ||
      namedSections.size !== sectionIds.size ||
      [...namedSections].some((id) => !sectionIds.has(id)) ||
      new Set(named).size !== named.length ||
      named.length !== itemKeys.size ||
      named.some((key) => !itemKeys.has(key))
    )
      throw mismatch();
    const current = new Map(items.map((i) => [`${i.kind}:${i.id}`, i]));
    for (const [index, section] of body.sections.entries()) {
      if (sections.find((s) => s.id === section._id)?.position !== index)
        await setSectionPosition(trx, section._id, index);
      for (const [position, ref] of section.items.entries()) {
        const item = current.get(`${ref.kind}:${ref._id}`)!;
        if (item.section_id === section._id && Number(item.position) === position) continue;
        const source = ITEM_SOURCES.find((s) => s.kind === ref.kind)!;
        await source.move(trx, ref._id, section._id, position);
      }
    }
  });
  return buildOutline(db, courseId, true, new Set());
}
