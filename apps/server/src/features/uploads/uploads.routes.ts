/**
 * Resumable uploads (tus 1.0: core, creation, termination, expiration) at
 * /api/uploads, served by @tus/server inside Fastify: each request is
 * handed to it as a web Request (its body the raw stream, which no parser
 * read) and its Response sent back through the reply, so the security
 * headers, the error format, the access log and app.inject all hold.
 */
import { Readable } from 'node:stream';
import { z } from 'zod';
import { messages, UPLOAD_API, type User } from '@urok/contract';
import { uploadResultResponseSchema } from '@urok/contract/schemas';
import { Server, type Upload } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.ts';
import { AppError } from '../../app-error.ts';
import { RATE_LIMITS } from '../../lib/rate-limiter.ts';
import { bearerSecurity, getCurrentUser } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/errors.ts';
import type { MediaLinks } from '../content/content.service.ts';
import { UploadLocker } from './upload-locker.ts';
import type { TusStore } from './tus-store.ts';
import {
  createUpload,
  createUploadId,
  findOwnUpload,
  finishUpload,
  forgetUpload,
  parseUploadMetadata,
  uploadResult,
} from './uploads.service.ts';

const TUS_PATH = `/api/${UPLOAD_API.uploads}`;
const idParams = z.object({ id: z.string().min(1).max(100) });

/** What a tus hook needs of the Fastify request it serves. */
interface TusCall {
  user: User;
  request: FastifyRequest;
  /**
   * A refusal of ours, or a failure that is not tus's own: answered in the API's error format
   * (and a failure logged) rather than tus's plain text with the error's message in it.
   */
  error?: unknown;
}

function tusHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

export async function uploadsRoutes(app: AppInstance, options: { store: TusStore }): Promise<void> {
  const { store } = options;
  const calls = new WeakMap<Request, TusCall>();
  const locker = new UploadLocker(app.db, (key) => store.idOf(key));
  const linksOf =
    (userId: string): MediaLinks =>
    (kind, id) =>
      app.mediaSigner.url(kind, id, userId);

  const callOf = (req: Request): TusCall => {
    const call = calls.get(req);
    if (!call) throw new Error('a tus request without its Fastify request');
    return call;
  };
  /** Runs a hook's work; an AppError is kept for the answer and handed to tus as its status. */
  const refusing = async <T>(req: Request, work: (call: TusCall) => Promise<T>): Promise<T> => {
    const call = callOf(req);
    try {
      return await work(call);
    } catch (error) {
      // Ours (a refusal, or a failure of the database or storage): answered by Fastify's error
      // handler, which logs a failure and never shows its message.
      call.error = error;
      throw error instanceof AppError
        ? { status_code: error.status, body: `${error.message}\n` }
        : { status_code: 500, body: '' };
    }
  };

  // Built at the first tus request: building it makes the store (tus-store.ts).
  let server: Server | undefined;
  const tus = () =>
    (server ??= new Server({
      path: TUS_PATH,
      datastore: store.datastore,
      locker,
      // The key in the store (with the bucket's prefix) and the id in the URL are told apart here.
      namingFunction: () => store.keyOf(createUploadId()),
      generateUrl: (_req, { path, id }) => `${path}/${store.idOf(id) ?? id}`,
      getFileIdFromRequest: (_req, lastPath) =>
        lastPath && /^[A-Za-z0-9_-]{16,64}$/.test(lastPath) ? store.keyOf(lastPath) : undefined,
      // The web app is served from this origin: no other is allowed to call (no CORS header).
      allowedOrigins: [],
      // A finished upload's bytes are gone (they became a file of the app): nothing to terminate.
      disableTerminationForFinishedUploads: true,
      // A failure of the tus store (disk, bucket) reaches here without a status of tus's.
      onResponseError: async (req, error) => {
        if ('status_code' in error) return;
        const call = calls.get(req);
        if (call) call.error ??= error;
        return { status_code: 500, body: '' };
      },
      onIncomingRequest: (req, key) =>
        refusing(req, async ({ user }) => {
          if (req.method === 'POST') return;
          const row = await findOwnUpload(app.db, user._id, store.idOf(key) ?? '');
          // A finished or refused upload has no bytes left to send or ask about.
          if (row.state !== 'open') throw new AppError('NOT_FOUND', messages.uploadNotFound);
        }),
      onUploadCreate: (req, upload) =>
        refusing(req, async ({ user }) => {
          if (upload.sizeIsDeferred || upload.size === undefined)
            throw new AppError('BAD_REQUEST', messages.uploadLengthRequired);
          const spec = parseUploadMetadata(upload.metadata);
          await createUpload(
            app.db,
            app.config,
            user,
            store.idOf(upload.id) ?? upload.id,
            spec,
            upload.size,
            Date.now(),
          );
          return {};
        }),
      onUploadFinish: (req, upload) =>
        refusing(req, async ({ user, request }) => {
          await finishUploadOnce(user, request, store.idOf(upload.id) ?? upload.id);
          return {};
        }),
    }));

  /**
   * Finishes an upload whose bytes have all arrived, under its lock (tus let go of it before this
   * hook): two requests that both see the last byte finish it once. Its bytes go afterwards,
   * whatever it became.
   */
  const finishUploadOnce = async (user: User, request: FastifyRequest, id: string) => {
    const lock = locker.newLock(store.keyOf(id));
    const held = new AbortController();
    await lock.lock(held.signal, () => {});
    try {
      const row = await findOwnUpload(app.db, user._id, id);
      if (row.state !== 'open') return row;
      const closed = await finishUpload(
        {
          db: app.db,
          config: app.config,
          storage: app.storage,
          links: linksOf(user._id),
          announcing: (work) => app.announcing(work),
        },
        user,
        row,
        () => store.read(id),
      );
      await store.remove(id).catch((error: unknown) => {
        request.log.warn({ err: error, upload: id }, 'bytes of a closed upload not removed');
      });
      return closed;
    } finally {
      await lock.unlock();
    }
  };

  /** Hands the request to tus and sends its answer through the reply. */
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    // Only tus's own body is left unread for tus (the parser below); a body of another type was
    // read by Fastify's parsers, and tus refuses the type (415) without it.
    const hasBody =
      (request.method === 'PATCH' || request.method === 'POST') &&
      request.headers['content-type'] === 'application/offset+octet-stream';
    const req = new Request(new URL(request.url, 'http://localhost'), {
      method: request.method,
      headers: tusHeaders(request),
      body: hasBody ? (Readable.toWeb(request.raw) as ReadableStream) : undefined,
      // A streamed body is sent as it comes (half duplex), as Node's fetch requires.
      duplex: 'half',
    });
    calls.set(req, { user: getCurrentUser(request), request });
    const res = await tus().handleWeb(req);
    const call = calls.get(req);
    res.headers.forEach((value, name) => {
      // The reply's own length and type are Fastify's to set; CORS is not offered.
      if (name === 'content-length' || name.startsWith('access-control-')) return;
      void reply.header(name, value);
    });
    if (call?.error) throw call.error;
    // tus's own refusals (a missing Tus-Resumable, a wrong offset, an expired upload) come as
    // plain text: the API answers every refusal as JSON with a message, through the error handler.
    if (res.status >= 400)
      throw Object.assign(new Error((await res.text()).trim()), { statusCode: res.status });
    if (request.method === 'DELETE' && res.status === 204)
      await forgetUpload(app.db, (request.params as { id: string }).id);
    void reply.code(res.status);
    if (res.body === null) return reply.send();
    return reply.send(await res.text());
  };

  // tus's PATCH body (and a POST that carries the first chunk) stays a stream for tus to read.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
    done(null),
  );

  const tusSchema = (summary: string, codes: Parameters<typeof errorResponses>) => ({
    tags: ['uploads'],
    summary,
    security: bearerSecurity,
    response: { ...errorResponses(...codes) },
  });
  const creations = app.rateLimited(RATE_LIMITS.resumableUploadCreatePerUser);
  const requests = app.rateLimited(RATE_LIMITS.resumableUploadRequestPerUser);

  app.post(
    `/${UPLOAD_API.uploads}`,
    {
      onRequest: app.requireUser,
      preHandler: creations,
      schema: tusSchema(
        'Create a resumable upload (tus 1.0 creation): Upload-Length, and Upload-Metadata with purpose (homework: courseId, assignmentId?, comment?; attachment or video: lessonId) and filename; 201 with its Location and Upload-Expires (24 h)',
        [400, 401, 403, 404, 409, 413, 429],
      ),
    },
    handle,
  );
  app.route({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: `/${UPLOAD_API.uploads}/:id`,
    onRequest: app.requireUser,
    preHandler: requests,
    schema: {
      ...tusSchema(
        "An upload's offset (HEAD), its next bytes at Upload-Offset (PATCH, application/offset+octet-stream), or its termination (DELETE); the owner's only, 404 for anyone else",
        [400, 401, 404, 409, 410, 413, 429],
      ),
      params: idParams,
    },
    handler: handle,
  });

  app.get(
    `/${UPLOAD_API.uploads}/:id/result`,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['uploads'],
        summary:
          'What a finished upload became ({homework}, {attachment} or {lesson}); 409 with the message when it was refused or is not finished; 404 for anyone but its owner',
        security: bearerSecurity,
        params: idParams,
        response: {
          200: uploadResultResponseSchema.describe('The submission, attachment or lesson'),
          ...errorResponses(400, 401, 404, 409),
        },
      },
    },
    async (request) => {
      const user = getCurrentUser(request);
      let row = await findOwnUpload(app.db, user._id, request.params.id);
      if (row.state === 'open') {
        // Every byte came but finishing failed (the store, the database): finish it now.
        const upload: Upload | undefined = await store.datastore
          .getUpload(store.keyOf(row.id))
          .catch(() => undefined);
        if (upload && upload.size !== undefined && upload.offset === upload.size)
          row = await finishUploadOnce(user, request, row.id);
      }
      return uploadResult(app.db, user, row, linksOf(user._id));
    },
  );
}
