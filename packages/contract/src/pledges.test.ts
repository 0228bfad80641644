import { describe, expect, it } from 'vitest';
import { siteMessages } from './site-messages.ts';
import { checkPledge, parsePledgeAmount } from './pledges.ts';
import { pledgeBodySchema } from './schemas/index.ts';

const pledge = { name: 'Марія', amount: 500, message: '' };

describe('checkPledge', () => {
  it('passes a valid pledge, the limits included', () => {
    expect(checkPledge(pledge)).toBeNull();
    expect(checkPledge({ name: 'Ян', amount: 10, message: 'm'.repeat(500) })).toBeNull();
    expect(checkPledge({ ...pledge, name: 'n'.repeat(100), amount: 100_000 })).toBeNull();
  });
  it.each([
    [{ name: ' М ' }, siteMessages.pledgeNameInvalid, 'name'],
    [{ name: 'n'.repeat(101) }, siteMessages.pledgeNameInvalid, 'name'],
    [{ amount: 9 }, siteMessages.pledgeAmountInvalid, 'amount'],
    [{ amount: 100_001 }, siteMessages.pledgeAmountInvalid, 'amount'],
    [{ amount: 10.5 }, siteMessages.pledgeAmountInvalid, 'amount'],
    [{ amount: Number.NaN }, siteMessages.pledgeAmountInvalid, 'amount'],
    [{ message: 'm'.repeat(501) }, siteMessages.pledgeMessageTooLong, 'message'],
  ])('%j → %s', (overrides, message, field) => {
    expect(checkPledge({ ...pledge, ...overrides })).toEqual({ message, fields: [field] });
  });
});

describe('parsePledgeAmount', () => {
  it('reads whole numbers, spaces allowed as thousands separators', () => {
    expect(parsePledgeAmount('500')).toBe(500);
    expect(parsePledgeAmount('1 500')).toBe(1500);
    expect(parsePledgeAmount('100\u00a0000')).toBe(100_000);
  });
  it.each(['', '12.5', '-5', '1e3', 'сто', '0x10'])('%j is not an amount', (value) => {
    expect(parsePledgeAmount(value)).toBeNaN();
  });
});

describe('pledgeBodySchema', () => {
  it('defaults the message to empty and strips unknown keys', () => {
    expect(pledgeBodySchema.parse({ name: 'Марія', amount: 100, _id: 'x' })).toEqual({
      name: 'Марія',
      amount: 100,
      message: '',
    });
  });
  it('refuses an amount sent as text with the amount message', () => {
    const result = pledgeBodySchema.safeParse({ name: 'Марія', amount: '100' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['amount'],
      message: siteMessages.pledgeAmountInvalid,
    });
  });
});
