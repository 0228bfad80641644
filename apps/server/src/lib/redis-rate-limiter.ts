import { Redis } from 'ioredis';
import type { RateLimiter, RateLimitResult, RateLimitRule } from './rate-limiter.ts';

/**
 * One fixed window per key, counted in Redis so that every server process
 * sharing the Redis shares the limits. INCR and the window's PEXPIRE run as
 * one Lua script: atomic, so a crash between them cannot leave a key that
 * never expires, and concurrent requests of several processes count exactly.
 * Like the in-memory limiter, it stops counting at the limit (ARGV[2]), so a
 * refund after refused calls frees exactly one call. Returns the count (the
 * limit + 1 when refused) and the milliseconds left in the window.
 */
const CONSUME_SCRIPT = `
local limit = tonumber(ARGV[2])
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count < limit then
  count = redis.call('INCR', KEYS[1])
else
  count = limit + 1
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;

/** One call given back: never below zero, and never on a window that has ended (DECR keeps the expiry). */
const REFUND_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

export class RedisUnavailableError extends Error {}

export interface RedisRateLimiterOptions {
  /** Prefix of every key (REDIS_KEY_PREFIX), e.g. 'urok:rate:'. */
  keyPrefix: string;
  /** Called when Redis fails during a request; the request is then allowed (see consume). */
  onError?: (error: unknown) => void;
}

export class RedisRateLimiter implements RateLimiter {
  readonly #redis: Redis;
  readonly #keyPrefix: string;
  readonly #onError: (error: unknown) => void;

  private constructor(redis: Redis, options: RedisRateLimiterOptions) {
    this.#redis = redis;
    this.#keyPrefix = options.keyPrefix;
    this.#onError = options.onError ?? (() => {});
  }

  /**
   * Connects and checks the server answers, or rejects with a
   * RedisUnavailableError within `timeoutMs`: a server configured for shared
   * limits must not start with none.
   */
  static async connect(
    url: string,
    options: RedisRateLimiterOptions & { timeoutMs?: number },
  ): Promise<RedisRateLimiter> {
    const timeoutMs = options.timeoutMs ?? 5000;
    const redis = new Redis(url, {
      lazyConnect: true,
      connectTimeout: timeoutMs,
      // A request waits for at most one retry, never for a long reconnect.
      maxRetriesPerRequest: 1,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    // Without a listener, ioredis prints every failed reconnect; consume reports what matters.
    let lastError: Error | undefined;
    redis.on('error', (error: Error) => {
      lastError = error;
    });
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        redis.connect().then(() => redis.ping()),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${timeoutMs} ms`)),
            timeoutMs,
          );
        }),
      ]);
    } catch (error) {
      redis.disconnect();
      const cause = lastError ?? error;
      const reason = (cause instanceof Error ? cause.message : String(cause)).replace(/\.+$/, '');
      throw new RedisUnavailableError(
        `Cannot reach Redis at ${redactUrl(url)} (REDIS_URL): ${reason}. Start Redis, fix REDIS_URL, or unset it to keep limits in memory.`,
      );
    } finally {
      clearTimeout(timer);
    }
    return new RedisRateLimiter(redis, options);
  }

  async consume(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const windowMs = rule.windowSeconds * 1000;
    let reply: unknown;
    try {
      reply = await this.#redis.eval(CONSUME_SCRIPT, 1, this.#key(key, rule), windowMs, rule.limit);
    } catch (error) {
      // Redis went away after start-up: fail open (and say so in the log) rather than refuse every
      // sign-in and upload; the limits return with Redis.
      this.#onError(error);
      return { allowed: true, retryAfterSeconds: 0, count: 0 };
    }
    const [count, ttl] = reply as [number, number];
    if (count <= rule.limit) return { allowed: true, retryAfterSeconds: 0, count };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)), count };
  }

  async refund(key: string, rule: RateLimitRule): Promise<void> {
    try {
      await this.#redis.eval(REFUND_SCRIPT, 1, this.#key(key, rule));
    } catch (error) {
      this.#onError(error);
    }
  }

  async reset(key: string, rule: RateLimitRule): Promise<void> {
    try {
      await this.#redis.del(this.#key(key, rule));
    } catch (error) {
      this.#onError(error);
    }
  }

  #key(key: string, rule: RateLimitRule): string {
    return `${this.#keyPrefix}${rule.name}:${key}`;
  }

  async close(): Promise<void> {
    try {
      await this.#redis.quit();
    } catch {
      this.#redis.disconnect();
    }
  }
}

/** The URL without its password, for messages and logs. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}
