import { z } from 'zod';
import { API, CLASS_API, COURSE_LIMITS, COURSE_VISIBILITIES, UPLOAD_FIELDS } from '@urok/contract';
import {
  addStudentBodySchema,
  courseFieldsSchema,
  joinCodeResponseSchema,
  joinCourseBodySchema,
  courseListQuerySchema,
  courseListResponseSchema,
  courseResponseSchema,
  coursesResponseSchema,
  courseUpdateFieldsSchema,
  createdCoursesResponseSchema,
  updateCourseResponseSchema,
} from '@urok/contract/schemas';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { cachedRead } from '../../lib/cached-json.ts';
import {
  authorScope,
  courseScope,
  enrolmentsScope,
  memberScope,
  rosterScope,
  userScope,
} from '../../lib/read-cache.ts';
import { parseFormFields, readMultipartForm, withUploadCleanup } from '../../lib/uploads.ts';
import { AppError } from '../../app-error.ts';
import { bearerSecurity, getCurrentUser, readBearerToken } from '../../plugins/auth.ts';
import { binarySchema } from '../../plugins/docs.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { withMultipart } from '../../plugins/multipart.ts';
import {
  addStudentByTelephone,
  getAuthoredCourse,
  getJoinCode,
  joinByCode,
  rotateJoinCode,
  coverUploadRule,
  createCourse,
  enrollInCourse,
  getVisibleCourse,
  leaveCourse,
  listCourses,
  listCreatedCourses,
  listEnrolledCourses,
  updateCourse,
  type CourseSetup,
} from './courses.service.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });

const COURSE_TEXT_FIELDS = [
  'title',
  'description',
  'category',
  'homeworkTask',
  'homeworkDueAt',
  'visibility',
] as const;

const visibilityDoc = z
  .enum(COURSE_VISIBILITIES)
  .optional()
  .describe(
    'public (default): the catalog; private: by join code or the author; draft: the author alone',
  );

/** The documented form of course creation (the body is streamed, see plugins/multipart.ts). */
const createCourseForm = z.object({
  title: z.string().describe(`${COURSE_LIMITS.title.min}–${COURSE_LIMITS.title.max} characters`),
  description: z
    .string()
    .describe(`${COURSE_LIMITS.description.min}–${COURSE_LIMITS.description.max} characters`),
  category: z
    .string()
    .describe(`${COURSE_LIMITS.category.min}–${COURSE_LIMITS.category.max} characters`),
  homeworkTask: z
    .string()
    .optional()
    .describe(`Up to ${COURSE_LIMITS.homeworkTask.max} characters`),
  homeworkDueAt: z
    .string()
    .optional()
    .describe('ISO 8601 date-time with a zone; empty for no deadline'),
  visibility: visibilityDoc,
  [UPLOAD_FIELDS.cover]: binarySchema(
    'JPEG, PNG or WebP, up to 5 MB, checked from its bytes',
  ).optional(),
});

const updateCourseForm = z.object({
  courseId: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  category: z.string().optional(),
  homeworkTask: z.string().optional(),
  homeworkDueAt: z.string().optional().describe("ISO 8601 date-time; '' removes the deadline"),
  removeCover: z
    .enum(['true', 'false'])
    .optional()
    .describe('true drops the cover (when no new one is sent)'),
  visibility: visibilityDoc.describe(
    'A course with students cannot become a draft (409): make it private instead',
  ),
  [UPLOAD_FIELDS.cover]: binarySchema(
    'A new cover: replaces the old one, whose file is deleted',
  ).optional(),
});

/** `setup`: what a new course and its homework fields do in content and assignments (course-setup.ts). */
export async function coursesRoutes(
  app: AppInstance,
  options: { setup: CourseSetup },
): Promise<void> {
  /**
   * onRequest of a public route: its asker in request.user when their session is live; a missing
   * or dead token reads as anonymous (request.user stays null).
   */
  const optionalSession = async (request: FastifyRequest): Promise<void> => {
    if (!readBearerToken(request)) return;
    try {
      await app.authenticateRequest(request);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'UNAUTHORIZED')) throw error;
    }
  };

  // Cached reads (lib/cached-json.ts): the key is the whole URL, and the asker where the answer
  // is theirs alone; the rest is what in the database each answer shows.
  const catalog = cachedRead<z.infer<typeof courseListResponseSchema>>(app.readCache, {
    name: 'courses',
    key: (request) => request.url,
    // Which courses are listed and their rows, their authors' names; then each listed course's
    // count of students (its roster: the courses table's version leaves the count out).
    before: () => ['courses', 'users'],
    after: (value) => value.courses.map((course) => rosterScope(course._id)),
  });
  const created = cachedRead<z.infer<typeof createdCoursesResponseSchema>>(app.readCache, {
    name: 'created-courses',
    key: (request) => getCurrentUser(request)._id,
    // The author's courses, and the author's own name; then each course's count of students.
    before: (request) => [
      authorScope(getCurrentUser(request)._id),
      userScope(getCurrentUser(request)._id),
    ],
    after: (value) => value.createdCourses.map((course) => rosterScope(course._id)),
  });
  // Only the asker's own list is ever kept (anyone else gets a 403), and the key says whose it is.
  const enrolled = cachedRead<z.infer<typeof coursesResponseSchema>>(app.readCache, {
    name: 'enrolled-courses',
    key: (request) => `${getCurrentUser(request)._id}:${request.url}`,
    // The asker's enrolments, then each course shown, its count of students and its author's name.
    before: (request) => [enrolmentsScope(getCurrentUser(request)._id)],
    after: (value) =>
      value.courses.flatMap((course) => [
        courseScope(course._id),
        rosterScope(course._id),
        userScope(course.author._id),
      ]),
  });

  // One course's page. Anyone may read a listed course, and its answer is the same for all; a
  // course not listed is shown only to its author, an operator or (unless a draft) an enrolled
  // student. So the key holds the asker (`anonymous` without a live session), the answer is
  // made for that asker alone, and it depends on their account (their role) and enrolment.
  const coursePage = cachedRead<z.infer<typeof courseResponseSchema>>(app.readCache, {
    name: 'course',
    // The id, not the URL: a made-up query string is not another answer to keep.
    key: (request) =>
      `${request.user?._id ?? 'anonymous'}:${(request.params as { id: string }).id}`,
    // The course's row and its count of students; the asker's account and enrolment; then the
    // author's name.
    before: (request) => {
      const { id } = request.params as { id: string };
      const asker = request.user?._id;
      return [
        courseScope(id),
        rosterScope(id),
        ...(asker === undefined ? [] : [userScope(asker), memberScope(asker, id)]),
      ];
    },
    after: (value) => [userScope(value.course.author._id)],
  });

  const coverRule = coverUploadRule(app.config.coverMaxBytes);
  /** Enrolling and leaving: one budget per account (after the sign-in check). */
  const enrollments = app.rateLimited(RATE_LIMITS.enrollmentPerUser);

  app.get(
    `/${API.courses}`,
    {
      onRequest: catalog.answerFromCache,
      schema: {
        tags: ['courses'],
        summary:
          'Courses, newest first, paged by cursor; `q` searches title, description and category',
        querystring: courseListQuerySchema,
        response: {
          200: courseListResponseSchema.describe('One page; nextCursor is null on the last'),
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) =>
      catalog.send(request, reply, courseListResponseSchema, () =>
        listCourses(app.db, request.query),
      ),
  );

  app.get(
    '/courses/:id',
    {
      onRequest: [optionalSession, coursePage.answerFromCache],
      schema: {
        tags: ['courses'],
        summary: 'One course',
        params: idParams,
        response: { 200: courseResponseSchema.describe('The course'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) =>
      coursePage.send(request, reply, courseResponseSchema, async () => ({
        // The asker the key names, never another: a kept answer is that asker's alone.
        course: await getVisibleCourse(app.db, request.params.id, async () => request.user ?? null),
      })),
  );

  // Multipart bodies are parsed only in this scope: no other route pays for the parser's hooks.
  await withMultipart(app, (uploads) => {
    for (const [path, summary] of [
      [API.createCourse, 'Create a course (teachers); the specification’s spelling of the path'],
      [API.courses, 'Create a course (teachers); the correctly spelled alias'],
    ] as const) {
      uploads.post(
        `/${path}`,
        {
          onRequest: app.requireTeacher,
          preHandler: app.rateLimited(RATE_LIMITS.courseWritePerUser),
          config: { multipartBody: createCourseForm },
          schema: {
            tags: ['courses'],
            summary,
            security: bearerSecurity,
            response: {
              201: courseResponseSchema.describe('The new course'),
              ...errorResponses(400, 401, 403, 413, 415, 429),
            },
          },
        },
        async (request, reply) => {
          const user = getCurrentUser(request);
          const form = await readMultipartForm(request, app.storage, {
            fields: COURSE_TEXT_FIELDS,
            file: { field: UPLOAD_FIELDS.cover, rule: coverRule, optional: true },
          });
          const course = await withUploadCleanup(app.storage, form.file, () => {
            const { visibility, ...input } = parseFormFields(courseFieldsSchema, form.fields);
            return createCourse(app.db, options.setup, user._id, input, form.file, visibility);
          });
          return reply.code(201).send({ course });
        },
      );
    }

    uploads.put(
      `/${API.updateCourse}`,
      {
        onRequest: app.requireUser,
        preHandler: app.rateLimited(RATE_LIMITS.courseWritePerUser),
        config: { multipartBody: updateCourseForm },
        schema: {
          tags: ['courses'],
          summary: 'Update a course (its author); fields not sent keep their value',
          security: bearerSecurity,
          response: {
            200: updateCourseResponseSchema.describe("The course, and all of the author's courses"),
            ...errorResponses(400, 401, 403, 404, 413, 415, 429),
          },
        },
      },
      async (request) => {
        const user = getCurrentUser(request);
        const form = await readMultipartForm(request, app.storage, {
          fields: ['courseId', ...COURSE_TEXT_FIELDS, 'removeCover'],
          file: { field: UPLOAD_FIELDS.cover, rule: coverRule, optional: true },
          // When the course id came first, a non-author is refused before a cover is stored.
          beforeFile: async (fields) => {
            if (fields.courseId) await getAuthoredCourse(app.db, user, fields.courseId.trim());
          },
        });
        return withUploadCleanup(app.storage, form.file, () =>
          updateCourse(
            app.db,
            app.storage,
            options.setup,
            user,
            parseFormFields(courseUpdateFieldsSchema, form.fields),
            form.file,
          ),
        );
      },
    );
  });

  app.get(
    `/${API.createdCourses}`,
    {
      onRequest: [app.requireTeacher, created.answerFromCache],
      schema: {
        tags: ['courses'],
        summary: "The signed-in teacher's own courses, newest first",
        security: bearerSecurity,
        response: {
          200: createdCoursesResponseSchema.describe('Courses this teacher wrote'),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request, reply) => {
      const teacherId = getCurrentUser(request)._id;
      return created.send(request, reply, createdCoursesResponseSchema, async () => ({
        createdCourses: await listCreatedCourses(app.db, teacherId),
      }));
    },
  );

  app.post(
    '/courses/:id/enroll',
    {
      onRequest: app.requireUser,
      preHandler: enrollments,
      schema: {
        tags: ['courses'],
        summary:
          'Enrol in a course (idempotent); 403 for the author, and for a private or draft course',
        security: bearerSecurity,
        params: idParams,
        response: {
          200: courseResponseSchema.describe('The course with its new enrolledCount'),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => ({
      course: await enrollInCourse(app.db, getCurrentUser(request), request.params.id),
    }),
  );

  // ---- classes (DESIGN section 17) ----
  app.get(
    '/courses/:id/join-code',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['courses'],
        summary: "The course's join code and link (its author); made on the first ask",
        security: bearerSecurity,
        params: idParams,
        response: {
          200: joinCodeResponseSchema.describe('The code and the /join/{code} link'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      getJoinCode(app.db, getCurrentUser(request), request.params.id, app.config.publicUrl),
  );

  app.post(
    '/courses/:id/join-code',
    {
      onRequest: app.requireUser,
      preHandler: app.rateLimited(RATE_LIMITS.courseWritePerUser),
      schema: {
        tags: ['courses'],
        summary: 'A new join code (its author): the old code and link stop working at once',
        security: bearerSecurity,
        params: idParams,
        response: {
          201: joinCodeResponseSchema.describe('The new code and link'),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await rotateJoinCode(
            app.db,
            getCurrentUser(request),
            request.params.id,
            app.config.publicUrl,
          ),
        ),
  );

  app.post(
    `/${CLASS_API.joinCourse}`,
    {
      onRequest: app.requireUser,
      preHandler: app.rateLimited(RATE_LIMITS.joinCoursePerUser),
      schema: {
        tags: ['courses'],
        summary:
          "Join a course by its code (idempotent); case, spaces and dashes don't matter; 409 for a draft",
        security: bearerSecurity,
        body: joinCourseBodySchema,
        response: {
          200: courseResponseSchema.describe('The course joined'),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request) => ({
      course: await joinByCode(app.db, getCurrentUser(request), request.body.code),
    }),
  );

  app.post(
    '/courses/:id/students',
    {
      onRequest: app.requireUser,
      preHandler: app.rateLimited(RATE_LIMITS.addStudentPerUser),
      schema: {
        tags: ['courses'],
        summary:
          'Enrol the account of a telephone (the author; idempotent); 404 when no account has it',
        security: bearerSecurity,
        params: idParams,
        body: addStudentBodySchema,
        response: {
          200: courseResponseSchema.describe('The course with its new enrolledCount'),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request) => ({
      course: await addStudentByTelephone(
        app.db,
        getCurrentUser(request),
        request.params.id,
        request.body.telephone,
      ),
    }),
  );
  // ---- end of classes section ----

  app.delete(
    '/courses/:id/enroll',
    {
      onRequest: app.requireUser,
      preHandler: enrollments,
      schema: {
        tags: ['courses'],
        summary:
          'Leave a course (idempotent: 204 also when not enrolled); submitted homework is kept',
        security: bearerSecurity,
        params: idParams,
        response: {
          204: z.null().describe('Not enrolled (any more)'),
          ...errorResponses(400, 401, 404, 429),
        },
      },
    },
    async (request, reply) => {
      await leaveCourse(app.db, getCurrentUser(request)._id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/user/:id/courses',
    {
      onRequest: [app.requireUser, enrolled.answerFromCache],
      schema: {
        tags: ['courses'],
        summary: 'The courses a user is enrolled in, the latest enrolment first (that user only)',
        security: bearerSecurity,
        params: idParams,
        response: {
          200: coursesResponseSchema.describe('Enrolled courses'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const user = getCurrentUser(request);
      const userId = request.params.id;
      return enrolled.send(request, reply, coursesResponseSchema, async () => ({
        courses: await listEnrolledCourses(app.db, user, userId),
      }));
    },
  );
}
