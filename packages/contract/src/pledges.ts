import type { FormError } from './form.ts';
import { siteMessages } from './site-messages.ts';
import { checkPlainText } from './text-checks.ts';

/*
 * Pledges of support made on /donate (docs/decisions.md). Imported as
 * '@urok/contract/pledges', not through the index: a module with zod schemas
 * that the index re-exports joins the entry chunk that /login loads, and only
 * the lazily loaded /donate page needs this one.
 */

/** A pledge; amounts are whole hryvnias (UAH). */
export interface PledgeInput {
  name: string;
  amount: number;
  message: string;
}

export const PLEDGE_LIMITS = {
  name: { min: 2, max: 100 },
  amount: { min: 10, max: 100_000 },
  message: { max: 500 },
} as const;

/** Pledge checks, field by field in form order; the server runs the same on the API body. */
export function checkPledge(input: PledgeInput): FormError<keyof PledgeInput> | null {
  const L = PLEDGE_LIMITS;
  const name = input.name.trim();
  if (name.length < L.name.min || name.length > L.name.max) {
    return { message: siteMessages.pledgeNameInvalid, fields: ['name'] };
  }
  if (
    !Number.isInteger(input.amount) ||
    input.amount < L.amount.min ||
    input.amount > L.amount.max
  ) {
    return { message: siteMessages.pledgeAmountInvalid, fields: ['amount'] };
  }
  if (input.message.trim().length > L.message.max) {
    return { message: siteMessages.pledgeMessageTooLong, fields: ['message'] };
  }
  return checkPlainText(input, { name: 'line', message: 'text' });
}

/**
 * The amount typed in the form as the number the API takes: digits only
 * (spaces allowed as thousands separators); anything else is NaN, which
 * checkPledge refuses.
 */
export function parsePledgeAmount(value: string): number {
  const digits = value.replace(/[\s\u00a0]/g, '');
  return /^\d{1,9}$/.test(digits) ? Number(digits) : Number.NaN;
}

export type { Pledge, PledgeResponse } from './schemas/pledges.ts';
