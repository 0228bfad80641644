import { setTimeout as wait } from 'node:timers/promises';
import { messages } from '@urok/contract';
import { AppError } from '../../app-error.ts';
import { RATE_LIMITS, type RateLimiter } from '../../lib/rate-limiter.ts';

/**
 * Sign-in throttling that cannot be turned against the account's owner
 * (docs/decisions.md, sign-in throttling). Only failures count, and per telephone AND address:
 * a guesser at one address is slowed, then refused, while the owner signing
 * in from another address is not; a success resets its own pair. Each
 * address also has a cap on failures over all numbers, so it cannot try many.
 *
 * Every attempt takes its place in both counts before the password is
 * checked (so simultaneous guesses cannot overrun a limit), and gives it back
 * when it turns out not to be a failure. "Unknown telephone" and "wrong
 * password" are one failure, as they are one answer.
 *
 * Why this is not @fastify/rate-limit, as every other limit is
 * (docs/decisions.md, rate limits): that library counts every request it
 * sees, and its stores can only add one or read the count. They cannot give
 * a call back (a success, or a fault of the server) nor forget a pair's
 * failures after a success. Its read-only check (`increment: false`) before
 * counting a failure afterwards would let simultaneous guesses all pass the
 * check before any is counted. So the two counts stay here, in memory
 * (lib/rate-limiter.ts) or in the same Redis (lib/redis-rate-limiter.ts).
 */

/** Failures of one pair answered at once; each further one waits (signInFailureDelayMs). */
export const FREE_SIGN_IN_FAILURES = 3;
/** The longest wait, as a multiple of the configured first wait. */
export const MAX_DELAY_FACTOR = 8;

/**
 * How long the answer to the `failure`-th failure (1-based) of one pair in a
 * window waits: nothing for the first three, then `baseMs`, twice that, four
 * times, and eight times from then on (with 1 s: 0, 0, 0, 1, 2, 4, 8, 8 … s).
 */
export function signInFailureDelayMs(failure: number, baseMs: number): number {
  if (failure <= FREE_SIGN_IN_FAILURES) return 0;
  const doublings = Math.min(failure - FREE_SIGN_IN_FAILURES - 1, Math.log2(MAX_DELAY_FACTOR));
  return baseMs * 2 ** doublings;
}

function tooManyRequests(retryAfterSeconds: number): AppError {
  return new AppError('TOO_MANY_REQUESTS', messages.tooManyRequests, undefined, retryAfterSeconds);
}

/**
 * Runs `signIn` for `telephone` (canonical) from `address` under the limits:
 * 429 with Retry-After once the pair or the address is over its failures; a
 * failure (401) is answered after its delay. The wait is a timer, not a lock:
 * other requests, this pair's included, go on meanwhile.
 */
export async function throttleSignIn<T>(
  limiter: RateLimiter,
  telephone: string,
  address: string,
  delayBaseMs: number,
  signIn: () => Promise<T>,
): Promise<T> {
  const pairRule = RATE_LIMITS.loginFailuresPerPair;
  const addressRule = RATE_LIMITS.loginFailuresPerIp;
  // Neither part holds a space, so the key names one pair.
  const pairKey = `${telephone} ${address}`;

  const pair = await limiter.consume(pairKey, pairRule);
  if (!pair.allowed) throw tooManyRequests(pair.retryAfterSeconds);
  const fromAddress = await limiter.consume(address, addressRule);
  if (!fromAddress.allowed) {
    await limiter.refund(pairKey, pairRule);
    throw tooManyRequests(fromAddress.retryAfterSeconds);
  }

  let result: T;
  try {
    result = await signIn();
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAUTHORIZED') {
      const delayMs = signInFailureDelayMs(pair.count, delayBaseMs);
      if (delayMs > 0) await wait(delayMs);
    } else {
      // Not a failed guess (a fault of the server): nothing to count.
      await Promise.all([limiter.refund(pairKey, pairRule), limiter.refund(address, addressRule)]);
    }
    throw error;
  }
  await Promise.all([limiter.reset(pairKey, pairRule), limiter.refund(address, addressRule)]);
  return result;
}
