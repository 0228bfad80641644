import { describe, expect, it } from 'vitest';
import { messages, siteMessages } from '@urok/contract';
import { PLEDGE_LIMITS } from '@urok/contract';
import { RATE_LIMITS } from '../src/lib/rate-limiter.ts';
import { databaseTargets, registerAccount, bearer, useTestApp, type TestApp } from './helpers.ts';

const validPledge = (overrides: Record<string, unknown> = {}) => ({
  name: 'Марія Коваль',
  amount: 500,
  message: 'На нові курси з фізики.',
  ...overrides,
});

function pledge(
  t: TestApp,
  payload: unknown,
  remoteAddress = '127.0.0.1',
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/pledges',
    payload: payload as object,
    remoteAddress,
    headers,
  });
}

describe.each(databaseTargets)('POST /api/pledges on $name', (target) => {
  describe('validation and storage', () => {
    const t = useTestApp(target);

    it('stores a pledge and answers 201 {pledge, message}', async () => {
      const response = await pledge(
        t,
        validPledge({ name: '  Марія Коваль ', message: ' Дякую! ' }),
      );
      expect(response.statusCode).toBe(201);
      const json = response.json();
      expect(json.message).toBe(siteMessages.pledgeReceived);
      expect(json.pledge).toMatchObject({ name: 'Марія Коваль', amount: 500, message: 'Дякую!' });
      expect(json.pledge._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number.isNaN(Date.parse(json.pledge.createdAt))).toBe(false);
      const stored = await t.db
        .selectFrom('pledges')
        .selectAll()
        .where('id', '=', json.pledge._id)
        .executeTakeFirst();
      expect(stored).toMatchObject({ name: 'Марія Коваль', amount: 500, message: 'Дякую!' });
    });

    it('needs no sign-in, takes the message as optional, and accepts the limits exactly', async () => {
      const { message: _omitted, ...withoutMessage } = validPledge();
      const response = await pledge(t, withoutMessage);
      expect(response.statusCode).toBe(201);
      expect(response.json().pledge.message).toBe('');
      for (const amount of [PLEDGE_LIMITS.amount.min, PLEDGE_LIMITS.amount.max]) {
        expect((await pledge(t, validPledge({ amount }))).statusCode).toBe(201);
      }
      const longest = validPledge({ name: 'n'.repeat(100), message: 'm'.repeat(500) });
      expect((await pledge(t, longest)).statusCode).toBe(201);
    });

    it('a signed-in donor pledges the same way', async () => {
      const account = await registerAccount(t.app);
      expect((await pledge(t, validPledge(), '127.0.0.1', bearer(account.token))).statusCode).toBe(
        201,
      );
    });

    it.each([
      ['a one-letter name', { name: 'М' }, siteMessages.pledgeNameInvalid, 'name'],
      ['a blank name', { name: '   ' }, siteMessages.pledgeNameInvalid, 'name'],
      [
        'a name over 100 characters',
        { name: 'n'.repeat(101) },
        siteMessages.pledgeNameInvalid,
        'name',
      ],
      ['a missing name', { name: undefined }, siteMessages.pledgeNameInvalid, 'name'],
      ['an amount under 10', { amount: 9 }, siteMessages.pledgeAmountInvalid, 'amount'],
      ['an amount over 100 000', { amount: 100_001 }, siteMessages.pledgeAmountInvalid, 'amount'],
      ['a fractional amount', { amount: 99.5 }, siteMessages.pledgeAmountInvalid, 'amount'],
      ['a negative amount', { amount: -100 }, siteMessages.pledgeAmountInvalid, 'amount'],
      ['an amount as text', { amount: '100' }, siteMessages.pledgeAmountInvalid, 'amount'],
      ['a missing amount', { amount: undefined }, siteMessages.pledgeAmountInvalid, 'amount'],
      [
        'a message over 500 characters',
        { message: 'm'.repeat(501) },
        siteMessages.pledgeMessageTooLong,
        'message',
      ],
      ['a message that is not text', { message: 42 }, siteMessages.pledgeMessageTooLong, 'message'],
    ])('refuses %s with 400 and its message', async (_label, overrides, message, field) => {
      const response = await pledge(t, validPledge(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message,
        code: 'BAD_REQUEST',
        fields: { [field]: message },
      });
    });

    it('refuses a body that is not an object, and stores nothing', async () => {
      const before = await t.db
        .selectFrom('pledges')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/pledges',
        headers: { 'content-type': 'application/json' },
        payload: '[1,2]',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'BAD_REQUEST' });
      const after = await t.db
        .selectFrom('pledges')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it('ignores fields it does not know (no id or date from the client)', async () => {
      const response = await pledge(
        t,
        validPledge({ _id: 'mine', createdAt: '2000-01-01T00:00:00.000Z' }),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json().pledge._id).not.toBe('mine');
      expect(response.json().pledge.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
    });
  });

  describe('throttling', () => {
    const t = useTestApp(target, { config: { rateLimit: true } });

    it(`${RATE_LIMITS.pledgePerIp.limit} pledges per address an hour, then 429 with Retry-After; other addresses go on`, async () => {
      const { limit, windowSeconds } = RATE_LIMITS.pledgePerIp;
      for (let i = 0; i < limit; i += 1)
        expect((await pledge(t, validPledge(), '10.9.0.1')).statusCode).toBe(201);
      const refused = await pledge(t, validPledge(), '10.9.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        message: messages.tooManyRequests,
        code: 'TOO_MANY_REQUESTS',
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
      expect((await pledge(t, validPledge(), '10.9.0.2')).statusCode).toBe(201);
    });
  });
});
