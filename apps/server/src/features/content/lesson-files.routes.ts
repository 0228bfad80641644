/** A lesson's files and video: uploads, downloads by bearer header or signed link, removal. */
import { z } from 'zod';
import { messages } from '@urok/contract';
import {
  attachmentResponseSchema,
  errorBodySchema,
  lessonResponseSchema,
} from '@urok/contract/schemas';
import type { User } from '@urok/contract';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.ts';
import { AppError } from '../../app-error.ts';
import type { MediaKind } from '../../lib/media-urls.ts';
import { sendStoredFile } from '../../lib/ranged-file.ts';
import { findUserById, toUser } from '../auth/auth.service.ts';
import { readMultipartForm, withUploadCleanup } from '../../lib/uploads.ts';
import { bearerSecurity, getCurrentUser } from '../../plugins/auth.ts';
import { binarySchema } from '../../plugins/docs.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { withMultipart } from '../../plugins/multipart.ts';
import {
  addAttachment,
  assertCanAttach,
  attachmentUploadRule,
  findReadableAttachment,
  findReadableVideo,
  getAuthoredLesson,
  lessonFileUploadLimit,
  removeAttachment,
  removeVideo,
  setVideo,
  videoUploadRule,
} from './content.service.ts';
import { idParams, noContent, type ContentHooks } from './route-helpers.ts';

const rangedFile = (description: string) => ({
  description,
  content: { 'application/octet-stream': { schema: binarySchema(description) } },
});
/** A signed media link's query (lib/media-urls.ts); absent when the bearer header is sent. */
const signedLinkQuery = z.object({
  u: z.string().min(1).max(100).optional().describe('Signed link: the user it was made for'),
  exp: z
    .string()
    .regex(/^\d{1,15}$/, { error: messages.mediaLinkInvalid })
    .optional()
    .describe('Signed link: its expiry, in Unix seconds'),
  sig: z.string().min(1).max(200).optional().describe('Signed link: its HMAC'),
});
const unsatisfiable = {
  416: errorBodySchema.describe('The range starts past the end; Content-Range: bytes */size'),
};

export async function lessonFileRoutes(app: AppInstance, hooks: ContentHooks): Promise<void> {
  const { writes, uploads, optionalUser, linksOf } = hooks;

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
    if (!u || !exp || !sig || !app.mediaSigner.verify(kind, id, { u, exp, sig }))
      throw new AppError('FORBIDDEN', messages.mediaLinkInvalid);
    const row = await findUserById(app.db, u);
    // A blocked account's links end with the block, as its sessions do.
    if (!row || Number(row.is_blocked ?? 0) === 1)
      throw new AppError('FORBIDDEN', messages.mediaLinkInvalid);
    return toUser(row);
  };

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
}
