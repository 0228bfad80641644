import { z } from 'zod';
import { API, COURSE_LIMITS, messages, UPLOAD_FIELDS } from '@urok/contract';
import type { User } from '@urok/contract';
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
import { AppError } from '../../app-error.ts';
import { attachmentDisposition } from '../../lib/file-names.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { parseFormFields, readMultipartForm, withUploadCleanup } from '../../lib/uploads.ts';
import { bearerSecurity, getCurrentUser } from '../../plugins/auth.ts';
import { findUserById, toUser } from '../auth/auth.service.ts';
import { binarySchema } from '../../plugins/docs.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { withMultipart } from '../../plugins/multipart.ts';
import { cachedRead } from '../../lib/cached-json.ts';
import { courseScope, rosterScope, workScope } from '../../lib/read-cache.ts';
import {
  assertEnrolled,
  createGradesCsv,
  createHomeworkArchive,
  deleteOwnHomework,
  findSubmittableAssignment,
  addComment,
  assertHomeworkFileReadable,
  gradeHomework,
  listComments,
  regradeHomework,
  homeworkUploadLimit,
  homeworkUploadRule,
  listOwnHomework,
  usersWithHomeworkJson,
  openHomeworkFile,
  submitHomework,
} from './homework.service.ts';
import { inLanguage } from '../../lib/language.ts';

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

/**
 * The types a page may show in place (`inline=1`): a PDF in a frame, an image,
 * text. Every other type is an attachment whatever is asked.
 */
const PREVIEWABLE_TYPES = new Set([
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'text/plain',
]);

/**
 * An inline answer, for the grading page's preview: shown in place, framed
 * only by this origin's pages, and still allowed to load or run nothing.
 */
function inlineHeaders(fileName: string, contentType: string) {
  return {
    ...attachmentHeaders(fileName, contentType),
    'Content-Disposition': attachmentDisposition(fileName).replace(/^attachment/, 'inline'),
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'self'",
    'X-Frame-Options': 'SAMEORIGIN',
  };
}

/** A file's query: a signed link (lib/media-urls.ts) when no bearer header is sent, and whether to show it in place. */
const fileQuery = z.object({
  u: z.string().min(1).max(100).optional().describe('Signed link: the user it was made for'),
  exp: z
    .string()
    .regex(/^\d{1,15}$/, { error: messages.homeworkLinkInvalid })
    .optional()
    .describe('Signed link: its expiry, in Unix seconds'),
  sig: z.string().min(1).max(200).optional().describe('Signed link: its HMAC'),
  inline: z
    .enum(['1'])
    .optional()
    .describe(
      '1: a PDF, JPEG, PNG, WebP or text file is sent inline (framable by this origin) to be previewed; other types stay attachments',
    ),
});

export async function homeworkRoutes(app: AppInstance): Promise<void> {
  const uploadRule = homeworkUploadRule(app.config.homeworkMaxBytes);
  // Cached read (lib/cached-json.ts): only the author's own view is ever kept (anyone else gets a
  // 403 inside the load), and the key says whose it is.
  const submissions = cachedRead<z.infer<typeof usersWithHomeworkResponseSchema>>(app.readCache, {
    name: 'users-with-homework',
    key: (request) => `${getCurrentUser(request)._id}:${request.url}`,
    // The course's enrolments, submissions and assignments; the students' names.
    before: (request) => {
      const { courseId } = request.params as { courseId: string };
      return [courseScope(courseId), rosterScope(courseId), workScope(courseId), 'users'];
    },
  });

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
        return reply
          .code(201)
          .send({ homework, message: inLanguage(request.language, messages.homeworkUploaded) });
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
      onRequest: [app.requireUser, submissions.answerFromCache],
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
      return submissions.send(request, reply, usersWithHomeworkResponseSchema, () =>
        usersWithHomeworkJson(app.db, app.readCache, teacher, courseId),
      );
    },
  );

  /**
   * Who reads a submission's file: the bearer header's user, else the user a valid, unexpired
   * signed link was made for (401 with neither, 403 for a bad link or a blocked account). The
   * service still checks that this user may read the file now.
   */
  const fileReader = async (
    request: FastifyRequest,
    id: string,
    query: z.infer<typeof fileQuery>,
  ): Promise<User> => {
    if (request.headers.authorization !== undefined) return app.authenticateRequest(request);
    const { u, exp, sig } = query;
    if (u === undefined && exp === undefined && sig === undefined)
      throw new AppError('UNAUTHORIZED', messages.tokenNotFound);
    if (!u || !exp || !sig || !app.mediaSigner.verify('homework', id, { u, exp, sig }))
      throw new AppError('FORBIDDEN', messages.homeworkLinkInvalid);
    const row = await findUserById(app.db, u);
    if (!row || Number(row.is_blocked ?? 0) === 1)
      throw new AppError('FORBIDDEN', messages.homeworkLinkInvalid);
    return toUser(row);
  };

  app.get(
    '/homework/:id/file-link',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['homework'],
        summary:
          "The caller's signed link to a submission's file (its submitter or the course author), for a preview in the page (<iframe>, <img>), which cannot send the bearer header; works a few hours",
        security: bearerSecurity,
        params: idParams,
        response: {
          200: z
            .object({ url: z.string().describe('GET homework/{id}/file with u, exp and sig') })
            .describe('The signed link'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const user = getCurrentUser(request);
      await assertHomeworkFileReadable(app.db, user, request.params.id);
      return { url: app.mediaSigner.url('homework', request.params.id, user._id) };
    },
  );

  app.get(
    '/homework/:id/file',
    {
      schema: {
        tags: ['homework'],
        summary:
          'Download the file of a submission (its submitter or the course author): the bearer header or its signed link (u, exp, sig, from GET homework/{id}/file-link); `inline=1` previews a PDF, image or text in place',
        security: [...bearerSecurity, {}],
        params: idParams,
        querystring: fileQuery,
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
      const { id } = request.params;
      const user = await fileReader(request, id, request.query);
      const file = await openHomeworkFile(app.db, app.storage, user, id);
      // Text was accepted only as UTF-8, so say so.
      const contentType =
        file.mimeType === 'text/plain' ? 'text/plain; charset=utf-8' : file.mimeType;
      const inline = request.query.inline === '1' && PREVIEWABLE_TYPES.has(file.mimeType);
      return reply
        .headers({
          ...(inline
            ? inlineHeaders(file.fileName, contentType)
            : attachmentHeaders(file.fileName, contentType)),
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
        request.language,
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
      const csv = await createGradesCsv(
        app.db,
        getCurrentUser(request),
        request.params.id,
        request.language,
      );
      return reply
        .headers(attachmentHeaders(csv.fileName, 'text/csv; charset=utf-8'))
        .send(csv.content);
    },
  );
}
