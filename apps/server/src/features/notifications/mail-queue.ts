/**
 * Notification mail (DESIGN section 10): with SMTP_URL set, every
 * notification is also queued for e-mail — a row of mail_outbox written in
 * the notification's own transaction (notify, notifications.service.ts) — and every server
 * process works the queue: it takes a due row with one conditional update
 * (so two processes never send the same mail), reads the notification, the
 * user's address and their preference for the kind as they are now, and
 * sends it with nodemailer. A refused mail is tried again later, each wait
 * twice the one before; a process that dies while sending lets its row go
 * when the claim expires. The table is the queue on SQLite and PostgreSQL
 * alike, with or without Redis (docs/decisions.md, "notification mail").
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import {
  API_BASE,
  DEFAULT_LANGUAGE,
  isLanguage,
  NOTIFICATIONS_API,
  NOTIFICATION_KIND_LABELS,
  ROUTES,
  notificationMailText,
  type NotificationKind,
} from '@urok/contract';
import type { MailConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { coalesced } from '../../lib/coalesced.ts';
import { escapeHtml } from '../../lib/html.ts';
import { speaking, spokenLanguage } from '../../lib/language.ts';
import { SigningKey } from '../../lib/media-urls.ts';
import {
  claimMail,
  findDueMailIds,
  findMailToSend,
  finishMail,
  scheduleMailRetry,
} from './notifications.repository.ts';

/** Attempts before a mail is given up on (the last one about four hours after the first, by default). */
export const MAIL_MAX_ATTEMPTS = 8;
/** How long a process holds a row it is sending: longer than nodemailer's timeouts below add up to. */
const CLAIM_MS = 3 * 60 * 1000;
/** Rows taken per look at the queue; the next look follows at once while they keep coming. */
const BATCH = 20;

/**
 * Signs unsubscribe links: `…/notifications/unsubscribe?u=<user>&k=<kind>&sig=<hmac>`.
 * They do not expire (an old mail's link still works) and do nothing but turn
 * one kind of mail off for one user.
 */
export class UnsubscribeSigner {
  readonly #key: SigningKey;

  constructor(secret: string) {
    this.#key = new SigningKey(secret);
  }

  url(publicUrl: string, userId: string, kind: NotificationKind): string {
    const query = new URLSearchParams({
      u: userId,
      k: kind,
      sig: this.#key.sign(unsubscribeMessage(userId, kind)),
    });
    return `${publicUrl}${API_BASE}${NOTIFICATIONS_API.unsubscribe}?${query.toString()}`;
  }

  verify(userId: string, kind: string, sig: string): boolean {
    return this.#key.matches(unsubscribeMessage(userId, kind), sig);
  }
}

const unsubscribeMessage = (userId: string, kind: string) => `unsubscribe\n${userId}\n${kind}`;

export interface NotificationMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  unsubscribeUrl: string;
}

/**
 * The mail of one notification, in the language being spoken (the recipient's:
 * MailQueue speaks it), with a plain-text part and the unsubscribe link.
 */
export function composeMail(input: {
  to: string;
  username: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  publicUrl: string;
  unsubscribeUrl: string;
}): NotificationMail {
  const t = notificationMailText;
  const label = NOTIFICATION_KIND_LABELS[input.kind];
  const openUrl = `${input.publicUrl}${input.link}`;
  const settingsUrl = `${input.publicUrl}${ROUTES.settings}`;
  const text = [
    t.greeting(input.username),
    '',
    input.body,
    '',
    `${t.open}: ${openUrl}`,
    '',
    '—',
    t.why(label),
    `${t.unsubscribe}: ${input.unsubscribeUrl}`,
    `${t.allSettings}: ${settingsUrl}`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="${spokenLanguage()}"><head><meta charset="utf-8"><title>${escapeHtml(input.title)}</title></head>
<body style="font-family: sans-serif; line-height: 1.5; color: #1f2937">
<p>${escapeHtml(t.greeting(input.username))}</p>
<p>${escapeHtml(input.body)}</p>
<p><a href="${escapeHtml(openUrl)}">${escapeHtml(t.open)}</a></p>
<hr>
<p style="font-size: 0.875em; color: #4b5563">${escapeHtml(t.why(label))}<br>
<a href="${escapeHtml(input.unsubscribeUrl)}">${escapeHtml(t.unsubscribe)}</a> ·
<a href="${escapeHtml(settingsUrl)}">${escapeHtml(t.allSettings)}</a></p>
</body></html>
`;
  return {
    to: input.to,
    subject: t.subject(input.title),
    text,
    html,
    unsubscribeUrl: input.unsubscribeUrl,
  };
}

/** The wait before attempt `attempts + 1`: base, 2·base, 4·base … at most six hours. */
export function retryDelayMs(baseMs: number, attempts: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

export class MailQueue {
  readonly #db: Db;
  readonly #config: MailConfig;
  readonly #publicUrl: string;
  readonly #signer: UnsubscribeSigner;
  readonly #log: FastifyBaseLogger;
  readonly #transport: Transporter;
  #timer: NodeJS.Timeout | undefined;
  readonly #looks = coalesced(() => this.#drain());
  #closed = false;

  constructor(options: {
    db: Db;
    config: MailConfig;
    publicUrl: string;
    signer: UnsubscribeSigner;
    log: FastifyBaseLogger;
  }) {
    this.#db = options.db;
    this.#config = options.config;
    this.#publicUrl = options.publicUrl;
    this.#signer = options.signer;
    this.#log = options.log;
    this.#transport = nodemailer.createTransport(
      {
        url: options.config.smtpUrl,
        // Short timeouts: a silent server must not hold a row past its claim (CLAIM_MS).
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 60_000,
      },
      { from: options.config.from },
    );
  }

  /** Looks at the queue every MAIL_POLL_MS, and at once. */
  start(): void {
    this.#timer = setInterval(() => this.kick(), this.#config.pollMs);
    this.#timer.unref();
    this.kick();
  }

  /** Looks at the queue now (a notification was just committed in this process). */
  kick(): void {
    if (!this.#closed) this.#looks.run();
  }

  /** Waits for the look under way; sends nothing more. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    await this.#looks.idle();
    this.#transport.close();
  }

  /** One look: what is due, a batch at a time while full batches keep coming. */
  async #drain(): Promise<void> {
    if (this.#closed) return;
    try {
      let taken: number;
      do {
        taken = await this.#sendDue();
      } while (taken === BATCH && !this.#closed);
    } catch (error) {
      this.#log.error({ err: error }, 'mail queue: looking at the queue failed');
    }
  }

  /** Sends what is due now; returns how many rows it looked at. */
  async #sendDue(): Promise<number> {
    const due = await findDueMailIds(this.#db, new Date().toISOString(), BATCH);
    for (const id of due) {
      if (this.#closed) break;
      if (await this.#claim(id)) await this.#send(id);
    }
    return due.length;
  }

  /** Takes a row for this process, if no other process holds it: one statement, atomic on both databases. */
  async #claim(id: string): Promise<boolean> {
    const now = Date.now();
    return claimMail(
      this.#db,
      id,
      new Date(now).toISOString(),
      new Date(now + CLAIM_MS).toISOString(),
    );
  }

  async #send(id: string): Promise<void> {
    const row = await findMailToSend(this.#db, id);
    const finishedAt = new Date().toISOString();
    if (!row) return;
    if (row.wanted === false || !row.email.includes('@')) {
      await finishMail(this.#db, id, 'skipped', finishedAt);
      return;
    }
    const kind = row.kind as NotificationKind;
    // In the recipient's language (DESIGN section 16), as its notification was worded.
    const language = isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE;
    const mail = speaking(language, () =>
      composeMail({
        to: row.email,
        username: row.username,
        kind,
        title: row.title,
        body: row.body,
        link: row.link,
        publicUrl: this.#publicUrl,
        unsubscribeUrl: this.#signer.url(this.#publicUrl, row.user_id, kind),
      }),
    );
    try {
      await this.#transport.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // RFC 8058: mail programs offer a one-click unsubscribe, which POSTs to the link.
        list: {
          unsubscribe: {
            url: mail.unsubscribeUrl,
            comment: speaking(language, () => notificationMailText.unsubscribe),
          },
        },
        headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      await finishMail(this.#db, id, 'sent', new Date().toISOString());
    } catch (error) {
      const attempts = Number(row.attempts) + 1;
      const message = error instanceof Error ? error.message : String(error);
      const gaveUp = attempts >= MAIL_MAX_ATTEMPTS;
      this.#log.warn(
        { err: error, mail: id, attempts },
        'mail queue: the SMTP server refused a mail',
      );
      await scheduleMailRetry(this.#db, id, {
        attempts,
        gaveUp,
        nextAttemptAt: new Date(
          Date.now() + retryDelayMs(this.#config.retryBaseMs, attempts),
        ).toISOString(),
        lastError: message.slice(0, 500),
        now: new Date().toISOString(),
      });
    }
  }
}
