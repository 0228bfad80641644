import { z } from 'zod';
import { CONTENT_LIMITS, messages } from '@urok/contract';
import {
  attachmentResponseSchema,
  createLessonBodySchema,
  errorBodySchema,
  lessonResponseSchema,
  outlineBodySchema,
  outlineSchema,
  progressResponseSchema,
  sectionBodySchema,
  sectionResponseSchema,
  updateLessonBodySchema,
} from '@urok/contract/schemas';
import type { User } from '@urok/contract';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.ts';
import { AppError } from '../../app-error.ts';
import { answerFromCache, sendCachedJson } from '../../lib/cached-json.ts';
import type { MediaKind } from '../../lib/media-urls.ts';
import { sendStoredFile } from '../../lib/ranged-file.ts';
import { findUserById } from '../auth/auth.repository.ts';
import { toUser } from '../auth/auth.service.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { readMultipartForm, withUploadCleanup } from '../../lib/uploads.ts';
import { bearerSecurity, getCurrentUser } from '../../plugins/auth.ts';
import { binarySchema } from '../../plugins/docs.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { withMultipart } from '../../plugins/multipart.ts';
import {
  addAttachment,
  assertCanAttach,
  attachmentUploadRule,
  createLesson,
  createSection,
  findReadableAttachment,
  findReadableVideo,
  getAuthoredLesson,
  getOutline,
  getProgress,
  readLesson,
  removeAttachment,
  removeLesson,
  removeSection,
  removeVideo,
  renameSection,
  reorderOutline,
  setCompletion,
  setVideo,
  updateLesson,
  videoUploadRule,
  lessonFileUploadLimit,
  type MediaLinks,
} from './content.service.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });
const noContent = z.null().describe('Done');
/** A lesson body: its document (≤ 200 KB) and a few short fields. */
const LESSON_BODY_LIMIT = CONTENT_LIMITS.documentBytes + 56 * 1024;

const rangedFile = (description: string) => ({
  description,
  content: { 'application/octet-stream': { schema: binarySchema(description) } },
});
/** A signed media link's query (lib/media-urls.ts); absent when the bearer header is sent. */
const signedLinkQuery = z.object({
  u: z.string().min(1).max(100).optional().describe('Signed link: the user it was made for'),
  exp: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional()
    .describe('Signed link: its expiry, in Unix seconds'),
  sig: z.string().min(1).max(200).optional().describe('Signed link: its HMAC'),
});
/**
 * Read-cache keys of the two reads a student makes most (lib/read-cache.ts): each answer is the
 * asker's own — their completion ticks, their signed links — and depends on their role (an
 * author sees drafts), so the key holds the user and the role as the session found them now.
 */
const viewerKey = (request: FastifyRequest) =>
  request.user
    ? `${request.user._id}:${request.user.isAdmin ? 'teacher' : 'student'}`
    : 'anonymous';
const outlineKey = (request: FastifyRequest) => `outline:${viewerKey(request)}:${request.url}`;
/**
 * A lesson's answer carries media links signed for MEDIA_URL_TTL_SECONDS (4 h): the key also
 * holds the hour, so a kept answer is at most an hour old and its links have 3 h left.
 */
const lessonKey = (request: FastifyRequest) =>
  `lesson:${viewerKey(request)}:${Math.floor(Date.now() / 3_600_000)}:${request.url}`;
const unsatisfiable = {
  416: errorBodySchema.describe('The range starts past the end; Content-Range: bytes */size'),
};

export async function contentRoutes(app: AppInstance): Promise<void> {
  /** preValidation: counts every call of a signed-in user, a refused body included. */
  const writes = app.rateLimited(RATE_LIMITS.contentWritePerUser);
  const uploads = app.rateLimited(RATE_LIMITS.contentUploadPerUser);
  const completions = app.rateLimited(RATE_LIMITS.lessonCompletionPerUser);
  /** A lesson body over the limit is refused from its Content-Length, before a byte is parsed. */
  const lessonBodySize = async (request: FastifyRequest) => {
    if (Number(request.headers['content-length'] ?? 0) > LESSON_BODY_LIMIT)
      throw new AppError('PAYLOAD_TOO_LARGE', messages.documentTooLarge);
  };
  const optionalUser = async (request: FastifyRequest) => {
    if (request.headers.authorization !== undefined) await app.authenticateRequest(request);
  };
  /** The signed-in user's links to the files of the lessons they are shown. */
  const linksOf = (request: FastifyRequest): MediaLinks => {
    const userId = getCurrentUser(request)._id;
    return (kind, id) => app.mediaSigner.url(kind, id, userId);
  };
  /**
   * Who reads a file: the bearer header's user, else the user a valid, unexpired signed link was
   * made for (401 with neither, 403 for a bad link). The caller still checks that this user may
   * read the file now.
   */
  const mediaReader = async (
    request: FastifyRequest,
    kind: MediaKind,
    id: string,
    query: z.infer<typeof signedLinkQuery>,
  ): Promise<User> => {
    if (request.user) return request.user;
    const { u, exp, sig } = query;
    if (u === undefined && exp === undefined && sig === undefined)
      throw new AppError('UNAUTHORIZED', messages.tokenNotFound);
    if (!u || !exp || !sig || !app.mediaSigner.verify(kind, id, { u, exp: Number(exp), sig }))
      throw new AppError('FORBIDDEN', messages.mediaLinkInvalid);
    const row = await findUserById(app.db, u);
    if (!row) throw new AppError('FORBIDDEN', messages.mediaLinkInvalid);
    return toUser(row);
  };

  // ---------------------------------------------------------------- outline and sections

  app.get(
    '/courses/:id/outline',
    {
      onRequest: [optionalUser, answerFromCache(app.readCache, outlineKey)],
      schema: {
        tags: ['content'],
        summary:
          "A course's sections and items in order. The author sees drafts; others only published items, in the sections that hold one; `completed` is the asking enrolled student's",
        security: [...bearerSecurity, {}],
        params: idParams,
        response: {
          200: outlineSchema.describe('The outline'),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) =>
      sendCachedJson(request, reply, app.readCache, outlineKey(request), outlineSchema, () =>
        getOutline(app.db, request.user, request.params.id),
      ),
  );

  app.put(
    '/courses/:id/outline',
    {
      onRequest: app.requireUser,
      preValidation: writes,
      schema: {
        tags: ['content'],
        summary:
          'Reorder sections and move items between them (the author); the body names exactly every section and item of the course',
        security: bearerSecurity,
        params: idParams,
        body: outlineBodySchema,
        response: {
          200: outlineSchema.describe('The new outline, as the author sees it'),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) =>
      reorderOutline(app.db, getCurrentUser(request), request.params.id, request.body),
  );

  app.post(
    '/courses/:id/sections',
    {
      onRequest: app.requireUser,
      preValidation: writes,
      schema: {
        tags: ['content'],
        summary: 'Add a section at the end of the course (the author)',
        security: bearerSecurity,
        params: idParams,
        body: sectionBodySchema,
        response: {
          201: sectionResponseSchema.describe('The new section'),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const section = await createSection(
        app.db,
        getCurrentUser(request),
        request.params.id,
        request.body.title,
      );
      return reply.code(201).send({ section });
    },
  );

  app.put(
    '/sections/:id',
    {
      onRequest: app.requireUser,
      preValidation: writes,
      schema: {
        tags: ['content'],
        summary: 'Rename a section (the author)',
        security: bearerSecurity,
        params: idParams,
        body: sectionBodySchema,
        response: {
          200: sectionResponseSchema.describe('The section'),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => ({
      section: await renameSection(
        app.db,
        getCurrentUser(request),
        request.params.id,
        request.body.title,
      ),
    }),
  );

  app.delete(
    '/sections/:id',
    {
      onRequest: app.requireUser,
      preValidation: writes,
      schema: {
        tags: ['content'],
        summary: 'Delete an empty section (the author); 409 while it holds items',
        security: bearerSecurity,
        params: idParams,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await removeSection(app.db, getCurrentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // ---------------------------------------------------------------- lessons

  app.post(
    '/courses/:id/lessons',
    {
      onRequest: app.requireUser,
      preParsing: lessonBodySize,
      preValidation: writes,
      bodyLimit: LESSON_BODY_LIMIT,
      schema: {
        tags: ['content'],
        summary:
          'Add a lesson at the end of a section (the author); a draft unless `published`. Images cannot be in a new lesson: add its files first',
        security: bearerSecurity,
        params: idParams,
        body: createLessonBodySchema,
        response: {
          201: lessonResponseSchema.describe('The new lesson'),
          ...errorResponses(400, 401, 403, 404, 409, 413, 429),
        },
      },
    },
    async (request, reply) => {
      const lesson = await app.announcing((announcement) =>
        createLesson(
          app.db,
          getCurrentUser(request),
          request.params.id,
          request.body,
          linksOf(request),
          announcement,
        ),
      );
      return reply.code(201).send({ lesson });
    },
  );

  app.get(
    '/lessons/:id',
    {
      onRequest: [app.requireUser, answerFromCache(app.readCache, lessonKey)],
      schema: {
        tags: ['content'],
        summary:
          'A lesson: for its author, or for an enrolled student when published (a draft is 404 to them)',
        security: bearerSecurity,
        params: idParams,
        response: {
          200: lessonResponseSchema.describe('The lesson'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) =>
      sendCachedJson(
        request,
        reply,
        app.readCache,
        lessonKey(request),
        lessonResponseSchema,
        async () => ({
          lesson: await readLesson(
            app.db,
            getCurrentUser(request),
            request.params.id,
            linksOf(request),
          ),
        }),
      ),
  );

  app.put(
    '/lessons/:id',
    {
      onRequest: app.requireUser,
      preParsing: lessonBodySize,
      preValidation: writes,
      bodyLimit: LESSON_BODY_LIMIT,
      schema: {
        tags: ['content'],
        summary:
          'Change any of title, body, videoUrl, published, sectionId (the author); a new section puts the lesson at its end',
        security: bearerSecurity,
        params: idParams,
        body: updateLessonBodySchema,
        response: {
          200: lessonResponseSchema.describe('The lesson'),
          ...errorResponses(400, 401, 403, 404, 413, 429),
        },
      },
    },
    async (request) => ({
      lesson: await app.announcing((announcement) =>
        updateLesson(
          app.db,
          getCurrentUser(request),
          request.params.id,
          request.body,
          linksOf(request),
          announcement,
        ),
      ),
    }),
  );

  app.delete(
    '/lessons/:id',
    {
      onRequest: app.requireUser,
      preValidation: writes,
      schema: {
        tags: ['content'],
        summary: 'Delete a lesson with its files, video and completions (the author)',
        security: bearerSecurity,
        params: idParams,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await removeLesson(app.db, app.storage, getCurrentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // ---------------------------------------------------------------- files and video

  const attachmentRule = attachmentUploadRule();
  const videoRule = videoUploadRule(app.config.videoMaxBytes);

  await withMultipart(app, (scope) => {
    scope.post(
      '/lessons/:id/attachments',
      {
        onRequest: app.requireUser,
        preValidation: uploads,
        config: {
          multipartBody: z.object({
            file: binarySchema(
              'PDF, DOC, DOCX, ODT, TXT, RTF, ZIP, JPEG, PNG or WebP, up to 50 MB, checked from its bytes',
            ),
          }),
        },
        schema: {
          tags: ['content'],
          summary:
            'Attach a file to a lesson (the author); an image of the lesson text is one of these',
          security: bearerSecurity,
          params: idParams,
          response: {
            201: attachmentResponseSchema.describe('The stored file'),
            ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429),
          },
        },
      },
      async (request, reply) => {
        const user = getCurrentUser(request);
        const lessonId = request.params.id;
        // The lesson id is in the path: a caller who may not attach is refused before any byte is read.
        const authorId = await assertCanAttach(app.db, user, lessonId);
        const form = await readMultipartForm(request, app.storage, {
          fields: [],
          file: { field: 'file', rule: attachmentRule },
          // Refused at once when the author has no room left; passing what is left stops the stream.
          beforeFile: () => lessonFileUploadLimit(app.db, app.config.authorQuota, authorId),
        });
        const attachment = await withUploadCleanup(app.storage, form.file, () =>
          addAttachment(
            app.db,
            app.config.authorQuota,
            user,
            lessonId,
            form.file!,
            linksOf(request),
          ),
        );
        return reply.code(201).send({ attachment });
      },
    );

    scope.put(
      '/lessons/:id/video',
      {
        onRequest: app.requireUser,
        preValidation: uploads,
        config: {
          multipartBody: z.object({
            file: binarySchema('MP4 or WebM, up to VIDEO_MAX_MB (1024 MB), checked from its bytes'),
          }),
        },
        schema: {
          tags: ['content'],
          summary: "Upload or replace a lesson's video (the author)",
          security: bearerSecurity,
          params: idParams,
          response: {
            200: lessonResponseSchema.describe('The lesson with its video'),
            ...errorResponses(400, 401, 403, 404, 413, 415, 429),
          },
        },
      },
      async (request) => {
        const user = getCurrentUser(request);
        const lessonId = request.params.id;
        const { author_id: authorId } = await getAuthoredLesson(app.db, user, lessonId);
        const form = await readMultipartForm(request, app.storage, {
          fields: [],
          file: { field: 'file', rule: videoRule },
          // The lesson's current video is replaced, so it does not count against the new one.
          beforeFile: () =>
            lessonFileUploadLimit(app.db, app.config.authorQuota, authorId, lessonId),
        });
        const lesson = await withUploadCleanup(app.storage, form.file, () =>
          setVideo(
            app.db,
            app.storage,
            app.config.authorQuota,
            user,
            lessonId,
            form.file!,
            linksOf(request),
          ),
        );
        return { lesson };
      },
    );
  });

  app.get(
    '/attachments/:id/file',
    {
      onRequest: optionalUser,
      schema: {
        tags: ['content'],
        summary:
          "A lesson file (its author; enrolled students when the lesson is published), with Range support; the bearer header or the attachment's signed `url` (u, exp, sig)",
        security: [...bearerSecurity, {}],
        params: idParams,
        querystring: signedLinkQuery,
        response: {
          200: rangedFile('The file, as an attachment with its original name'),
          206: rangedFile('The range asked for'),
          ...errorResponses(400, 401, 403, 404),
          ...unsatisfiable,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const user = await mediaReader(request, 'attachment', id, request.query);
      const file = await findReadableAttachment(app.db, user, id);
      return sendStoredFile(request, reply, app.storage, file, {
        notFound: messages.attachmentNotFound,
      });
    },
  );

  app.delete(
    '/attachments/:id',
    {
      onRequest: app.requireUser,
      preValidation: writes,
      schema: {
        tags: ['content'],
        summary: 'Remove a lesson file (the author); 409 while the lesson text shows it',
        security: bearerSecurity,
        params: idParams,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await removeAttachment(app.db, app.storage, getCurrentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/lessons/:id/video',
    {
      onRequest: optionalUser,
      schema: {
        tags: ['content'],
        summary:
          "A lesson's video, streamed: 200, or 206 for a Range, so a <video> can seek (its author; enrolled students when published); the bearer header or the video's signed `url` (u, exp, sig)",
        security: [...bearerSecurity, {}],
        params: idParams,
        querystring: signedLinkQuery,
        response: {
          200: rangedFile('The whole video'),
          206: rangedFile('The range asked for'),
          ...errorResponses(400, 401, 403, 404),
          ...unsatisfiable,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const user = await mediaReader(request, 'video', id, request.query);
      const file = await findReadableVideo(app.db, user, id);
      return sendStoredFile(request, reply, app.storage, file, {
        inline: true,
        notFound: messages.videoNotFound,
      });
    },
  );

  app.delete(
    '/lessons/:id/video',
    {
      onRequest: app.requireUser,
      preValidation: writes,
      schema: {
        tags: ['content'],
        summary: "Remove a lesson's video (the author); 204 also when it had none",
        security: bearerSecurity,
        params: idParams,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await removeVideo(app.db, app.storage, getCurrentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // ---------------------------------------------------------------- completion and progress

  for (const [method, done] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/lessons/:id/completion',
      onRequest: app.requireUser,
      preValidation: completions,
      schema: {
        tags: ['content'],
        summary: done
          ? 'Mark a published lesson done (an enrolled student); idempotent'
          : 'Mark a lesson not done (an enrolled student); idempotent',
        security: bearerSecurity,
        params: idParams,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404, 429) },
      },
      handler: async (request, reply) => {
        await setCompletion(app.db, getCurrentUser(request), request.params.id, done);
        return reply.code(204).send(null);
      },
    });
  }

  app.get(
    '/courses/:id/progress',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['content'],
        summary:
          "Progress through the published lessons: an enrolled student's own {completed,total}, or for the author every enrolled student's",
        security: bearerSecurity,
        params: idParams,
        response: {
          200: progressResponseSchema.describe(
            'Student: {completed,total}; author: {total,students:[{_id,username,completed}]}',
          ),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => getProgress(app.db, getCurrentUser(request), request.params.id),
  );
}
