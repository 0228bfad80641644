import type { FastifyInstance } from 'fastify';
import { messages } from '@urok/contract';
import { AppError } from '../app-error.ts';
import type { RateLimiter, RateLimitRule } from '../lib/rate-limiter.ts';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
    /** Counts one request against `rule` for `key`; throws 429 with Retry-After once over the limit. */
    throttle(rule: RateLimitRule, key: string): Promise<void>;
  }
}

export function registerRateLimit(app: FastifyInstance, limiter: RateLimiter): void {
  app.decorate('rateLimiter', limiter);
  app.decorate('throttle', async (rule: RateLimitRule, key: string) => {
    const result = await limiter.consume(key, rule);
    if (!result.allowed) {
      throw new AppError(
        'TOO_MANY_REQUESTS',
        messages.tooManyRequests,
        undefined,
        result.retryAfterSeconds,
      );
    }
  });
  app.addHook('onClose', async () => {
    await limiter.close();
  });
}
