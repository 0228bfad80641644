/**
 * A real SMTP server on loopback for the mail tests (the `smtp-server`
 * package), and the mail configuration that points the app at it.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { MailConfig } from '../src/config.ts';

export interface Received {
  to: string[];
  mail: ParsedMail;
}

/** A real SMTP server on loopback that keeps what it receives and can refuse the next N recipients. */
export class MailCatcher {
  readonly received: Received[] = [];
  refuseNext = 0;
  refused = 0;
  readonly #server: SMTPServer;
  #port = 0;

  constructor() {
    this.#server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (_address, _session, callback) => {
        if (this.refuseNext > 0) {
          this.refuseNext -= 1;
          this.refused += 1;
          const error = new Error('Mailbox busy, try again later') as Error & {
            responseCode: number;
          };
          error.responseCode = 451;
          callback(error);
          return;
        }
        callback();
      },
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
            callback();
          })
          .catch(callback);
      },
    });
  }

  async listen(port = 0): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(port, '127.0.0.1', () => resolve());
    });
    this.#port = (this.#server.server.address() as AddressInfo).port;
  }

  get port(): number {
    return this.#port;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  to(address: string): Received[] {
    return this.received.filter((r) => r.to.includes(address));
  }
}

export function mailConfig(port: number, overrides: Partial<MailConfig> = {}): MailConfig {
  return {
    smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    from: '"Урок" <no-reply@urok.test>',
    pollMs: 100,
    retryBaseMs: 200,
    ...overrides,
  };
}

export async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
