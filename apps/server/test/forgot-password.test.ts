/**
 * Forgot password (DESIGN section 17) against a real SMTP server: the same
 * 202 whether or not the number has an account; the mail's one-time link
 * sets a new password once; mails are throttled per number and per
 * address; without SMTP_URL nothing is mailed and the page is told so.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '@urok/contract';
import { buildApp, type AppInstance } from '../src/app.ts';
import { RATE_LIMITS } from '../src/lib/rate-limiter.ts';
import { MailCatcher, mailConfig, until } from './mail-catcher.ts';
import {
  databaseTargets,
  PASSWORD,
  registerAccount,
  testConfig,
  uniqueTelephone,
  type TestDatabase,
} from './helpers.ts';

let emailCounter = 0;
const uniqueEmail = () => `forgot${process.pid}x${(emailCounter += 1)}@school.test`;

describe.each(databaseTargets)('forgot password on $name', (target) => {
  let database: TestDatabase;
  let smtp: MailCatcher | undefined;
  const apps: AppInstance[] = [];

  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database.close();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await smtp?.close();
    smtp = undefined;
  });

  const start = async (withMail: boolean) => {
    if (withMail) {
      smtp = new MailCatcher();
      await smtp.listen();
    }
    const config = testConfig(database.dataDir, {
      publicUrl: 'https://urok.school',
      rateLimit: true,
      ...(withMail && smtp ? { mail: mailConfig(smtp.port) } : {}),
    });
    const app = await buildApp({ config, db: database.db, dialect: database.dialect });
    await app.ready();
    apps.push(app);
    return app;
  };

  const ask = (app: AppInstance, telephone: string, ip = '10.0.0.1') =>
    app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { telephone },
      remoteAddress: ip,
    });

  const resetRows = (userId: string) =>
    database.db
      .selectFrom('password_resets')
      .select('token_hash')
      .where('user_id', '=', userId)
      .execute();

  it('mails a one-time link that sets a new password once; an unknown number gets the same answer', async () => {
    const app = await start(true);
    const info = await app.inject({ method: 'GET', url: '/api/auth/forgot-password' });
    expect(info.json()).toEqual({ byMail: true });
    const account = await registerAccount(app, { email: uniqueEmail() });

    const known = await ask(app, account.telephone);
    const unknown = await ask(app, uniqueTelephone());
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ message: accountMessages.forgotPasswordAccepted });
    await app.passwordResetMailer.idle();
    expect(smtp!.received).toHaveLength(1);

    const [arrived] = await until('the mail', () =>
      smtp!.to(account.user.email).length > 0 ? smtp!.to(account.user.email) : undefined,
    );
    const mail = arrived!.mail;
    expect(mail.subject).toBe(accountMessages.resetMailSubject);
    expect(mail.text).toContain(`Вітаємо, ${account.user.username}!`);
    const token = /https:\/\/urok\.school\/reset-password\?token=([\w-]+)/.exec(
      mail.text ?? '',
    )?.[1];
    expect(token).toBeDefined();
    expect(mail.html).toContain(`/reset-password?token=${token}`);

    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'NewSecret2025' },
    });
    expect(reset.statusCode).toBe(200);
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'OtherSecret2025' },
    });
    expect(again.statusCode).toBe(400);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { telephone: account.telephone, password: 'NewSecret2025' },
    });
    expect(login.statusCode).toBe(200);
    const old = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { telephone: account.telephone, password: PASSWORD },
    });
    expect(old.statusCode).toBe(401);
  });

  it('mails one number, and one address, at most its hourly count, from any address; the answer stays 202', async () => {
    const app = await start(true);
    const { limit } = RATE_LIMITS.forgotPasswordPerTelephone;
    const account = await registerAccount(app, { email: uniqueEmail() });
    for (let i = 0; i < limit + 2; i += 1) {
      const response = await ask(app, account.telephone, `10.0.1.${i}`);
      expect(response.statusCode).toBe(202);
    }
    await app.passwordResetMailer.idle();
    expect(smtp!.to(account.user.email)).toHaveLength(limit);

    // Two accounts that share one mailbox: the address has its own count.
    const shared = uniqueEmail();
    const first = await registerAccount(app, { email: shared });
    const second = await registerAccount(app, { email: shared });
    const emailLimit = RATE_LIMITS.forgotPasswordPerEmail.limit;
    for (let i = 0; i < emailLimit; i += 1) await ask(app, first.telephone, `10.0.2.${i}`);
    // The mails go out after the 202: the first account's have used the address's count
    // before the second account asks.
    await app.passwordResetMailer.idle();
    await ask(app, second.telephone, '10.0.3.1');
    await app.passwordResetMailer.idle();
    expect(smtp!.to(shared)).toHaveLength(emailLimit);
    expect(await resetRows(second.user._id)).toEqual([]);
  });

  it('refuses a malformed number with 400 and, past its limit, an address with 429', async () => {
    const app = await start(true);
    const bad = await ask(app, 'не номер');
    expect(bad.statusCode).toBe(400);
    const { limit } = RATE_LIMITS.forgotPasswordPerIp;
    for (let i = 0; i < limit; i += 1)
      expect((await ask(app, uniqueTelephone(), '10.0.9.9')).statusCode).toBe(202);
    expect((await ask(app, uniqueTelephone(), '10.0.9.9')).statusCode).toBe(429);
    expect((await ask(app, uniqueTelephone(), '10.0.9.10')).statusCode).toBe(202);
  });

  it('without SMTP_URL says so, answers the same 202 and makes no link', async () => {
    const app = await start(false);
    const info = await app.inject({ method: 'GET', url: '/api/auth/forgot-password' });
    expect(info.json()).toEqual({ byMail: false });
    const account = await registerAccount(app, { email: uniqueEmail() });
    const known = await ask(app, account.telephone);
    const unknown = await ask(app, uniqueTelephone());
    expect(known.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    await app.passwordResetMailer.idle();
    expect(await resetRows(account.user._id)).toEqual([]);
  });
});
