/**
 * The mail of a forgotten password (DESIGN section 17): a one-time reset
 * link sent with nodemailer when SMTP_URL is set. The request that asks for
 * it is answered before any of the work is done (looking the number up,
 * throttling, the token, the mail), so neither the answer nor its timing
 * tells whether the number has an account (docs/decisions.md, "Forgot
 * password"). Work under way is awaited when the app closes.
 */
import { ROUTES, accountMessages } from '@urok/contract';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailConfig } from '../config.ts';
import { escapeHtml } from './html.ts';
import { spokenLanguage } from './language.ts';

/** The one-time link a user opens to set a new password (PUBLIC_URL is its base). */
export function passwordResetLink(publicUrl: string, token: string): string {
  return `${publicUrl}${ROUTES.resetPassword}?token=${encodeURIComponent(token)}`;
}

export interface ResetMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The reset mail in Ukrainian, with a plain-text part. */
export function composeResetMail(input: { to: string; username: string; link: string }): ResetMail {
  const t = accountMessages;
  const text = [
    t.resetMailGreeting(input.username),
    '',
    t.resetMailBody,
    '',
    `${t.resetMailOpen}: ${input.link}`,
    '',
    t.resetMailIgnore,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="${spokenLanguage()}"><head><meta charset="utf-8"><title>${escapeHtml(t.resetMailSubject)}</title></head>
<body style="font-family: sans-serif; line-height: 1.5; color: #1f2937">
<p>${escapeHtml(t.resetMailGreeting(input.username))}</p>
<p>${escapeHtml(t.resetMailBody)}</p>
<p><a href="${escapeHtml(input.link)}">${escapeHtml(t.resetMailOpen)}</a></p>
<p style="font-size: 0.875em; color: #4b5563">${escapeHtml(t.resetMailIgnore)}</p>
</body></html>
`;
  return { to: input.to, subject: t.resetMailSubject, text, html };
}

export class PasswordResetMailer {
  readonly #transport: Transporter | undefined;
  readonly #log: FastifyBaseLogger;
  readonly #pending = new Set<Promise<void>>();

  constructor(options: { mail: MailConfig | undefined; log: FastifyBaseLogger }) {
    this.#log = options.log;
    this.#transport = options.mail
      ? nodemailer.createTransport(
          {
            url: options.mail.smtpUrl,
            connectionTimeout: 15_000,
            greetingTimeout: 15_000,
            socketTimeout: 60_000,
          },
          { from: options.mail.from },
        )
      : undefined;
  }

  /** Whether reset links are mailed at all (SMTP_URL is set). */
  get enabled(): boolean {
    return this.#transport !== undefined;
  }

  /** Runs `task` after the current answer, on its own: a failure is logged, never the asker's. */
  runDetached(task: () => Promise<void>): void {
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => this.#log.error({ err: error }, 'forgot password: failed'))
      .finally(() => this.#pending.delete(run));
    this.#pending.add(run);
  }

  async send(mail: ResetMail): Promise<void> {
    if (!this.#transport) return;
    await this.#transport.sendMail(mail);
  }

  /** Resolves when every task started so far has finished. */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  async close(): Promise<void> {
    await this.idle();
    this.#transport?.close();
  }
}
