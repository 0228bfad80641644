import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AxiosProgressEvent } from 'axios';
import {
  API,
  UPLOAD_FIELDS,
  messages,
  type Course,
  type CourseInput,
  type Homework,
  type UserWithHomework,
} from '@urok/contract';
import { toApiFailure, type ApiFailure } from '../../lib/api-error';
import type { AppServices } from '../../lib/services';
import { regradeHomework } from './assignment-thunks';

/** Course state of spec sections 3–4. */
export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'error';

/** A created course, with the enrolled users who submitted homework once fetched (spec section 4). */
export interface CreatedCourse extends Course {
  enrolledUsers?: UserWithHomework[];
}

/** The data sets the pages show, each with its own load state. */
export type CourseDataSet =
  | 'allCourses'
  | 'authorCourses'
  | 'userCourses'
  | 'createdCourses'
  | 'course'
  | 'ownHomework'
  | 'enrolledUsers';

export interface CoursesState {
  allCourses: Course[];
  allAuthorCourses: Course[];
  createdCourses: CreatedCourse[];
  addedCourses: Course[];
  userCourses: Course[];
  /** The specification's one status of every course call. */
  status: LoadStatus;
  /** The homework upload: idle → loading → loaded | error, and back to idle on reset. */
  homeworkStatus: LoadStatus;

  // Paging of allCourses (GET courses?q=&cursor=).
  /** The search the list shows ('' for all courses). */
  query: string;
  /** The cursor of the next page; null on the last page. */
  nextCursor: string | null;
  /** The latest list request: an older search's late answer never replaces a newer one's. */
  coursesRequestId: string | null;

  /**
   * Per data set, because `status` is shared by calls that run at the same
   * time (the catalogue and the enrolled courses load together), so it
   * cannot tell a page when its own data is in.
   */
  loads: Record<CourseDataSet, LoadStatus>;
  /** The course of a details page (GET courses/{id}); null with loads.course 'loaded' means not found. */
  viewedCourseId: string | null;
  viewedCourse: Course | null;
  /** The signed-in student's own submissions, by course id. */
  ownHomework: Record<string, Homework[]>;
}

export const initialCoursesState: CoursesState = {
  allCourses: [],
  allAuthorCourses: [],
  createdCourses: [],
  addedCourses: [],
  userCourses: [],
  status: 'idle',
  homeworkStatus: 'idle',
  query: '',
  nextCursor: null,
  coursesRequestId: null,
  loads: {
    allCourses: 'idle',
    authorCourses: 'idle',
    userCourses: 'idle',
    createdCourses: 'idle',
    course: 'idle',
    ownHomework: 'idle',
    enrolledUsers: 'idle',
  },
  viewedCourseId: null,
  viewedCourse: null,
  ownHomework: {},
};

/** The slice joins the store when the first course page loads (app/pages.tsx), so it may be absent. */
export interface CoursesRootState {
  courses?: CoursesState;
}

const createCoursesThunk = createAsyncThunk.withTypes<{
  state: CoursesRootState;
  extra: AppServices;
  rejectValue: ApiFailure;
}>();

/** Spec section 8: a failed course or homework call is logged, and its status becomes 'error'. */
function logged(
  what: string,
  error: unknown,
  fallback: string = messages.internalError,
): ApiFailure {
  const failure = toApiFailure(error, fallback);
  console.error(`${what} failed:`, failure.status ?? '', failure.message);
  return failure;
}

// ---------------------------------------------------------------- request shapes

export interface CourseListResult {
  courses: Course[];
  nextCursor: string | null;
}

export interface FetchCoursesArgs {
  /** The search ('' or absent for all courses). */
  q?: string;
  /** Absent for the first page; the previous answer's nextCursor for the next. */
  cursor?: string | null;
}

export interface CourseFormInput {
  fields: CourseInput;
  /** A new cover image, or null to keep (or not have) one. */
  cover: File | null;
}

export interface UpdateCourseInput extends CourseFormInput {
  courseId: string;
}

export interface UpdateCourseResult {
  authorCourses: Course[];
  course: Course;
}

export interface UploadHomeworkInput {
  courseId: string;
  /** The assignment handed in to; absent: the course's default assignment. */
  assignmentId?: string;
  file: File;
  comment: string;
  /** Percent sent so far (0–100), from axios' onUploadProgress. */
  onProgress?: (percent: number) => void;
}

export interface UploadHomeworkResult {
  homework: Homework;
  message: string;
}

export interface DeleteHomeworkInput {
  courseId: string;
  homeworkId: string;
}

export interface GradeHomeworkInput {
  courseId: string;
  homeworkId: string;
  grade: string;
  feedback: string;
}

/** The multipart body of course create and update: text fields first, the cover last. */
function courseFormData(fields: CourseInput, cover: File | null, courseId?: string): FormData {
  const form = new FormData();
  // The course id first: the server refuses a non-author before storing a cover.
  if (courseId !== undefined) form.append('courseId', courseId);
  form.append('title', fields.title.trim());
  form.append('description', fields.description.trim());
  form.append('category', fields.category.trim());
  form.append('homeworkTask', fields.homeworkTask);
  form.append('homeworkDueAt', fields.homeworkDueAt);
  if (cover) form.append(UPLOAD_FIELDS.cover, cover, cover.name);
  return form;
}

// ---------------------------------------------------------------- thunks

/** GET courses?q=&cursor=: the first page replaces the list, a next page is appended. */
export const fetchCourses = createCoursesThunk(
  'courses/fetchCourses',
  async ({ q = '', cursor }: FetchCoursesArgs, { extra, rejectWithValue }) => {
    try {
      const params: Record<string, string> = {};
      if (q.trim()) params.q = q.trim();
      if (cursor) params.cursor = cursor;
      const { data } = await extra.http.get<CourseListResult>(API.courses, { params });
      return data;
    } catch (error) {
      return rejectWithValue(logged('Fetching courses', error));
    }
  },
);

/** GET courses?authorId=: one author's courses. */
export const fetchAuthorCourses = createCoursesThunk(
  'courses/fetchAuthorCourses',
  async (authorId: string, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.get<CourseListResult>(API.courses, {
        params: { authorId },
      });
      return data.courses;
    } catch (error) {
      return rejectWithValue(logged("Fetching the author's courses", error));
    }
  },
);

/** GET user/{id}/courses: the courses the user is enrolled in. */
export const fetchUserCourses = createCoursesThunk(
  'courses/fetchUserCourses',
  async (userId: string, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.get<{ courses: Course[] }>(API.userCourses(userId));
      return data.courses;
    } catch (error) {
      return rejectWithValue(logged('Fetching enrolled courses', error));
    }
  },
);

/** GET users/created-courses, with the bearer header sent explicitly (spec section 7). */
export const fetchCreatedCourses = createCoursesThunk(
  'courses/fetchCreatedCourses',
  async (_: void, { extra, rejectWithValue }) => {
    const token = extra.session.readToken();
    if (!token)
      return rejectWithValue(logged('Fetching created courses', null, messages.tokenNotFound));
    try {
      const { data } = await extra.http.get<{ createdCourses: Course[] }>(API.createdCourses, {
        headers: { Authorization: `Bearer ${token}` },
      });
      return data.createdCourses;
    } catch (error) {
      return rejectWithValue(logged('Fetching created courses', error));
    }
  },
);

/** GET courses/{id}: the course of a details page. */
export const fetchCourse = createCoursesThunk(
  'courses/fetchCourse',
  async (courseId: string, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.get<{ course: Course }>(API.course(courseId));
      return data.course;
    } catch (error) {
      return rejectWithValue(logged('Fetching the course', error, messages.courseNotFound));
    }
  },
);

/** POST newcourses/newcteate-course (multipart). */
export const createCourse = createCoursesThunk(
  'courses/createCourse',
  async ({ fields, cover }: CourseFormInput, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.post<{ course: Course }>(
        API.createCourse,
        courseFormData(fields, cover),
      );
      return data.course;
    } catch (error) {
      return rejectWithValue(logged('Creating the course', error));
    }
  },
);

/** PUT courses/update (multipart): answers with the course and all of the author's courses. */
export const updateCourse = createCoursesThunk(
  'courses/updateCourse',
  async ({ courseId, fields, cover }: UpdateCourseInput, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.put<UpdateCourseResult>(
        API.updateCourse,
        courseFormData(fields, cover, courseId),
      );
      return data;
    } catch (error) {
      return rejectWithValue(logged('Updating the course', error));
    }
  },
);

/** GET courses/{courseId}/userswithhw: attached to the created course as enrolledUsers. */
export const fetchUsersWithHomework = createCoursesThunk(
  'courses/fetchUsersWithHomework',
  async (courseId: string, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.get<{ users: UserWithHomework[] }>(
        API.usersWithHomework(courseId),
      );
      return data.users;
    } catch (error) {
      return rejectWithValue(logged('Fetching the submissions', error));
    }
  },
);

/** GET courses/{id}/homework: the signed-in student's own submissions. */
export const fetchOwnHomework = createCoursesThunk(
  'courses/fetchOwnHomework',
  async (courseId: string, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.get<{ homework: Homework[] }>(API.ownHomework(courseId));
      return data.homework;
    } catch (error) {
      return rejectWithValue(logged('Fetching own homework', error));
    }
  },
);

/** POST courses/upload-homework (multipart), reporting the percent sent through onProgress. */
export const uploadHomework = createCoursesThunk(
  'courses/uploadHomework',
  async (
    { courseId, assignmentId, file, comment, onProgress }: UploadHomeworkInput,
    { extra, rejectWithValue },
  ) => {
    const form = new FormData();
    // Fields before the file: the server refuses a non-enrolled user before storing anything.
    form.append('courseId', courseId);
    if (assignmentId !== undefined) form.append('assignmentId', assignmentId);
    form.append('comment', comment);
    form.append(UPLOAD_FIELDS.homeworkFile, file, file.name);
    try {
      const { data } = await extra.http.post<UploadHomeworkResult>(API.uploadHomework, form, {
        onUploadProgress: (event: AxiosProgressEvent) => {
          const total = event.total ?? file.size;
          if (onProgress && total > 0)
            onProgress(Math.min(100, Math.round((event.loaded / total) * 100)));
        },
      });
      return data;
    } catch (error) {
      return rejectWithValue(logged('Uploading homework', error));
    }
  },
);

/** POST courses/{id}/enroll: answers with the course and its new enrolledCount. */
export const enroll = createCoursesThunk(
  'courses/enroll',
  async (courseId: string, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.post<{ course: Course }>(API.enroll(courseId));
      return data.course;
    } catch (error) {
      return rejectWithValue(logged('Enrolling', error));
    }
  },
);

/** DELETE courses/{id}/enroll: 204; submitted homework is kept. */
export const unenroll = createCoursesThunk(
  'courses/unenroll',
  async (courseId: string, { extra, rejectWithValue }) => {
    try {
      await extra.http.delete(API.enroll(courseId));
      return courseId;
    } catch (error) {
      return rejectWithValue(logged('Leaving the course', error));
    }
  },
);

/** DELETE homework/{id}: the student withdraws an ungraded submission (204; 409 once graded). */
export const deleteHomework = createCoursesThunk(
  'courses/deleteHomework',
  async ({ homeworkId }: DeleteHomeworkInput, { extra, rejectWithValue }) => {
    try {
      await extra.http.delete(API.homework(homeworkId));
      return homeworkId;
    } catch (error) {
      return rejectWithValue(logged('Deleting homework', error));
    }
  },
);

/** PUT homework/{id}/grade: a grade is final (409 once graded). */
export const gradeHomework = createCoursesThunk(
  'courses/gradeHomework',
  async ({ homeworkId, grade, feedback }: GradeHomeworkInput, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.put<{ homework: Homework }>(API.gradeHomework(homeworkId), {
        grade: grade.trim(),
        feedback,
      });
      return data.homework;
    } catch (error) {
      return rejectWithValue(logged('Grading homework', error));
    }
  },
);

/** A graded or regraded submission replaces its row in the author's list. */
function replaceGraded(state: CoursesState, graded: Homework): void {
  const course = state.createdCourses.find((entry) => entry._id === graded.courseId);
  for (const user of course?.enrolledUsers ?? []) {
    const index = user.homework.findIndex((entry) => entry._id === graded._id);
    if (index !== -1) user.homework[index] = graded;
  }
}

// ---------------------------------------------------------------- reducer

function replaceCourse(list: Course[], course: Course): void {
  const index = list.findIndex((entry) => entry._id === course._id);
  if (index !== -1) list[index] = { ...list[index], ...course };
}

/** A fresh list of created courses keeps the submissions already fetched for each. */
function withEnrolledUsers(previous: CreatedCourse[], next: Course[]): CreatedCourse[] {
  return next.map((course) => {
    const enrolledUsers = previous.find((entry) => entry._id === course._id)?.enrolledUsers;
    return enrolledUsers ? { ...course, enrolledUsers } : course;
  });
}

function started(state: CoursesState, set?: CourseDataSet): void {
  state.status = 'loading';
  if (set) state.loads[set] = 'loading';
}

function done(state: CoursesState, set?: CourseDataSet): void {
  state.status = 'loaded';
  if (set) state.loads[set] = 'loaded';
}

function failed(state: CoursesState, set?: CourseDataSet): void {
  state.status = 'error';
  if (set) state.loads[set] = 'error';
}

const coursesSlice = createSlice({
  name: 'courses',
  initialState: initialCoursesState,
  reducers: {
    /** A finished (or failed) upload goes back to idle, ready for the next one. */
    resetHomeworkStatus(state) {
      state.homeworkStatus = 'idle';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchCourses.pending, (state, action) => {
        started(state, 'allCourses');
        state.coursesRequestId = action.meta.requestId;
        if (!action.meta.arg.cursor) {
          state.query = (action.meta.arg.q ?? '').trim();
          state.allCourses = [];
          state.nextCursor = null;
        }
      })
      .addCase(fetchCourses.fulfilled, (state, action) => {
        state.status = 'loaded';
        if (action.meta.requestId !== state.coursesRequestId) return;
        state.loads.allCourses = 'loaded';
        if (action.meta.arg.cursor) {
          const known = new Set(state.allCourses.map((course) => course._id));
          state.allCourses.push(
            ...action.payload.courses.filter((course) => !known.has(course._id)),
          );
        } else {
          state.allCourses = action.payload.courses;
        }
        state.nextCursor = action.payload.nextCursor;
      })
      .addCase(fetchCourses.rejected, (state, action) => {
        state.status = 'error';
        if (action.meta.requestId === state.coursesRequestId) state.loads.allCourses = 'error';
      })

      .addCase(fetchAuthorCourses.pending, (state) => started(state, 'authorCourses'))
      .addCase(fetchAuthorCourses.fulfilled, (state, action: PayloadAction<Course[]>) => {
        done(state, 'authorCourses');
        state.allAuthorCourses = action.payload;
      })
      .addCase(fetchAuthorCourses.rejected, (state) => failed(state, 'authorCourses'))

      .addCase(fetchUserCourses.pending, (state) => started(state, 'userCourses'))
      .addCase(fetchUserCourses.fulfilled, (state, action: PayloadAction<Course[]>) => {
        done(state, 'userCourses');
        state.userCourses = action.payload;
      })
      .addCase(fetchUserCourses.rejected, (state) => failed(state, 'userCourses'))

      .addCase(fetchCreatedCourses.pending, (state) => started(state, 'createdCourses'))
      .addCase(fetchCreatedCourses.fulfilled, (state, action: PayloadAction<Course[]>) => {
        done(state, 'createdCourses');
        state.createdCourses = withEnrolledUsers(state.createdCourses, action.payload);
      })
      .addCase(fetchCreatedCourses.rejected, (state) => failed(state, 'createdCourses'))

      .addCase(fetchCourse.pending, (state, action) => {
        started(state, 'course');
        if (state.viewedCourseId !== action.meta.arg) state.viewedCourse = null;
        state.viewedCourseId = action.meta.arg;
      })
      .addCase(fetchCourse.fulfilled, (state, action) => {
        done(state, 'course');
        if (state.viewedCourseId === action.meta.arg) state.viewedCourse = action.payload;
      })
      .addCase(fetchCourse.rejected, (state, action) => {
        if (state.viewedCourseId !== action.meta.arg) {
          state.status = 'error';
          return;
        }
        const status = action.payload?.status;
        failed(state, 'course');
        // A course that does not exist is an answer, not a failure to retry.
        if (status === 404 || status === 400) {
          state.loads.course = 'loaded';
          state.viewedCourse = null;
        }
      })

      .addCase(createCourse.pending, (state) => started(state))
      .addCase(createCourse.fulfilled, (state, action: PayloadAction<Course>) => {
        done(state);
        state.addedCourses.push(action.payload);
        state.createdCourses.unshift(action.payload);
      })
      .addCase(createCourse.rejected, (state) => failed(state))

      .addCase(updateCourse.pending, (state) => started(state))
      .addCase(updateCourse.fulfilled, (state, action: PayloadAction<UpdateCourseResult>) => {
        done(state);
        const { authorCourses, course } = action.payload;
        state.createdCourses = withEnrolledUsers(state.createdCourses, authorCourses);
        replaceCourse(state.allCourses, course);
        if (state.viewedCourse?._id === course._id) state.viewedCourse = course;
      })
      .addCase(updateCourse.rejected, (state) => failed(state))

      .addCase(fetchUsersWithHomework.pending, (state) => started(state, 'enrolledUsers'))
      .addCase(fetchUsersWithHomework.fulfilled, (state, action) => {
        done(state, 'enrolledUsers');
        const course = state.createdCourses.find((entry) => entry._id === action.meta.arg);
        if (course) course.enrolledUsers = action.payload;
      })
      .addCase(fetchUsersWithHomework.rejected, (state) => failed(state, 'enrolledUsers'))

      .addCase(fetchOwnHomework.pending, (state) => started(state, 'ownHomework'))
      .addCase(fetchOwnHomework.fulfilled, (state, action) => {
        done(state, 'ownHomework');
        state.ownHomework[action.meta.arg] = action.payload;
      })
      .addCase(fetchOwnHomework.rejected, (state) => failed(state, 'ownHomework'))

      .addCase(uploadHomework.pending, (state) => {
        state.homeworkStatus = 'loading';
      })
      .addCase(uploadHomework.fulfilled, (state, action) => {
        state.homeworkStatus = 'loaded';
        const { courseId } = action.meta.arg;
        state.ownHomework[courseId] = [
          action.payload.homework,
          ...(state.ownHomework[courseId] ?? []),
        ];
      })
      .addCase(uploadHomework.rejected, (state) => {
        state.homeworkStatus = 'error';
      })

      .addCase(deleteHomework.fulfilled, (state, action) => {
        const { courseId, homeworkId } = action.meta.arg;
        const list = state.ownHomework[courseId];
        if (list) state.ownHomework[courseId] = list.filter((entry) => entry._id !== homeworkId);
      })

      .addCase(enroll.pending, (state) => started(state))
      .addCase(enroll.fulfilled, (state, action: PayloadAction<Course>) => {
        done(state);
        const course = action.payload;
        if (!state.userCourses.some((entry) => entry._id === course._id))
          state.userCourses.unshift(course);
        replaceCourse(state.allCourses, course);
        if (state.viewedCourse?._id === course._id) state.viewedCourse = course;
      })
      .addCase(enroll.rejected, (state) => failed(state))

      .addCase(unenroll.pending, (state) => started(state))
      .addCase(unenroll.fulfilled, (state, action: PayloadAction<string>) => {
        done(state);
        const courseId = action.payload;
        const wasEnrolled = state.userCourses.some((entry) => entry._id === courseId);
        state.userCourses = state.userCourses.filter((entry) => entry._id !== courseId);
        if (!wasEnrolled) return;
        for (const course of [...state.allCourses, state.viewedCourse]) {
          if (course?._id === courseId)
            course.enrolledCount = Math.max(0, course.enrolledCount - 1);
        }
      })
      .addCase(unenroll.rejected, (state) => failed(state))

      .addCase(gradeHomework.pending, (state) => started(state))
      .addCase(gradeHomework.fulfilled, (state, action: PayloadAction<Homework>) => {
        done(state);
        replaceGraded(state, action.payload);
      })
      .addCase(regradeHomework.fulfilled, (state, action: PayloadAction<Homework>) => {
        replaceGraded(state, action.payload);
      })
      .addCase(gradeHomework.rejected, (state) => failed(state));
  },
});

export { coursesSlice };
export const { resetHomeworkStatus } = coursesSlice.actions;
export const coursesReducer = coursesSlice.reducer;

// ---------------------------------------------------------------- selectors

export const selectCourses = (state: CoursesRootState): CoursesState =>
  state.courses ?? initialCoursesState;

export const selectIsEnrolled = (state: CoursesRootState, courseId: string): boolean =>
  selectCourses(state).userCourses.some((course) => course._id === courseId);

export const selectCreatedCourse = (
  state: CoursesRootState,
  courseId: string,
): CreatedCourse | undefined =>
  selectCourses(state).createdCourses.find((course) => course._id === courseId);
