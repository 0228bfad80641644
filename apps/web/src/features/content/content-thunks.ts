/**
 * The API calls of course content. No slice: each page
 * keeps what it loaded (app-thunk.ts), as no other page shares it.
 */
import { API, LEARNING_API, EMPTY_DOCUMENT, messages, type Course } from '@urok/contract';
import type { AuthorProgress, Lesson, Outline, StudentProgress } from '@urok/contract/schemas';
import { toApiFailure } from '../../lib/api-error';
import { createServiceThunk } from '../../lib/app-thunk';

/** GET courses/{id}/outline (bearer optional): the syllabus, or the author's whole outline. */
export const fetchOutline = createServiceThunk(
  'content/outline',
  async (courseId: string, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.get<Outline>(LEARNING_API.outline(courseId));
      return data;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, messages.outlineLoadFailed));
    }
  },
);

/** GET courses/{id}/progress: the enrolled student's {completed,total}. */
export const fetchProgress = createServiceThunk(
  'content/progress',
  async (courseId: string, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.get<StudentProgress>(LEARNING_API.progress(courseId));
      return data;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, messages.outlineLoadFailed));
    }
  },
);

/** GET courses/{id}/progress as the author: every enrolled student's count. */
export const fetchAuthorProgress = createServiceThunk(
  'content/authorProgress',
  async (courseId: string, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.get<AuthorProgress>(LEARNING_API.progress(courseId));
      return data;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, messages.outlineLoadFailed));
    }
  },
);

/** GET lessons/{id}: the lesson with its signed media links. */
export const fetchLesson = createServiceThunk(
  'content/lesson',
  async (lessonId: string, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.get<{ lesson: Lesson }>(LEARNING_API.lesson(lessonId));
      return data.lesson;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, messages.lessonLoadFailed));
    }
  },
);

/** PUT (done) or DELETE (not done) lessons/{id}/completion. */
export const setLessonCompletion = createServiceThunk(
  'content/completion',
  async ({ lessonId, done }: { lessonId: string; done: boolean }, { extra, rejectWithValue }) => {
    try {
      const path = LEARNING_API.lessonCompletion(lessonId);
      await (done ? extra.http.put(path) : extra.http.delete(path));
      return done;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, messages.lessonCompletionFailed));
    }
  },
);

/** GET courses/{id} (public): the course a signed-out visitor's syllabus page describes. */
export const fetchPublicCourse = createServiceThunk(
  'content/publicCourse',
  async (courseId: string, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.get<{ course: Course }>(API.course(courseId));
      return data.course;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, messages.courseNotFound));
    }
  },
);

/** Turns an outline into the PUT courses/{id}/outline body (every section and item, in order). */
export function outlineBody(outline: Outline) {
  return {
    sections: outline.sections.map((section) => ({
      _id: section._id,
      items: section.items.map((item) => ({ kind: item.kind, _id: item._id })),
    })),
  };
}

/** One author's change of the outline; each resolves to the outline as it now is. */
export type OutlineChange =
  | { kind: 'reorder'; outline: Outline }
  | { kind: 'addSection'; title: string }
  | { kind: 'renameSection'; sectionId: string; title: string }
  | { kind: 'deleteSection'; sectionId: string }
  | { kind: 'addLesson'; sectionId: string; title: string }
  /** A lesson's or an assignment's draft/published switch (`item` names which). */
  | { kind: 'publish'; item: 'lesson' | 'assignment'; id: string; published: boolean }
  | { kind: 'deleteLesson'; lessonId: string };

/** Applies one change (author) and reads the outline again, so the page shows the server's truth. */
export const changeOutline = createServiceThunk(
  'content/changeOutline',
  async (
    { courseId, change }: { courseId: string; change: OutlineChange },
    { extra, rejectWithValue },
  ) => {
    try {
      switch (change.kind) {
        case 'reorder': {
          const { data } = await extra.http.put<Outline>(
            LEARNING_API.outline(courseId),
            outlineBody(change.outline),
          );
          return data;
        }
        case 'addSection':
          await extra.http.post(LEARNING_API.sections(courseId), { title: change.title });
          break;
        case 'renameSection':
          await extra.http.put(LEARNING_API.section(change.sectionId), { title: change.title });
          break;
        case 'deleteSection':
          await extra.http.delete(LEARNING_API.section(change.sectionId));
          break;
        case 'addLesson':
          await extra.http.post(LEARNING_API.lessons(courseId), {
            sectionId: change.sectionId,
            title: change.title,
            body: EMPTY_DOCUMENT,
          });
          break;
        case 'publish':
          await extra.http.put(
            change.item === 'assignment'
              ? LEARNING_API.assignment(change.id)
              : LEARNING_API.lesson(change.id),
            { published: change.published },
          );
          break;
        case 'deleteLesson':
          await extra.http.delete(LEARNING_API.lesson(change.lessonId));
          break;
      }
      const { data } = await extra.http.get<Outline>(LEARNING_API.outline(courseId));
      return data;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, messages.editorFailed));
    }
  },
);
