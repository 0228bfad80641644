/**
 * The API calls of course content (DESIGN.md section 8). No slice: each page
 * keeps what it loaded (app-thunk.ts), as no other page shares it.
 */
import { API, messages, type Course } from '@urok/contract';
import type { Lesson, Outline, StudentProgress } from '@urok/contract/schemas';
import { toApiFailure } from '../../lib/api-error';
import { createServiceThunk } from '../../lib/app-thunk';

/** GET courses/{id}/outline (bearer optional): the syllabus, or the author's whole outline. */
export const fetchOutline = createServiceThunk(
  'content/outline',
  async (courseId: string, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.get<Outline>(API.outline(courseId));
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
      const { data } = await extra.http.get<StudentProgress>(API.progress(courseId));
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
      const { data } = await extra.http.get<{ lesson: Lesson }>(API.lesson(lessonId));
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
      const path = API.lessonCompletion(lessonId);
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
