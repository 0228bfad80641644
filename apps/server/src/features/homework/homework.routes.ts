import { z } from 'zod';
import { API, COURSE_LIMITS, messages, UPLOAD_FIELDS } from '@urok/contract';
import {
  gradeBodySchema,
  homeworkCommentBodySchema,
  homeworkCommentResponseSchema,
  homeworkCommentsResponseSchema,
  regradeBodySchema,
  homeworkFormSchema,
  homeworkListResponseSchema,
  homeworkResponseSchema,
  uploadHomeworkResponseSchema,
  usersWithHomeworkResponseSchema,
} from '@urok/contract/schemas';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.ts';
import { attachmentDisposition } from '../../lib/file-names.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { parseFormFields, readMultipartForm, withUploadCleanup } from '../../lib/uploads.ts';
import { bearerSecurity, getCurrentUser } from '../../plugins/auth.ts';
import { binarySchema } from '../../plugins/docs.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { withMultipart } from '../../plugins/multipart.ts';
import { answerFromCache, sendCachedJson } from '../../lib/cached-json.ts';
import {
  assertEnrolled,
  createGradesCsv,
  createHomeworkArchive,
  deleteOwnHomework,
  findSubmittableAssignment,
  addComment,
  gradeHomework,
  listComments,
  regradeHomework,
  homeworkUploadLimit,
  homeworkUploadRule,
  listOwnHomework,
  listUsersWithHomework,
  openHomeworkFile,
  submitHomework,
} from './homework.service.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });
const courseIdParams = z.object({ courseId: z.string().min(1).max(100) });
const fileResponse = (contentType: string, description: string) => ({
  description,
  content: { [contentType]: { schema: binarySchema(description) } },
});

const uploadForm = z.object({
  courseId: z.string(),
  assignmentId: z
    .string()
    .optional()
    .describe("The course's published assignment handed in for; absent: its default assignment"),
  comment: z.string().optional().describe(`Up to ${COURSE_LIMITS.comment.max} characters`),
  [UPLOAD_FIELDS.homeworkFile]: binarySchema(
    'PDF, DOC, DOCX, ODT, TXT, RTF, ZIP, JPEG, PNG or WebP, up to 20 MB, checked from its bytes',
  ),
});

/** Downloads: never rendered by the browser, never sniffed into another type. */
function attachmentHeaders(fileName: string, contentType: string) {
  return {
    'Content-Type': contentType,
    'Content-Disposition': attachmentDisposition(fileName),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  };
}

/** Read-cache key of the submissions view: only the author's own is ever kept (anyone else gets a 403 inside the load). */
const submissionsKey = (request: FastifyRequest) =>
  `users-with-homework:${getCurrentUser(request)._id}:${request.url}`;

export async function homeworkRoutes(app: AppInstance): Promise<void> {
  const uploadRule = homeworkUploadRule(app.config.homeworkMaxBytes);

  // Multipart bodies are parsed only in this scope: no other route pays for the parser's hooks.
  await withMultipart(app, (uploads) => {
    uploads.post(
      `/${API.uploadHomework}`,
      {
        onRequest: app.requireUser,
        preHandler: app.rateLimited(RATE_LIMITS.homeworkUploadPerUser),
        config: { multipartBody: uploadForm },
        schema: {
          tags: ['homework'],
          summary:
            'Hand in homework for a course one is enrolled in; every upload is a new submission',
          security: bearerSecurity,
          response: {
            201: uploadHomeworkResponseSchema.describe('The stored submission'),
            ...errorResponses(400, 401, 403, 404, 413, 415, 429),
          },
        },
      },
      async (request, reply) => {
        const user = getCurrentUser(request);
        const form = await readMultipartForm(request, app.storage, {
          fields: ['courseId', 'assignmentId', 'comment'],
          file: { field: UPLOAD_FIELDS.homeworkFile, rule: uploadRule },
          // When the course id came first, a caller who may not submit is refused before any byte is
          // stored; a file is refused as soon as it passes what is left of the user's (and, with the
          // course known, the course's) quota.
          beforeFile: async (fields) => {
            const courseId = fields.courseId?.trim() || undefined;
            if (courseId) {
              await assertEnrolled(app.db, user._id, courseId);
              if (fields.assignmentId !== undefined)
                await findSubmittableAssignment(app.db, courseId, fields.assignmentId.trim());
            }
            return homeworkUploadLimit(app.db, app.config.quota, user._id, courseId);
          },
        });
        const homework = await app.announcing((announcement) =>
          withUploadCleanup(app.storage, form.file, () =>
            submitHomework(
              app.db,
              app.config.quota,
              user,
              parseFormFields(homeworkFormSchema, form.fields),
              form.file!,
              announcement,
            ),
          ),
        );
        return reply.code(201).send({ homework, message: messages.homeworkUploaded });
      },
    );
  });

  app.get(
    '/courses/:id/homework',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['homework'],
        summary: "The caller's own submissions to a course, newest first (enrolled students)",
        security: bearerSecurity,
        params: idParams,
        response: {
          200: homeworkListResponseSchema.describe('Own submissions'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      homework: await listOwnHomework(app.db, getCurrentUser(request)._id, request.params.id),
    }),
  );

  app.get(
    '/courses/:courseId/userswithhw',
    {
      onRequest: [app.requireUser, answerFromCache(app.readCache, submissionsKey)],
      schema: {
        tags: ['homework'],
        summary:
          'Enrolled students who submitted homework, each with their submissions (the course author)',
        security: bearerSecurity,
        params: courseIdParams,
        response: {
          200: usersWithHomeworkResponseSchema.describe('Submitters, latest first'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const teacher = getCurrentUser(request);
      const { courseId } = request.params;
      return sendCachedJson(
        request,
        reply,
        app.readCache,
        submissionsKey(request),
        usersWithHomeworkResponseSchema,
        async () => ({ users: await listUsersWithHomework(app.db, teacher, courseId) }),
      );
    },
  );

  app.get(
    '/homework/:id/file',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['homework'],
        summary: 'Download the file of a submission (its submitter or the course author)',
        security: bearerSecurity,
        params: idParams,
        response: {
          200: fileResponse(
            'application/octet-stream',
            'The file, as an attachment with its original name',
          ),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const file = await openHomeworkFile(
        app.db,
        app.storage,
        getCurrentUser(request),
        request.params.id,
      );
      // Text was accepted only as UTF-8, so say so.
      const contentType =
        file.mimeType === 'text/plain' ? 'text/plain; charset=utf-8' : file.mimeType;
      return reply
        .headers({
          ...attachmentHeaders(file.fileName, contentType),
          'Content-Length': String(file.size),
        })
        .send(file.stream);
    },
  );

  app.delete(
    '/homework/:id',
    {
      onRequest: app.requireUser,
      preHandler: app.rateLimited(RATE_LIMITS.homeworkDeletePerUser),
      schema: {
        tags: ['homework'],
        summary:
          'Withdraw an ungraded submission (its submitter only): the row and the file go; a graded one answers 409',
        security: bearerSecurity,
        params: idParams,
        response: {
          204: z.null().describe('Deleted'),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const user = getCurrentUser(request);
      await deleteOwnHomework(app.db, app.storage, user._id, request.params.id, (key, error) =>
        request.log.warn(
          { key, err: error },
          'homework file not removed after its row; the orphan sweep will remove it',
        ),
      );
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/homework/:id/grade',
    {
      onRequest: app.requireUser,
      preValidation: app.rateLimited(RATE_LIMITS.gradeWritePerUser),
      schema: {
        tags: ['homework'],
        summary: 'Grade a submission once (the course author); a graded one answers 409',
        security: bearerSecurity,
        params: idParams,
        body: gradeBodySchema,
        response: {
          200: homeworkResponseSchema.describe('The graded submission'),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request) => ({
      homework: await app.announcing((announcement) =>
        gradeHomework(
          app.db,
          getCurrentUser(request),
          request.params.id,
          request.body,
          announcement,
        ),
      ),
    }),
  );

  app.post(
    '/homework/:id/regrade',
    {
      onRequest: app.requireUser,
      preValidation: app.rateLimited(RATE_LIMITS.gradeWritePerUser),
      schema: {
        tags: ['homework'],
        summary:
          'Change the grade of a graded submission, with a reason (the course author); the earlier grade stays in gradeHistory',
        security: bearerSecurity,
        params: idParams,
        body: regradeBodySchema,
        response: {
          200: homeworkResponseSchema.describe('The regraded submission, with its gradeHistory'),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request) => ({
      homework: await app.announcing((announcement) =>
        regradeHomework(
          app.db,
          getCurrentUser(request),
          request.params.id,
          request.body,
          announcement,
        ),
      ),
    }),
  );

  app.get(
    '/homework/:id/comments',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['homework'],
        summary:
          "A submission's private comment thread, oldest first (its submitter and the course author)",
        security: bearerSecurity,
        params: idParams,
        response: {
          200: homeworkCommentsResponseSchema.describe('The thread'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      comments: await listComments(app.db, getCurrentUser(request), request.params.id),
    }),
  );

  app.post(
    '/homework/:id/comments',
    {
      onRequest: app.requireUser,
      preValidation: app.rateLimited(RATE_LIMITS.homeworkCommentPerUser),
      schema: {
        tags: ['homework'],
        summary: "Add to a submission's private thread (its submitter and the course author)",
        security: bearerSecurity,
        params: idParams,
        body: homeworkCommentBodySchema,
        response: {
          201: homeworkCommentResponseSchema.describe('The new comment'),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const comment = await app.announcing((announcement) =>
        addComment(
          app.db,
          getCurrentUser(request),
          request.params.id,
          request.body.body,
          announcement,
        ),
      );
      return reply.code(201).send({ comment });
    },
  );

  app.get(
    '/courses/:id/homework.zip',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['homework'],
        summary:
          'Every submission of a course as one zip, <student>/<file name> (the course author)',
        security: bearerSecurity,
        params: idParams,
        response: {
          200: fileResponse('application/zip', 'The archive, streamed'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const archive = await createHomeworkArchive(
        app.db,
        app.storage,
        getCurrentUser(request),
        request.params.id,
        (key) => request.log.warn({ key }, 'homework file missing from storage; archived as empty'),
      );
      return reply
        .headers(attachmentHeaders(archive.fileName, 'application/zip'))
        .send(archive.stream);
    },
  );

  app.get(
    '/courses/:id/grades.csv',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['homework'],
        summary: 'Grades of a course as CSV, one row per submission (the course author)',
        security: bearerSecurity,
        params: idParams,
        response: {
          200: fileResponse('text/csv', 'UTF-8 CSV with a byte order mark'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const csv = await createGradesCsv(app.db, getCurrentUser(request), request.params.id);
      return reply
        .headers(attachmentHeaders(csv.fileName, 'text/csv; charset=utf-8'))
        .send(csv.content);
    },
  );
}
