import { describe, expect, it } from 'vitest';
import { accountMessages, messages } from '@urok/contract';
import { ConfigError, loadConfig } from '../src/config.ts';
import {
  authenticateToken,
  hashToken,
  sweepExpiredSessions,
} from '../src/features/auth/auth.service.ts';
import {
  bearer,
  databaseTargets,
  PASSWORD,
  registerAccount,
  uniqueTelephone,
  useTestApp,
} from './helpers.ts';

const DAY = 24 * 60 * 60 * 1000;
const USER_KEYS = [
  '_id',
  'bio',
  'createdAt',
  'email',
  'isAdmin',
  'isOperator',
  'language',
  'telephone',
  'username',
];

describe.each(databaseTargets)('accounts API on $name', (target) => {
  const t = useTestApp(target);

  const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/${url}`, payload: payload as object, headers });
  const put = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url: `/api/${url}`, payload: payload as object, headers });

  const registration = (overrides: Record<string, unknown> = {}) => ({
    username: 'Mykola Hrytsenko',
    email: 'mykola@example.com',
    telephone: uniqueTelephone(),
    password: PASSWORD,
    ...overrides,
  });

  const findSession = (tokenHash: string) =>
    t.db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

  describe('POST auth/register', () => {
    it('creates a student and answers 201 with a token and the user, never the hash', async () => {
      const body = registration();
      const response = await post('auth/register', body);
      expect(response.statusCode).toBe(201);
      const json = response.json();
      expect(json.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Object.keys(json.user).sort()).toEqual(USER_KEYS);
      expect(json.user).toMatchObject({
        username: body.username,
        telephone: body.telephone,
        email: body.email,
        bio: '',
        isAdmin: false,
        isOperator: false,
      });
      expect(new Date(json.user.createdAt).toISOString()).toBe(json.user.createdAt);
      expect(response.body).not.toContain('argon2');
      expect(response.body).not.toContain(PASSWORD);
    });

    it('stores an argon2id hash (m=19456, t=2, p=1), never the password', async () => {
      const account = await registerAccount(t.app);
      const row = await t.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', account.user._id)
        .executeTakeFirstOrThrow();
      expect(row.password_hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
      expect(row.password_hash).not.toContain(account.password);
    });

    it('stores the telephone canonically, so 380… and +380… are one account (409 with fields.telephone)', async () => {
      const digits = uniqueTelephone().slice(1);
      const first = await post('auth/register', registration({ telephone: digits }));
      expect(first.statusCode).toBe(201);
      expect(first.json().user.telephone).toBe(`+${digits}`);

      const second = await post('auth/register', registration({ telephone: `+${digits}` }));
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({
        message: messages.telephoneTaken,
        code: 'CONFLICT',
        fields: { telephone: messages.telephoneTaken },
      });
    });

    it('lets only one of two simultaneous registrations of a number through', async () => {
      const telephone = uniqueTelephone();
      const responses = await Promise.all([
        post('auth/register', registration({ telephone })),
        post('auth/register', registration({ telephone: telephone.slice(1) })),
      ]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const rows = await t.db
        .selectFrom('users')
        .select('id')
        .where('telephone', '=', telephone)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('trims the username, email and telephone', async () => {
      const telephone = uniqueTelephone();
      const response = await post(
        'auth/register',
        registration({
          username: '  Yulia Bondarenko ',
          email: ' yulia@example.com ',
          telephone: ` ${telephone} `,
        }),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json().user).toMatchObject({
        username: 'Yulia Bondarenko',
        email: 'yulia@example.com',
        telephone,
      });
    });

    it.each([
      [
        'username shorter than 3 (checked first)',
        { username: 'ab', email: '' },
        messages.usernameTooShort,
        ['username'],
      ],
      [
        'an empty username',
        { username: '', password: '' },
        messages.usernameTooShort,
        ['username'],
      ],
      ['an empty email', { email: '' }, messages.fillAllFields, ['email']],
      [
        'empty email and password',
        { email: ' ', password: '' },
        messages.fillAllFields,
        ['email', 'password'],
      ],
      ['an empty telephone', { telephone: '' }, messages.fillAllFields, ['telephone']],
      ['a missing field', { email: undefined }, messages.fillAllFields, ['email']],
      [
        'a password without an uppercase letter',
        { password: 'secret2024' },
        messages.passwordInvalidUk,
        ['password'],
      ],
      [
        'a password shorter than 8',
        { password: 'Sec2024' },
        messages.passwordInvalidUk,
        ['password'],
      ],
      [
        'a weak password before a bad telephone',
        { password: 'short', telephone: 'x' },
        messages.passwordInvalidUk,
        ['password'],
      ],
      [
        'a password over 128 characters',
        { password: `A${'a'.repeat(128)}` },
        messages.passwordTooLong,
        ['password'],
      ],
      [
        'a username over 40 characters',
        { username: 'a'.repeat(41) },
        messages.usernameTooLong,
        ['username'],
      ],
      [
        'a malformed telephone',
        { telephone: '050-111-22-33' },
        messages.telephoneInvalid,
        ['telephone'],
      ],
      [
        'a telephone starting with 0',
        { telephone: '0501112233' },
        messages.telephoneInvalid,
        ['telephone'],
      ],
      [
        'a telephone of 16 digits',
        { telephone: '+1234567890123456' },
        messages.telephoneInvalid,
        ['telephone'],
      ],
      ['a malformed email', { email: 'mykola.example.com' }, messages.emailInvalid, ['email']],
    ])('refuses %s with 400 and its exact message', async (_label, overrides, message, fields) => {
      const response = await post('auth/register', registration(overrides));
      expect(response.statusCode).toBe(400);
      const json = response.json();
      expect(json.message).toBe(message);
      expect(json.code).toBe('BAD_REQUEST');
      expect(Object.keys(json.fields).sort()).toEqual([...fields].sort());
      for (const field of fields) expect(json.fields[field]).toBe(message);
    });

    it('ignores isAdmin and other unknown keys: a new account is always a student', async () => {
      const response = await post('auth/register', {
        ...registration(),
        isAdmin: true,
        is_admin: 1,
        role: 'teacher',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().user.isAdmin).toBe(false);
      const row = await t.db
        .selectFrom('users')
        .select('is_admin')
        .where('id', '=', response.json().user._id)
        .executeTakeFirstOrThrow();
      expect(Number(row.is_admin)).toBe(0);
    });

    it('keeps only the SHA-256 of the token in the sessions table', async () => {
      const account = await registerAccount(t.app);
      const sessions = await t.db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', account.user._id)
        .execute();
      expect(sessions).toHaveLength(1);
      expect(sessions[0]!.token_hash).toBe(hashToken(account.token));
      expect(sessions[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
      const everything = JSON.stringify(await t.db.selectFrom('sessions').selectAll().execute());
      expect(everything).not.toContain(account.token);
    });

    it('gives sessions a 30-day expiry', async () => {
      expect(t.config.sessionIdleMs).toBe(30 * DAY);
      const before = Date.now();
      const account = await registerAccount(t.app);
      const session = await findSession(hashToken(account.token));
      const expires = Date.parse(session!.expires_at);
      expect(expires).toBeGreaterThanOrEqual(before + 30 * DAY);
      expect(expires).toBeLessThanOrEqual(Date.now() + 30 * DAY);
    });
  });

  describe('POST auth/login', () => {
    it('answers 200 with a new token and the user', async () => {
      const account = await registerAccount(t.app);
      const response = await post('auth/login', {
        telephone: account.telephone,
        password: account.password,
      });
      expect(response.statusCode).toBe(200);
      const json = response.json();
      expect(json.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(json.token).not.toBe(account.token);
      expect(json.user).toEqual(account.user);
    });

    it('accepts the telephone without the +', async () => {
      const account = await registerAccount(t.app);
      const response = await post('auth/login', {
        telephone: account.telephone.slice(1),
        password: account.password,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user._id).toBe(account.user._id);
    });

    it('keeps every device signed in: each login is a session of its own', async () => {
      const account = await registerAccount(t.app);
      const second = (
        await post('auth/login', { telephone: account.telephone, password: account.password })
      ).json();
      for (const token of [account.token, second.token]) {
        expect((await post('auth/getUser', { token })).statusCode).toBe(200);
      }
    });

    it('gives the same 401 for a wrong password and an unknown telephone', async () => {
      const account = await registerAccount(t.app);
      const wrong = await post('auth/login', {
        telephone: account.telephone,
        password: 'Wrong2024x',
      });
      const unknown = await post('auth/login', {
        telephone: uniqueTelephone(),
        password: account.password,
      });
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: messages.loginFailed, code: 'UNAUTHORIZED' });
      }
      expect(messages.loginFailed).toBe('Невірний номер телефону або пароль');
    });

    it('spends about the same time on an unknown telephone as on a wrong password', async () => {
      const account = await registerAccount(t.app);
      // The process's CPU time (argon2's threads included), not the wall clock: what a
      // sign-in costs does not change when other work shares the cores.
      const time = async (telephone: string) => {
        const start = process.cpuUsage();
        await post('auth/login', { telephone, password: 'Wrong2024x' });
        const { user, system } = process.cpuUsage(start);
        return user + system;
      };
      await time(uniqueTelephone()); // the dummy hash is made on first use
      const median = async (telephone: () => string) => {
        const samples: number[] = [];
        for (let i = 0; i < 5; i += 1) samples.push(await time(telephone()));
        return samples.sort((a, b) => a - b)[2]!;
      };
      const known = await median(() => account.telephone);
      const unknown = await median(() => uniqueTelephone());
      // Both run one argon2 verification; without the dummy the unknown case would be ~10x faster.
      expect(unknown).toBeGreaterThan(known * 0.3);
    });

    it.each([
      [
        'a malformed telephone',
        { telephone: 'abc', password: PASSWORD },
        messages.telephoneInvalid,
        'telephone',
      ],
      [
        'a weak password',
        { telephone: '+380671234567', password: 'password' },
        messages.passwordInvalid,
        'password',
      ],
      ['a missing password', { telephone: '+380671234567' }, messages.passwordInvalid, 'password'],
      ['a missing telephone', { password: PASSWORD }, messages.telephoneInvalid, 'telephone'],
    ])('refuses %s with 400 and its message', async (_label, body, message, field) => {
      const response = await post('auth/login', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message,
        code: 'BAD_REQUEST',
        fields: { [field]: message },
      });
    });

    it('writes one session and leaves the clean-up of expired ones to the sweep', async () => {
      const account = await registerAccount(t.app);
      const expired = hashToken(account.token);
      await t.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - DAY).toISOString() })
        .where('token_hash', '=', expired)
        .execute();
      const login = await post('auth/login', {
        telephone: account.telephone,
        password: account.password,
      });
      expect(login.statusCode).toBe(200);
      const live = hashToken(login.json().token);
      expect(await findSession(live)).toBeDefined();
      expect(await findSession(expired), 'a sign-in deletes nothing').toBeDefined();

      expect(await sweepExpiredSessions(t.db)).toBeGreaterThanOrEqual(1);
      expect(await findSession(expired)).toBeUndefined();
      expect(await findSession(live), 'a live session survives the sweep').toBeDefined();
      // A session expiring this very moment counts as expired, as authenticateToken refuses it.
      const moment = Date.now() + DAY;
      await t.db
        .updateTable('sessions')
        .set({ expires_at: new Date(moment).toISOString() })
        .where('token_hash', '=', live)
        .execute();
      await sweepExpiredSessions(t.db, moment - 1);
      expect(await findSession(live), 'a millisecond before its expiry').toBeDefined();
      expect(await sweepExpiredSessions(t.db, moment)).toBeGreaterThanOrEqual(1);
      expect(await findSession(live)).toBeUndefined();
    });
  });

  describe('POST auth/getUser', () => {
    it('answers 200 {user} for a token in the body', async () => {
      const account = await registerAccount(t.app);
      const response = await post('auth/getUser', { token: account.token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ user: account.user });
    });

    it('accepts the bearer header instead', async () => {
      const account = await registerAccount(t.app);
      const withoutBody = await t.app.inject({
        method: 'POST',
        url: '/api/auth/getUser',
        headers: bearer(account.token),
      });
      expect(withoutBody.statusCode).toBe(200);
      expect(withoutBody.json().user._id).toBe(account.user._id);
      const emptyBody = await post('auth/getUser', {}, bearer(account.token));
      expect(emptyBody.json().user._id).toBe(account.user._id);
    });

    it('answers 401 "Token not found" without a token', async () => {
      for (const response of [
        await t.app.inject({ method: 'POST', url: '/api/auth/getUser' }),
        await post('auth/getUser', {}),
        await post('auth/getUser', { token: '' }),
        await post('auth/getUser', {}, { authorization: 'Basic dXNlcjpwYXNz' }),
      ]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: messages.tokenNotFound, code: 'UNAUTHORIZED' });
      }
      expect(messages.tokenNotFound).toBe('Token not found');
    });

    it('answers 401 sessionInvalid for an unknown token', async () => {
      for (const response of [
        await post('auth/getUser', { token: 'not-a-real-token' }),
        await post('auth/getUser', undefined, bearer('null')),
      ]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: messages.sessionInvalid, code: 'UNAUTHORIZED' });
      }
    });

    it('answers 401 for an expired session and deletes it', async () => {
      const account = await registerAccount(t.app);
      const tokenHash = hashToken(account.token);
      await t.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('token_hash', '=', tokenHash)
        .execute();
      const response = await post('auth/getUser', { token: account.token });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(messages.sessionInvalid);
      expect(await findSession(tokenHash)).toBeUndefined();
    });

    it('slides the expiry: a session near its end is pushed out to 30 days when used', async () => {
      const account = await registerAccount(t.app);
      const tokenHash = hashToken(account.token);
      await t.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() + 60_000).toISOString() })
        .where('token_hash', '=', tokenHash)
        .execute();
      const before = Date.now();
      expect((await post('auth/getUser', undefined, bearer(account.token))).statusCode).toBe(200);
      const expires = Date.parse((await findSession(tokenHash))!.expires_at);
      expect(expires).toBeGreaterThanOrEqual(before + 30 * DAY);
      expect(expires).toBeLessThanOrEqual(Date.now() + 30 * DAY);
    });

    it('writes at most once a day: a session extended today is left alone', async () => {
      const account = await registerAccount(t.app);
      const tokenHash = hashToken(account.token);
      const almostFull = new Date(Date.now() + 30 * DAY - 60 * 60 * 1000).toISOString();
      await t.db
        .updateTable('sessions')
        .set({ expires_at: almostFull })
        .where('token_hash', '=', tokenHash)
        .execute();
      expect((await post('auth/getUser', { token: account.token })).statusCode).toBe(200);
      expect((await findSession(tokenHash))!.expires_at).toBe(almostFull);
    });

    it('refuses and deletes a session past its absolute end (90 days), even one used every day', async () => {
      expect(t.config.sessionMaxMs).toBe(90 * DAY);
      const account = await registerAccount(t.app);
      const tokenHash = hashToken(account.token);
      // Signed in 90 days and a minute ago, used yesterday: its idle expiry is four weeks away.
      await t.db
        .updateTable('sessions')
        .set({
          created_at: new Date(Date.now() - 90 * DAY - 60_000).toISOString(),
          expires_at: new Date(Date.now() + 29 * DAY).toISOString(),
        })
        .where('token_hash', '=', tokenHash)
        .execute();
      const response = await post('auth/getUser', undefined, bearer(account.token));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: messages.sessionInvalid, code: 'UNAUTHORIZED' });
      expect(await findSession(tokenHash)).toBeUndefined();
    });

    it('never extends a session past its absolute end', async () => {
      const account = await registerAccount(t.app);
      const tokenHash = hashToken(account.token);
      const createdAt = Date.now() - 80 * DAY;
      await t.db
        .updateTable('sessions')
        .set({
          created_at: new Date(createdAt).toISOString(),
          expires_at: new Date(Date.now() + 60_000).toISOString(),
        })
        .where('token_hash', '=', tokenHash)
        .execute();
      expect((await post('auth/getUser', { token: account.token })).statusCode).toBe(200);
      // Ten days left, not thirty.
      expect(Date.parse((await findSession(tokenHash))!.expires_at)).toBe(createdAt + 90 * DAY);
    });

    it('a session used every day ends 90 days after its sign-in, and the sweep removes it', async () => {
      const account = await registerAccount(t.app);
      const tokenHash = hashToken(account.token);
      const createdAt = Date.parse((await findSession(tokenHash))!.created_at);
      const use = (day: number) =>
        authenticateToken(t.db, account.token, t.config, createdAt + day * DAY);
      for (let day = 1; day < 90; day += 1) {
        await expect(use(day), `day ${day}`).resolves.toMatchObject({ tokenHash });
        const expiresAt = Date.parse((await findSession(tokenHash))!.expires_at);
        expect(expiresAt).toBeLessThanOrEqual(createdAt + 90 * DAY);
      }
      expect(Date.parse((await findSession(tokenHash))!.expires_at)).toBe(createdAt + 90 * DAY);
      // The sweep at the absolute end removes it, through expires_at alone.
      expect(await sweepExpiredSessions(t.db, createdAt + 90 * DAY)).toBeGreaterThanOrEqual(1);
      expect(await findSession(tokenHash)).toBeUndefined();
    });

    it('a session used on its 90th day is refused and deleted', async () => {
      const account = await registerAccount(t.app);
      const tokenHash = hashToken(account.token);
      const createdAt = Date.parse((await findSession(tokenHash))!.created_at);
      await expect(
        authenticateToken(t.db, account.token, t.config, createdAt + 90 * DAY),
      ).rejects.toMatchObject({ status: 401, message: messages.sessionInvalid });
      expect(await findSession(tokenHash)).toBeUndefined();
    });

    it('refuses a token of the wrong type with 400', async () => {
      for (const token of [12345, ['a'], { a: 1 }, 'x'.repeat(600)]) {
        const response = await post('auth/getUser', { token });
        expect(response.statusCode).toBe(400);
      }
    });
  });

  describe('PUT auth/updateUser', () => {
    const profile = (overrides: Record<string, unknown> = {}) => ({
      username: 'Mykola H.',
      telephone: uniqueTelephone(),
      email: 'new@example.com',
      bio: 'Люблю історію.',
      ...overrides,
    });

    it('updates the four fields and answers 200 {user}', async () => {
      const account = await registerAccount(t.app);
      const body = profile({
        telephone: uniqueTelephone().slice(1),
        email: ' new@example.com ',
        currentPassword: account.password,
      });
      const response = await put('auth/updateUser', body, bearer(account.token));
      expect(response.statusCode).toBe(200);
      const expected = {
        ...account.user,
        username: body.username,
        telephone: `+${body.telephone}`,
        email: 'new@example.com',
        bio: body.bio,
      };
      expect(response.json()).toEqual({ user: expected });
      expect((await post('auth/getUser', { token: account.token })).json()).toEqual({
        user: expected,
      });
      // The new number signs in; the old one no longer does.
      expect(
        (await post('auth/login', { telephone: expected.telephone, password: account.password }))
          .statusCode,
      ).toBe(200);
      expect(
        (await post('auth/login', { telephone: account.telephone, password: account.password }))
          .statusCode,
      ).toBe(401);
    });

    it('keeps the own telephone and defaults a missing bio to empty', async () => {
      const account = await registerAccount(t.app);
      const response = await put(
        'auth/updateUser',
        { username: 'Same Number', telephone: account.telephone.slice(1), email: 'x@example.com' },
        bearer(account.token),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ telephone: account.telephone, bio: '' });
    });

    it('answers 409 for a telephone another account holds, in any form', async () => {
      const holder = await registerAccount(t.app);
      const account = await registerAccount(t.app);
      for (const telephone of [holder.telephone, holder.telephone.slice(1)]) {
        const response = await put(
          'auth/updateUser',
          profile({ telephone, currentPassword: account.password }),
          bearer(account.token),
        );
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({
          message: messages.telephoneTaken,
          code: 'CONFLICT',
          fields: { telephone: messages.telephoneTaken },
        });
      }
      expect((await post('auth/getUser', { token: account.token })).json().user.telephone).toBe(
        account.telephone,
      );
    });

    it('a new telephone needs the current password: 400 without it, naming the field', async () => {
      const account = await registerAccount(t.app);
      for (const extra of [{}, { currentPassword: '' }]) {
        const response = await put('auth/updateUser', profile(extra), bearer(account.token));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          message: accountMessages.telephoneChangeNeedsPassword,
          code: 'BAD_REQUEST',
          fields: { currentPassword: accountMessages.telephoneChangeNeedsPassword },
        });
      }
      const row = await t.db
        .selectFrom('users')
        .select(['telephone', 'username'])
        .where('id', '=', account.user._id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ telephone: account.telephone, username: account.user.username });
    });

    it('a wrong current password is a 401 naming the field; the session lives on and nothing changes', async () => {
      const account = await registerAccount(t.app);
      const response = await put(
        'auth/updateUser',
        profile({ currentPassword: 'NotMine2024' }),
        bearer(account.token),
      );
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: accountMessages.telephoneChangePasswordWrong,
        code: 'UNAUTHORIZED',
        fields: { currentPassword: accountMessages.telephoneChangePasswordWrong },
      });
      expect((await post('auth/getUser', { token: account.token })).json().user).toEqual(
        account.user,
      );
    });

    it('says whether a number is taken only to the holder of the password', async () => {
      const holder = await registerAccount(t.app);
      const account = await registerAccount(t.app);
      const guess = await put(
        'auth/updateUser',
        profile({ telephone: holder.telephone, currentPassword: 'NotMine2024' }),
        bearer(account.token),
      );
      expect(guess.statusCode).toBe(401);
      const none = await put(
        'auth/updateUser',
        profile({ telephone: holder.telephone }),
        bearer(account.token),
      );
      expect(none.statusCode).toBe(400);
    });

    it('the other fields, and the own number in any spelling, need no password', async () => {
      const account = await registerAccount(t.app);
      const response = await put(
        'auth/updateUser',
        profile({ telephone: account.telephone.slice(1), username: 'Other Name', bio: 'Нове' }),
        bearer(account.token),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({
        telephone: account.telephone,
        username: 'Other Name',
        bio: 'Нове',
      });
      // A password sent without a new number is not checked.
      const ignored = await put(
        'auth/updateUser',
        profile({ telephone: account.telephone, currentPassword: 'NotMine2024' }),
        bearer(account.token),
      );
      expect(ignored.statusCode).toBe(200);
    });

    it('answers 401 "Token not found" without a token and sessionInvalid for a bad one', async () => {
      const missing = await put('auth/updateUser', profile());
      expect(missing.statusCode).toBe(401);
      expect(missing.json().message).toBe(messages.tokenNotFound);
      const bad = await put('auth/updateUser', profile(), bearer('forged-token'));
      expect(bad.statusCode).toBe(401);
      expect(bad.json().message).toBe(messages.sessionInvalid);
    });

    it('checks the session before the body', async () => {
      const response = await put('auth/updateUser', { username: 1 });
      expect(response.statusCode).toBe(401);
    });

    it.each([
      ['an empty email', { email: '' }, messages.fillField, 'email'],
      [
        'an empty email before a short username',
        { email: ' ', username: 'a' },
        messages.fillField,
        'email',
      ],
      ['a short username', { username: 'ab' }, messages.usernameTooShort, 'username'],
      ['a long username', { username: 'a'.repeat(41) }, messages.usernameTooLong, 'username'],
      ['a malformed telephone', { telephone: '+0123' }, messages.telephoneInvalid, 'telephone'],
      ['a malformed email', { email: 'nobody' }, messages.emailInvalid, 'email'],
      ['a bio over 1000 characters', { bio: 'б'.repeat(1001) }, messages.bioTooLong, 'bio'],
    ])('refuses %s with 400 and its message', async (_label, overrides, message, field) => {
      const account = await registerAccount(t.app);
      const response = await put('auth/updateUser', profile(overrides), bearer(account.token));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message,
        code: 'BAD_REQUEST',
        fields: { [field]: message },
      });
    });

    it('never changes the role, whatever the body says', async () => {
      const account = await registerAccount(t.app);
      const response = await put(
        'auth/updateUser',
        {
          ...profile({ currentPassword: account.password }),
          isAdmin: true,
          is_admin: 1,
          _id: 'someone-else',
          password_hash: 'x',
        },
        bearer(account.token),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ isAdmin: false, _id: account.user._id });
      const row = await t.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', account.user._id)
        .executeTakeFirstOrThrow();
      expect(Number(row.is_admin)).toBe(0);
      expect(row.password_hash).not.toBe('x');
    });
  });

  describe('POST auth/logout', () => {
    it('answers 204 and revokes that session only', async () => {
      const account = await registerAccount(t.app);
      const other = (
        await post('auth/login', { telephone: account.telephone, password: account.password })
      ).json();
      const response = await post('auth/logout', undefined, bearer(account.token));
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(await findSession(hashToken(account.token))).toBeUndefined();

      const after = await post('auth/getUser', { token: account.token });
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe(messages.sessionInvalid);
      expect(
        (
          await put(
            'auth/updateUser',
            { username: 'abc', telephone: account.telephone, email: 'a@b.co' },
            bearer(account.token),
          )
        ).statusCode,
      ).toBe(401);
      expect((await post('auth/logout', undefined, bearer(account.token))).statusCode).toBe(401);

      expect((await post('auth/getUser', { token: other.token })).statusCode).toBe(200);
    });

    it('answers 401 without a token', async () => {
      const response = await post('auth/logout');
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(messages.tokenNotFound);
    });
  });
});

describe('session lifetime settings', () => {
  it('default to 30 idle days and 90 days at most, and take other whole numbers of days', () => {
    const defaults = loadConfig({});
    expect(defaults.sessionIdleMs).toBe(30 * DAY);
    expect(defaults.sessionMaxMs).toBe(90 * DAY);
    const school = loadConfig({ SESSION_IDLE_DAYS: '7', SESSION_MAX_DAYS: '7' });
    expect(school.sessionIdleMs).toBe(7 * DAY);
    expect(school.sessionMaxMs).toBe(7 * DAY);
  });

  it('refuse a bad value, naming the variable', () => {
    expect(() => loadConfig({ SESSION_IDLE_DAYS: '0' })).toThrow(/SESSION_IDLE_DAYS/);
    expect(() => loadConfig({ SESSION_MAX_DAYS: 'forever' })).toThrow(/SESSION_MAX_DAYS/);
    expect(() => loadConfig({ SESSION_IDLE_DAYS: '60', SESSION_MAX_DAYS: '30' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ SESSION_IDLE_DAYS: '60', SESSION_MAX_DAYS: '30' })).toThrow(
      /SESSION_IDLE_DAYS: must not exceed SESSION_MAX_DAYS/,
    );
  });
});
