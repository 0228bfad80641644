import type { Socket } from 'node:net';
import { z } from 'zod';
import {
  NOTIFICATIONS_API,
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_LIMITS,
  notificationMailText,
  type NotificationKind,
} from '@urok/contract';
import {
  markReadBodySchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationPreferencesResponseSchema,
  notificationPreferencesSchema,
  type Notification,
} from '@urok/contract/schemas';
import type { FastifyReply } from 'fastify';
import type { AppInstance } from '../../app.ts';
import { coalesced } from '../../lib/coalesced.ts';
import { escapeHtml } from '../../lib/mail-queue.ts';
import type { Db } from '../../db/database.ts';
import type { NotificationsTable } from '../../db/database.ts';
import { bearerSecurity, getCurrentUser } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/errors.ts';

function unsubscribePage(content: string): string {
  return `<!doctype html>
<html lang="uk"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(notificationMailText.unsubscribeTitle)} — Урок</title>
<style>body{font-family:sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1f2937}button{font:inherit;padding:.5rem 1rem;cursor:pointer}</style></head>
<body><h1>${escapeHtml(notificationMailText.unsubscribeTitle)}</h1>
${content}
</body></html>
`;
}

function toNotification(row: NotificationsTable): Notification {
  return {
    _id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.created_at,
    readAt: row.read_at,
  };
}

/** How many notifications a stream reads at a time. */
const NEWER_PAGE = 100;

/** A user's notifications after `afterId` (time-ordered ids), oldest first: what a stream has not sent. */
function findNewer(db: Db, userId: string, afterId: string): Promise<NotificationsTable[]> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(NEWER_PAGE)
    .execute();
}

async function unreadCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Every kind with its e-mail switch: on unless the user turned it off. */
async function preferencesOf(db: Db, userId: string) {
  const rows = await db
    .selectFrom('notification_preferences')
    .select(['kind', 'email'])
    .where('user_id', '=', userId)
    .execute();
  const chosen = new Map(rows.map((row) => [row.kind, Number(row.email) === 1]));
  return {
    email: Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => [kind, chosen.get(kind) ?? true]),
    ) as Record<NotificationKind, boolean>,
  };
}

/**
 * Notifications (DESIGN section 10): the list with the unread count, marking
 * read, the e-mail preferences, and the live stream (Server-Sent Events),
 * which sends what the database holds that it has not sent yet whenever the
 * bus (lib/notify.ts) says there may be something, and at every keep-alive.
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
    async (request) => {
      const userId = getCurrentUser(request)._id;
      const { cursor, limit } = request.query;
      let query = app.db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit + 1);
      if (cursor) query = query.where('id', '<', cursor);
      const rows = await query.execute();
      const page = rows.slice(0, limit);
      return {
        notifications: page.map(toNotification),
        nextCursor: rows.length > limit ? page.at(-1)!.id : null,
        unread: await unreadCount(app.db, userId),
      };
    },
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
      const userId = getCurrentUser(request)._id;
      const { ids } = request.body;
      if (ids === undefined || ids.length > 0) {
        let update = app.db
          .updateTable('notifications')
          .set({ read_at: new Date().toISOString() })
          .where('user_id', '=', userId)
          .where('read_at', 'is', null);
        if (ids !== undefined) update = update.where('id', 'in', ids);
        await update.execute();
      }
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
    async (request) => {
      const userId = getCurrentUser(request)._id;
      const entries = Object.entries(request.body.email);
      if (entries.length > 0) {
        await app.db
          .insertInto('notification_preferences')
          .values(entries.map(([kind, on]) => ({ user_id: userId, kind, email: on ? 1 : 0 })))
          .onConflict((conflict) =>
            conflict
              .columns(['user_id', 'kind'])
              .doUpdateSet((eb) => ({ email: eb.ref('excluded.email') })),
          )
          .execute();
      }
      return { preferences: await preferencesOf(app.db, userId) };
    },
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
  /** The signed user and kind, when the link is genuine and the account still exists. */
  const unsubscribeTarget = async (query: z.infer<typeof unsubscribeQuery>) => {
    const kind = NOTIFICATION_KINDS.find((known) => known === query.k);
    if (!kind || !app.unsubscribeSigner.verify(query.u, kind, query.sig)) return undefined;
    const user = await app.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', query.u)
      .executeTakeFirst();
    return user ? { userId: user.id, kind } : undefined;
  };
  const page = (reply: FastifyReply, status: 200 | 400, body: string) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
      )
      .send(unsubscribePage(body));

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
      if (!target)
        return page(reply, 400, `<p>${escapeHtml(notificationMailText.unsubscribeInvalid)}</p>`);
      const label = NOTIFICATION_KIND_LABELS[target.kind];
      const action = `${request.url.split('?')[0]}?${new URLSearchParams(request.query).toString()}`;
      return page(
        reply,
        200,
        `<p>${escapeHtml(notificationMailText.unsubscribeQuestion(label))}</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(notificationMailText.unsubscribeButton)}</button></form>`,
      );
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
      if (!target)
        return page(reply, 400, `<p>${escapeHtml(notificationMailText.unsubscribeInvalid)}</p>`);
      await app.db
        .insertInto('notification_preferences')
        .values({ user_id: target.userId, kind: target.kind, email: 0 })
        .onConflict((conflict) => conflict.columns(['user_id', 'kind']).doUpdateSet({ email: 0 }))
        .execute();
      return page(
        reply,
        200,
        `<p>${escapeHtml(notificationMailText.unsubscribeDone(NOTIFICATION_KIND_LABELS[target.kind]))}</p>`,
      );
    },
  );

  // The connections streams were served on, cut before the server closes: a hijacked answer's
  // connection never counts as idle, so it would hold the close up.
  const streamSockets = new Set<Socket>();
  app.addHook('preClose', async () => {
    for (const socket of streamSockets) socket.destroy();
  });

  app.get(
    `/${NOTIFICATIONS_API.stream}`,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          'Server-Sent Events: `event: notification` with the JSON of each new one, from whichever process made it; a comment line at least every 25 s. `Last-Event-ID` resumes after that notification',
        security: bearerSecurity,
        headers: z.object({ 'last-event-id': z.string().max(100).optional() }),
        response: { ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const userId = getCurrentUser(request)._id;
      const resumeFrom = request.headers['last-event-id'];
      const newest = await app.db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      let last = resumeFrom ?? newest?.id ?? '';
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        // nginx: pass each event on at once instead of buffering the answer.
        'x-accel-buffering': 'no',
      });
      raw.write(': connected\n\n');
      const socket = request.raw.socket;
      streamSockets.add(socket);
      socket.once('close', () => streamSockets.delete(socket));

      // Sends what the stream has not sent yet, a page at a time while full pages keep coming.
      const flush = coalesced(async () => {
        try {
          let rows: NotificationsTable[];
          do {
            rows = await findNewer(app.db, userId, last);
            for (const row of rows) {
              raw.write(
                `id: ${row.id}\nevent: notification\ndata: ${JSON.stringify(toNotification(row))}\n\n`,
              );
              last = row.id;
            }
          } while (rows.length === NEWER_PAGE && !raw.writableEnded);
        } catch (error) {
          request.log.warn({ err: error }, 'notification stream read failed');
        }
      });
      const unsubscribe = app.notificationBus.subscribe(userId, flush.run);
      const keepAlive = setInterval(() => {
        raw.write(': keep-alive\n\n');
        flush.run();
      }, NOTIFICATION_LIMITS.keepAliveMs);
      raw.on('close', () => {
        clearInterval(keepAlive);
        unsubscribe();
      });
      if (resumeFrom !== undefined) {
        flush.run();
        await flush.idle();
      }
    },
  );
}
