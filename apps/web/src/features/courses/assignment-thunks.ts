/**
 * The API calls of assignments, grading beyond the first grade, comments,
 * the gradebook, a student's grades and the calendar feed. No slice: each
 * page keeps what it loaded (lib/app-thunk.ts), as no other page shares it.
 */
import { LEARNING_API, gradesMessages, messages } from '@urok/contract';
import type {
  Assignment,
  CreateAssignmentBody,
  Gradebook,
  Homework,
  HomeworkComment,
  Outline,
  UpdateAssignmentBody,
  UserGrades,
} from '@urok/contract/schemas';
import { toApiFailure } from '../../lib/api-error';
import { createServiceThunk } from '../../lib/app-thunk';

/** GET assignments/{id}: the author's, or a published one for an enrolled student. */
export const fetchAssignment = createServiceThunk(
  'assignments/fetch',
  async (assignmentId: string, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.get<{ assignment: Assignment }>(
        LEARNING_API.assignment(assignmentId),
      );
      return data.assignment;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, gradesMessages.assignmentLoadFailed));
    }
  },
);

/** GET courses/{id}/outline as the author: the sections a new assignment can go into. */
export const fetchSections = createServiceThunk(
  'assignments/sections',
  async (courseId: string, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.get<Outline>(LEARNING_API.outline(courseId));
      return data.sections.map(({ _id, title }) => ({ _id, title }));
    } catch (error) {
      return rejectWithValue(toApiFailure(error, messages.outlineLoadFailed));
    }
  },
);

/** POST courses/{id}/assignments. */
export const createAssignment = createServiceThunk(
  'assignments/create',
  async (
    { courseId, body }: { courseId: string; body: CreateAssignmentBody },
    { extra, rejectWithValue },
  ) => {
    try {
      const { data } = await extra.http.post<{ assignment: Assignment }>(
        LEARNING_API.assignments(courseId),
        body,
      );
      return data.assignment;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, gradesMessages.assignmentSaveFailed));
    }
  },
);

/** PUT assignments/{id}. */
export const updateAssignment = createServiceThunk(
  'assignments/update',
  async (
    { assignmentId, body }: { assignmentId: string; body: UpdateAssignmentBody },
    { extra, rejectWithValue },
  ) => {
    try {
      const { data } = await extra.http.put<{ assignment: Assignment }>(
        LEARNING_API.assignment(assignmentId),
        body,
      );
      return data.assignment;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, gradesMessages.assignmentSaveFailed));
    }
  },
);

/** POST homework/{id}/regrade: a graded submission's new grade, with the reason kept in its history. */
export const regradeHomework = createServiceThunk(
  'assignments/regrade',
  async (
    {
      homeworkId,
      grade,
      feedback,
      reason,
    }: { homeworkId: string; grade: string; feedback: string; reason: string },
    { extra, rejectWithValue },
  ) => {
    try {
      const { data } = await extra.http.post<{ homework: Homework }>(
        LEARNING_API.regradeHomework(homeworkId),
        { grade: grade.trim(), feedback, reason },
      );
      return data.homework;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, gradesMessages.regradeFailed));
    }
  },
);

/** GET homework/{id}/comments: the private thread of a submission, oldest first. */
export const fetchComments = createServiceThunk(
  'assignments/comments',
  async (homeworkId: string, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.get<{ comments: HomeworkComment[] }>(
        LEARNING_API.homeworkComments(homeworkId),
      );
      return data.comments;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, gradesMessages.commentsLoadFailed));
    }
  },
);

/** POST homework/{id}/comments. */
export const postComment = createServiceThunk(
  'assignments/comment',
  async (
    { homeworkId, body }: { homeworkId: string; body: string },
    { extra, rejectWithValue },
  ) => {
    try {
      const { data } = await extra.http.post<{ comment: HomeworkComment }>(
        LEARNING_API.homeworkComments(homeworkId),
        { body },
      );
      return data.comment;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, gradesMessages.commentFailed));
    }
  },
);

/** GET courses/{id}/gradebook (the author). */
export const fetchGradebook = createServiceThunk(
  'assignments/gradebook',
  async (courseId: string, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.get<Gradebook>(LEARNING_API.gradebook(courseId));
      return data;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, gradesMessages.gradebookLoadFailed));
    }
  },
);

/** GET user/{id}/grades: the signed-in student's grades in every course. */
export const fetchUserGrades = createServiceThunk(
  'assignments/userGrades',
  async (userId: string, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.get<UserGrades>(LEARNING_API.userGrades(userId));
      return data;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, gradesMessages.gradesLoadFailed));
    }
  },
);

/** POST calendar/feed: a new private feed address (the old one stops working). */
export const createCalendarFeed = createServiceThunk(
  'assignments/calendarCreate',
  async (_: void, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.post<{ url: string }>(LEARNING_API.calendarFeed);
      return data.url;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, gradesMessages.calendarFailed));
    }
  },
);

/** DELETE calendar/feed: the address stops working. */
export const revokeCalendarFeed = createServiceThunk(
  'assignments/calendarRevoke',
  async (_: void, { extra, rejectWithValue }) => {
    try {
      await extra.http.delete(LEARNING_API.calendarFeed);
      return null;
    } catch (error) {
      return rejectWithValue(toApiFailure(error, gradesMessages.calendarFailed));
    }
  },
);
