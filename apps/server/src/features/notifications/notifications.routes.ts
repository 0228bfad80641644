import { z } from 'zod';
import fastifySse from '@fastify/sse';
import {
  NOTIFICATIONS_API,
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_LIMITS,
  notificationMailText,
  notificationMessages,
  serverMessages,
  type Language,
} from '@urok/contract';
import {
  markReadBodySchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationPreferencesResponseSchema,
  notificationPreferencesSchema,
  streamLinkResponseSchema,
} from '@urok/contract/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.ts';
import { AppError } from '../../app-error.ts';
import { escapeHtml } from '../../lib/html.ts';
import { speaking, spokenLanguage } from '../../lib/language.ts';
import { bearerSecurity, getCurrentUser } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { liveSessionUser, sessionHashesOf } from '../auth/auth.service.ts';
import {
  accountLanguage,
  listNotifications,
  markNotificationsRead,
  preferencesOf,
  setPreferences,
  unsubscribe,
} from './notifications.service.ts';
import type { StreamLinkQuery } from './notification-streams.ts';

/** The unsubscribe page, in the language being spoken (`speaking`: the account's, else the request's). */
function unsubscribePage(content: string): string {
  return `<!doctype html>
<html lang="${spokenLanguage()}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(serverMessages.unsubscribePageTitle(notificationMailText.unsubscribeTitle))}</title>
<style>body{font-family:sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1f2937}button{font:inherit;padding:.5rem 1rem;cursor:pointer}</style></head>
<body><h1>${escapeHtml(notificationMailText.unsubscribeTitle)}</h1>
${content}
</body></html>
`;
}

/**
 * Notifications (DESIGN section 10): the list with the unread count, marking
 * read, the e-mail preferences, the unsubscribe links, and the live stream
 * (Server-Sent Events; notification-streams.ts) with its signed links.
 */
export async function notificationsRoutes(app: AppInstance): Promise<void> {
  const tags = ['notifications'];

  app.get(
    `/${NOTIFICATIONS_API.list}`,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The caller's notifications, newest first, with the unread count",
        security: bearerSecurity,
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listNotifications(app.db, getCurrentUser(request)._id, request.query),
  );

  app.post(
    `/${NOTIFICATIONS_API.read}`,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Mark these notifications read, or every one when `ids` is absent',
        security: bearerSecurity,
        body: markReadBodySchema,
        response: { 204: z.null().describe('Marked'), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      await markNotificationsRead(app.db, getCurrentUser(request)._id, request.body.ids);
      return reply.code(204).send(null);
    },
  );

  app.get(
    `/${NOTIFICATIONS_API.preferences}`,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Which kinds of notification are e-mailed to the caller',
        security: bearerSecurity,
        response: { 200: notificationPreferencesResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ preferences: await preferencesOf(app.db, getCurrentUser(request)._id) }),
  );

  app.put(
    `/${NOTIFICATIONS_API.preferences}`,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Turn the e-mail of kinds on or off; kinds not named keep their setting',
        security: bearerSecurity,
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      preferences: await setPreferences(app.db, getCurrentUser(request)._id, request.body.email),
    }),
  );

  // The unsubscribe link of each mail: no sign-in, only the signature, and all it can do is turn
  // one kind of mail off for one user. GET asks (a mail program's link preview must not
  // unsubscribe anyone); POST does it, from the page's button or a mail program's one-click
  // (RFC 8058, which posts `List-Unsubscribe=One-Click` form-encoded: read and ignored).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );
  const unsubscribeQuery = z.object({
    u: z.string().max(100).default(''),
    k: z.string().max(100).default(''),
    sig: z.string().max(200).default(''),
  });
  const unsubscribeSchema = {
    tags,
    querystring: unsubscribeQuery,
    // 400 is the page saying the link is not genuine, or the JSON error of a malformed query.
    response: {
      200: z.string().describe('An HTML page'),
      400: z.union([z.string(), errorResponses(400)[400]]).describe('An HTML page, or an error'),
    },
  };
  /**
   * The signed user, kind and the account's language, when the link is genuine and the account
   * still exists. The page then speaks the account's language (DESIGN section 16); a link that is
   * not genuine gets the request's.
   */
  const unsubscribeTarget = async (query: z.infer<typeof unsubscribeQuery>) => {
    const kind = NOTIFICATION_KINDS.find((known) => known === query.k);
    if (!kind || !app.unsubscribeSigner.verify(query.u, kind, query.sig)) return undefined;
    const language = await accountLanguage(app.db, query.u);
    return language ? { userId: query.u, kind, language } : undefined;
  };
  /** The page, its words (`body`) and frame in `language`, which the answer then says it speaks. */
  const page = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: 200 | 400,
    language: Language,
    body: () => string,
  ) => {
    request.language = language;
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
      )
      .send(speaking(language, () => unsubscribePage(body())));
  };
  const invalidPage = (request: FastifyRequest, reply: FastifyReply) =>
    page(
      request,
      reply,
      400,
      request.language,
      () => `<p>${escapeHtml(notificationMailText.unsubscribeInvalid)}</p>`,
    );

  app.get(
    `/${NOTIFICATIONS_API.unsubscribe}`,
    {
      schema: {
        ...unsubscribeSchema,
        summary: 'The link in each mail: a page asking to turn that kind of mail off (no sign-in)',
      },
    },
    async (request, reply) => {
      const target = await unsubscribeTarget(request.query);
      if (!target) return invalidPage(request, reply);
      const action = `${request.url.split('?')[0]}?${new URLSearchParams(request.query).toString()}`;
      return page(request, reply, 200, target.language, () => {
        const label = NOTIFICATION_KIND_LABELS[target.kind];
        return `<p>${escapeHtml(notificationMailText.unsubscribeQuestion(label))}</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(notificationMailText.unsubscribeButton)}</button></form>`;
      });
    },
  );

  app.post(
    `/${NOTIFICATIONS_API.unsubscribe}`,
    {
      schema: {
        ...unsubscribeSchema,
        summary: "Turn one kind of mail off for the signed user (the page's button, or one-click)",
      },
    },
    async (request, reply) => {
      const target = await unsubscribeTarget(request.query);
      if (!target) return invalidPage(request, reply);
      await unsubscribe(app.db, target.userId, target.kind);
      return page(
        request,
        reply,
        200,
        target.language,
        () =>
          `<p>${escapeHtml(notificationMailText.unsubscribeDone(NOTIFICATION_KIND_LABELS[target.kind]))}</p>`,
      );
    },
  );

  // The stream on @fastify/sse: a route with `sse` runs inside Fastify's lifecycle, so the API's
  // hooks and security headers apply to it as to any answer. Keep-alives every streamKeepAliveMs.
  await app.register(fastifySse, { heartbeatInterval: app.config.streamKeepAliveMs });
  app.addHook('preClose', async () => app.notificationStreams.closeAll());

  /**
   * The stream's caller: the bearer header's session, or a signed link's (EventSource
   * cannot send a header). Either way the stream belongs to one session and ends with it.
   */
  const streamCaller = async (request: FastifyRequest) => {
    const query = request.query as StreamLinkQuery;
    if (query.sig === undefined) {
      await app.authenticateRequest(request);
      return;
    }
    const userId = query.u ?? '';
    const tokenHash = app.streamLinkSigner.sessionOf(query, await sessionHashesOf(app.db, userId));
    const user = tokenHash ? await liveSessionUser(app.db, tokenHash, app.config) : undefined;
    if (!tokenHash || !user || user._id !== userId)
      throw new AppError('UNAUTHORIZED', notificationMessages.streamLinkInvalid);
    request.user = user;
    request.sessionTokenHash = tokenHash;
  };

  app.post(
    `/${NOTIFICATIONS_API.streamLink}`,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: `A link that opens the caller's stream without the bearer header (EventSource), for ${NOTIFICATION_LIMITS.streamLinkSeconds} s; the stream it opens ends with this session`,
        security: bearerSecurity,
        response: { 200: streamLinkResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) =>
      app.streamLinkSigner.link(
        getCurrentUser(request)._id,
        request.sessionTokenHash!,
        NOTIFICATION_LIMITS.streamLinkSeconds,
      ),
  );

  app.get(
    `/${NOTIFICATIONS_API.stream}`,
    {
      onRequest: streamCaller,
      sse: { kind: 'only' },
      schema: {
        tags,
        summary:
          'Server-Sent Events: `event: notification` with the JSON of each new one, from whichever process made it; a comment line at least every 25 s. `Last-Event-ID` resumes after that notification. The bearer header, or the query of a signed link (POST notifications/stream-link). An account keeps its newest few streams (one more closes its oldest); an address or a server process with too many open is refused (429). The stream closes when its session ends',
        security: bearerSecurity,
        headers: z.object({ 'last-event-id': z.string().max(100).optional() }),
        querystring: z.object({
          u: z.string().max(100).optional(),
          exp: z.string().max(20).optional(),
          sig: z.string().max(100).optional(),
        }),
        response: { ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      await app.notificationStreams.serve(request, reply, {
        userId: getCurrentUser(request)._id,
        tokenHash: request.sessionTokenHash!,
      });
    },
  );
}
