import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyRateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { messages } from '@urok/contract';
import { AppError } from '../app-error.ts';
import { addressKey, type RateLimiter, type RouteLimitRule } from '../lib/rate-limiter.ts';

/** A route hook that counts the request against one rule and throws 429 once it is over. */
export type RateLimitHook = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The sign-in failure counts (features/auth/sign-in-throttle.ts); closed with the app. */
    signInLimiter: RateLimiter;
    /**
     * The hook of `rule` (RATE_LIMITS), for a route's preValidation or
     * preHandler: counts each request of the caller's address, or of the
     * signed-in account (so it runs after requireUser), and throws 429 with
     * Retry-After once the window holds `rule.limit` calls. Every route given
     * one rule shares its counter. `when` leaves a request uncounted when it
     * returns false.
     */
    rateLimited(
      rule: RouteLimitRule,
      options?: { when?: (request: FastifyRequest) => boolean },
    ): RateLimitHook;
  }
}

export interface RateLimitSetup {
  /** config.rateLimit: false allows every call (benchmarks, browser tests). */
  enabled: boolean;
  /** Counts in this Redis (REDIS_URL), under `keyPrefix`, instead of in memory. */
  redis?: Redis;
  keyPrefix: string;
  /** A store of the library's `store` option in place of its own (tests of which rule a route counts). */
  store?: FastifyRateLimitStoreCtor;
  signInLimiter: RateLimiter;
}

function tooManyRequests(retryAfterSeconds: number): AppError {
  return new AppError(
    'TOO_MANY_REQUESTS',
    messages.tooManyRequests,
    undefined,
    Math.max(1, retryAfterSeconds),
  );
}

/**
 * Rate limits by @fastify/rate-limit (docs/decisions.md, rate limits). Each
 * rule gets one limiter of the library's createRateLimit, made on first use
 * and shared by every route of the rule: its per-route `config.rateLimit`
 * would give each route a counter of its own, while several rules are one
 * budget over many routes (content writes, console changes). The hook is
 * ours, so the refusal is the API's usual 429 body, with Retry-After and no
 * other header, and a store that fails (Redis lost after start-up) is logged
 * and the request allowed.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  setup: RateLimitSetup,
): Promise<void> {
  app.decorate('signInLimiter', setup.signInLimiter);
  app.addHook('onClose', async () => {
    await setup.signInLimiter.close();
  });
  if (!setup.enabled) {
    const allowed: RateLimitHook = async () => {};
    app.decorate('rateLimited', () => allowed);
    return;
  }

  await app.register(fastifyRateLimit, {
    // No route is limited unless it asks (rateLimited).
    global: false,
    redis: setup.redis,
    nameSpace: setup.keyPrefix,
    store: setup.store,
    // Store errors reach the hook below, which logs them and lets the request through.
    skipOnError: false,
  });

  // In memory, each rule's counters are the library's LRU of 5,000 keys: a spray of addresses or
  // accounts cannot grow memory without bound. In Redis every key expires with its window.
  const hooks = new Map<string, RateLimitHook>();
  const hookOf = (rule: RouteLimitRule): RateLimitHook => {
    const known = hooks.get(rule.name);
    if (known) return known;
    const check = app.createRateLimit({
      max: rule.limit,
      timeWindow: rule.windowSeconds * 1000,
      // The rule's name is part of the key: rules never share a counter, in memory or in Redis.
      keyGenerator: (request) =>
        `${rule.name}:${rule.per === 'user' ? request.user?._id : addressKey(request.ip)}`,
    });
    const hook: RateLimitHook = async (request) => {
      // A per-account limit runs after the route's requireUser; never count an anonymous caller.
      if (rule.per === 'user' && !request.user)
        throw new AppError('UNAUTHORIZED', messages.tokenNotFound);
      let result;
      try {
        result = await check(request);
      } catch (error) {
        // Redis went away after start-up: fail open (and say so in the log) rather than refuse
        // every upload and registration; the limits return with Redis.
        request.log.error({ err: error }, 'rate limit store failed; request allowed');
        return;
      }
      if (!result.isAllowed && result.isExceeded) throw tooManyRequests(result.ttlInSeconds);
    };
    hooks.set(rule.name, hook);
    return hook;
  };
  app.decorate('rateLimited', (rule: RouteLimitRule, options = {}) => {
    const hook = hookOf(rule);
    const { when } = options;
    if (!when) return hook;
    return async (request: FastifyRequest) => {
      if (when(request)) await hook(request);
    };
  });
}
