import { describe, expect, it } from 'vitest';
import { accountMessages, isValidPassword, messages } from '@urok/contract';
import {
  createPasswordReset,
  hashToken,
  PASSWORD_RESET_TTL_MS,
} from '../src/features/auth/auth.service.ts';
import { isCommonPassword } from '../src/lib/common-passwords.ts';
import { RATE_LIMITS } from '../src/lib/rate-limiter.ts';
import {
  bearer,
  databaseTargets,
  PASSWORD,
  registerAccount,
  uniqueTelephone,
  useTestApp,
} from './helpers.ts';

describe.each(databaseTargets)('password change and reset on $name', (target) => {
  const t = useTestApp(target);

  const login = (telephone: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { telephone, password } });
  const getUser = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/getUser', headers: bearer(token) });
  const change = (token: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: bearer(token),
      payload: payload as object,
    });
  const reset = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: payload as object });
  const resetRows = (userId: string) =>
    t.db.selectFrom('password_resets').selectAll().where('user_id', '=', userId).execute();

  describe('PUT /api/auth/password', () => {
    it('changes the password, keeps this session and signs out every other one', async () => {
      const account = await registerAccount(t.app);
      const other = (await login(account.telephone, PASSWORD)).json().token as string;
      const third = (await login(account.telephone, PASSWORD)).json().token as string;
      const stranger = await registerAccount(t.app);

      const response = await change(account.token, {
        currentPassword: PASSWORD,
        newPassword: 'Changed2025',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: accountMessages.passwordChanged });

      expect((await getUser(account.token)).statusCode).toBe(200);
      expect((await getUser(other)).statusCode).toBe(401);
      expect((await getUser(third)).statusCode).toBe(401);
      expect((await getUser(stranger.token)).statusCode).toBe(200);
      expect((await login(account.telephone, PASSWORD)).statusCode).toBe(401);
      expect((await login(account.telephone, 'Changed2025')).statusCode).toBe(200);
    });

    it('a wrong current password is a 400 naming the field, and nothing changes', async () => {
      const account = await registerAccount(t.app);
      const other = (await login(account.telephone, PASSWORD)).json().token as string;
      const response = await change(account.token, {
        currentPassword: 'NotMine2024',
        newPassword: 'Changed2025',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: accountMessages.currentPasswordWrong,
        code: 'BAD_REQUEST',
        fields: { currentPassword: accountMessages.currentPasswordWrong },
      });
      expect((await getUser(other)).statusCode).toBe(200);
      expect((await login(account.telephone, PASSWORD)).statusCode).toBe(200);
    });

    it('the new password follows the registration rule', async () => {
      const account = await registerAccount(t.app);
      for (const [newPassword, message] of [
        ['short', messages.passwordInvalidUk],
        ['nocapitals1', messages.passwordInvalidUk],
        [`A${'b'.repeat(200)}`, messages.passwordTooLong],
        [PASSWORD, accountMessages.newPasswordSameAsCurrent],
      ] as const) {
        const response = await change(account.token, { currentPassword: PASSWORD, newPassword });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(message);
        expect(response.json().fields).toEqual({ newPassword: message });
      }
      for (const body of [
        {},
        { currentPassword: 5, newPassword: 'Changed2025' },
        null,
        ['Changed2025'],
      ]) {
        const response = await change(account.token, body);
        expect(response.statusCode).toBe(400);
      }
      expect((await login(account.telephone, PASSWORD)).statusCode).toBe(200);
    });

    it('needs a session', async () => {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        payload: { currentPassword: PASSWORD, newPassword: 'Changed2025' },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('POST /api/auth/reset-password', () => {
    it('sets the password with a one-time token and signs out every session', async () => {
      const account = await registerAccount(t.app);
      const other = (await login(account.telephone, PASSWORD)).json().token as string;
      const { token } = await createPasswordReset(t.db, account.telephone);

      const response = await reset({ token, password: 'ResetPass2025' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: accountMessages.passwordResetDone });
      expect((await getUser(account.token)).statusCode).toBe(401);
      expect((await getUser(other)).statusCode).toBe(401);
      expect((await login(account.telephone, PASSWORD)).statusCode).toBe(401);
      expect((await login(account.telephone, 'ResetPass2025')).statusCode).toBe(200);
    });

    it('stores only a hash of the token', async () => {
      const account = await registerAccount(t.app);
      const { token } = await createPasswordReset(t.db, account.telephone);
      const rows = await t.db
        .selectFrom('password_resets')
        .selectAll()
        .where('user_id', '=', account.user._id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    const invalid = {
      message: accountMessages.resetTokenInvalid,
      code: 'BAD_REQUEST',
      fields: { token: accountMessages.resetTokenInvalid },
    };

    it('a used token is refused: 400 with the message', async () => {
      const account = await registerAccount(t.app);
      const { token } = await createPasswordReset(t.db, account.telephone);
      expect((await reset({ token, password: 'ResetPass2025' })).statusCode).toBe(200);
      const again = await reset({ token, password: 'Another2025' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual(invalid);
      expect((await login(account.telephone, 'ResetPass2025')).statusCode).toBe(200);
    });

    it('two requests with one token at once: exactly one succeeds', async () => {
      const account = await registerAccount(t.app);
      const { token } = await createPasswordReset(t.db, account.telephone);
      const answers = await Promise.all([
        reset({ token, password: 'RaceOne2025' }),
        reset({ token, password: 'RaceTwo2025' }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    });

    it('an expired token is refused', async () => {
      const account = await registerAccount(t.app);
      const { token } = await createPasswordReset(
        t.db,
        account.telephone,
        Date.now() - PASSWORD_RESET_TTL_MS - 1000,
      );
      const response = await reset({ token, password: 'ResetPass2025' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(invalid);
      expect((await login(account.telephone, PASSWORD)).statusCode).toBe(200);
    });

    it('is valid for an hour', async () => {
      const account = await registerAccount(t.app);
      const { token, expiresAt } = await createPasswordReset(
        t.db,
        account.telephone,
        Date.now() - PASSWORD_RESET_TTL_MS + 60_000,
      );
      expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
      expect((await reset({ token, password: 'ResetPass2025' })).statusCode).toBe(200);
    });

    it('a new link replaces the old one', async () => {
      const account = await registerAccount(t.app);
      const first = await createPasswordReset(t.db, account.telephone);
      const second = await createPasswordReset(t.db, account.telephone);
      expect((await reset({ token: first.token, password: 'ResetPass2025' })).statusCode).toBe(400);
      expect((await reset({ token: second.token, password: 'ResetPass2025' })).statusCode).toBe(
        200,
      );
    });

    it('a password change ends a pending reset link', async () => {
      const account = await registerAccount(t.app);
      const { token } = await createPasswordReset(t.db, account.telephone);
      const changed = await change(account.token, {
        currentPassword: PASSWORD,
        newPassword: 'Changed2025',
      });
      expect(changed.statusCode).toBe(200);
      const response = await reset({ token, password: 'ResetPass2025' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(invalid);
      expect((await login(account.telephone, 'Changed2025')).statusCode).toBe(200);
      expect(await resetRows(account.user._id)).toEqual([]);
    });

    it("a reset ends the user's other reset links too, not only its own", async () => {
      const account = await registerAccount(t.app);
      const stranger = await registerAccount(t.app);
      const first = await createPasswordReset(t.db, account.telephone);
      const strangers = await createPasswordReset(t.db, stranger.telephone);
      // A second link made at the same moment (createPasswordReset would have replaced the first).
      const second = 'second-link-token-of-the-same-user-000000000';
      const now = Date.now();
      await t.db
        .insertInto('password_resets')
        .values({
          token_hash: hashToken(second),
          user_id: account.user._id,
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + PASSWORD_RESET_TTL_MS).toISOString(),
          used_at: null,
        })
        .execute();

      expect((await reset({ token: first.token, password: 'ResetPass2025' })).statusCode).toBe(200);
      const again = await reset({ token: second, password: 'Another2025' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual(invalid);
      expect(await resetRows(account.user._id)).toEqual([]);
      expect((await login(account.telephone, 'ResetPass2025')).statusCode).toBe(200);
      // Another user's link is untouched.
      expect((await reset({ token: strangers.token, password: 'Stranger2025' })).statusCode).toBe(
        200,
      );
    });

    it('wrong, empty, huge or malformed tokens and bad passwords are 400s, never 500', async () => {
      const account = await registerAccount(t.app);
      const { token } = await createPasswordReset(t.db, account.telephone);
      const cases: unknown[] = [
        { token: 'not-a-token', password: 'ResetPass2025' },
        { token: `${token}x`, password: 'ResetPass2025' },
        { token: '', password: 'ResetPass2025' },
        { token: 'x'.repeat(10_000), password: 'ResetPass2025' },
        { token: 42, password: 'ResetPass2025' },
        { token, password: 'weak' },
        { token },
        {},
        null,
        [token],
      ];
      for (const body of cases) {
        const response = await reset(body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(typeof response.json().message).toBe('string');
      }
      // The token survived every failed attempt.
      expect((await reset({ token, password: 'ResetPass2025' })).statusCode).toBe(200);
    });
  });

  describe('the most common passwords are refused', () => {
    const COMMON = ['Password', 'Qwerty12', 'PASSWORD1', 'Iloveyou1'];
    const tooCommon = (field: string) => ({
      message: accountMessages.passwordTooCommon,
      code: 'BAD_REQUEST',
      fields: { [field]: accountMessages.passwordTooCommon },
    });
    const register = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          username: 'Common Case',
          email: 'common@example.com',
          telephone: uniqueTelephone(),
          password,
        },
      });

    it('they pass the specification rule, so only the list stops them', () => {
      for (const password of COMMON) {
        expect(isValidPassword(password), password).toBe(true);
        expect(isCommonPassword(password), password).toBe(true);
      }
      expect(isCommonPassword('qwerty12')).toBe(true);
      expect(isCommonPassword(PASSWORD)).toBe(false);
    });

    it('at sign-up: 400 on the password field, and no account', async () => {
      for (const password of COMMON) {
        const response = await register(password);
        expect(response.statusCode, password).toBe(400);
        expect(response.json()).toEqual(tooCommon('password'));
      }
      const users = await t.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'Common Case');
      expect(await users.execute()).toEqual([]);
      expect((await register('Kyiv2024pass')).statusCode).toBe(201);
    });

    it("the specification's own checks still come first, with their texts", async () => {
      // 'password' is on the list too, but fails the rule first.
      const response = await register('password');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(messages.passwordInvalidUk);
    });

    it('at password change: 400 on newPassword, and the old password still works', async () => {
      const account = await registerAccount(t.app);
      for (const newPassword of COMMON) {
        const response = await change(account.token, { currentPassword: PASSWORD, newPassword });
        expect(response.statusCode, newPassword).toBe(400);
        expect(response.json()).toEqual(tooCommon('newPassword'));
      }
      expect((await login(account.telephone, PASSWORD)).statusCode).toBe(200);
      const strong = await change(account.token, {
        currentPassword: PASSWORD,
        newPassword: 'Changed2025',
      });
      expect(strong.statusCode).toBe(200);
    });

    it('at reset: 400 on password, and the link still works for a strong one', async () => {
      const account = await registerAccount(t.app);
      const { token } = await createPasswordReset(t.db, account.telephone);
      for (const password of COMMON) {
        const response = await reset({ token, password });
        expect(response.statusCode, password).toBe(400);
        expect(response.json()).toEqual(tooCommon('password'));
      }
      expect((await reset({ token, password: 'ResetPass2025' })).statusCode).toBe(200);
      expect((await login(account.telephone, 'ResetPass2025')).statusCode).toBe(200);
    });
  });

  describe('with throttling on', () => {
    const limited = useTestApp(target, { config: { rateLimit: true } });

    it(`password change: ${RATE_LIMITS.passwordChangePerUser.limit} per user, then 429 with Retry-After`, async () => {
      const account = await registerAccount(limited.app);
      for (let i = 0; i < RATE_LIMITS.passwordChangePerUser.limit; i += 1) {
        const response = await limited.app.inject({
          method: 'PUT',
          url: '/api/auth/password',
          headers: bearer(account.token),
          payload: { currentPassword: 'Guess12345', newPassword: 'Changed2025' },
        });
        expect(response.statusCode).toBe(400);
      }
      const refused = await limited.app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        headers: bearer(account.token),
        payload: { currentPassword: PASSWORD, newPassword: 'Changed2025' },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(messages.tooManyRequests);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });

    it(`password reset: ${RATE_LIMITS.passwordResetPerIp.limit} per address, then 429 with Retry-After`, async () => {
      for (let i = 0; i < RATE_LIMITS.passwordResetPerIp.limit; i += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { token: `guess-${i}`, password: 'ResetPass2025' },
          remoteAddress: '10.9.0.1',
        });
        expect(response.statusCode).toBe(400);
      }
      const refused = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: 'guess', password: 'ResetPass2025' },
        remoteAddress: '10.9.0.1',
      });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });
  });
});
