import { z } from 'zod';
import { messages } from '../messages.ts';
import { NOTIFICATION_KINDS, NOTIFICATION_LIMITS, notificationMessages } from '../notifications.ts';

/** One notification: `readAt` is null until read. */
export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET notifications`: newest first, paged by cursor. */
export const notificationListQuerySchema = z.object({
  cursor: z.string({ error: messages.badRequest }).max(100).optional(),
  limit: z.coerce
    .number({ error: messages.badRequest })
    .int({ error: messages.badRequest })
    .min(1, { error: messages.badRequest })
    .max(NOTIFICATION_LIMITS.page.max, { error: messages.badRequest })
    .default(NOTIFICATION_LIMITS.page.default),
});

export const notificationListResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
  /** Unread notifications in all, not only on this page. */
  unread: z.number().int(),
});

/** `POST notifications/read`: these ids, or every one when `ids` is absent. */
export const markReadBodySchema = z
  .strictObject({
    ids: z
      .array(z.string({ error: messages.badRequest }).min(1).max(100), {
        error: notificationMessages.readIdsInvalid,
      })
      .max(NOTIFICATION_LIMITS.readIds, { error: notificationMessages.readIdsInvalid })
      .optional(),
  })
  .optional()
  .default({});

/** Which kinds are e-mailed: every kind is, unless turned off. */
export const notificationPreferencesSchema = z.strictObject(
  {
    email: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean(), {
      error: notificationMessages.preferencesInvalid,
    }),
  },
  { error: notificationMessages.preferencesInvalid },
);
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const notificationPreferencesResponseSchema = z.object({
  preferences: z.object({ email: z.record(z.enum(NOTIFICATION_KINDS), z.boolean()) }),
});

/** POST notifications/stream-link: where EventSource opens the caller's stream, and until when. */
export const streamLinkResponseSchema = z.object({
  url: z.string().describe('A path under the API, with the signature in its query'),
  expiresAt: z.string().describe('ISO 8601: the link opens no stream after this'),
});
export type StreamLink = z.infer<typeof streamLinkResponseSchema>;
