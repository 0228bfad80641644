import type { Redis } from 'ioredis';
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

/**
 * Connects to REDIS_URL and checks the server answers, or rejects with a
 * RedisUnavailableError within `timeoutMs`: a server configured for shared
 * limits must not start with none. The one client serves @fastify/rate-limit's
 * store (plugins/rate-limit.ts) and the sign-in failure counts below.
 */
export async function connectRedis(url: string, timeoutMs = 5000): Promise<Redis> {
  // Loaded only when configured: the Redis client is not part of every start-up.
  const { Redis: Client } = await import('ioredis');
  const redis = new Client(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    // A request waits for at most one retry, never for a long reconnect.
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  // Without a listener, ioredis prints every failed reconnect; the limiters report what matters.
  let lastError: Error | undefined;
  redis.on('error', (error: Error) => {
    lastError = error;
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      redis.connect().then(() => redis.ping()),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
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
  return redis;
}

/** Closes a client from connectRedis, however it stands. */
export async function closeRedis(redis: Redis): Promise<void> {
  // QUIT lets pending replies arrive; a second is enough, and a server that does not answer
  // (seen after a connection served pub/sub beside it) must not hold up the shutdown.
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      redis.quit(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('QUIT timed out')), 1000);
      }),
    ]);
  } catch {
    redis.disconnect();
  } finally {
    clearTimeout(timer);
  }
}

export interface RedisRateLimiterOptions {
  /** Prefix of every key (REDIS_KEY_PREFIX), e.g. 'urok:rate:'. */
  keyPrefix: string;
  /** Called when Redis fails during a request; the request is then allowed (see consume). */
  onError?: (error: unknown) => void;
}

/**
 * The sign-in failure counts in Redis (features/auth/sign-in-throttle.ts), so
 * that every server process sharing the Redis shares them. It does not own
 * its client: whoever made it with connectRedis closes it.
 */
export class RedisRateLimiter implements RateLimiter {
  readonly #redis: Redis;
  readonly #keyPrefix: string;
  readonly #onError: (error: unknown) => void;

  constructor(redis: Redis, options: RedisRateLimiterOptions) {
    this.#redis = redis;
    this.#keyPrefix = options.keyPrefix;
    this.#onError = options.onError ?? (() => {});
  }

  async consume(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const windowMs = rule.windowSeconds * 1000;
    let reply: unknown;
    try {
      reply = await this.#redis.eval(CONSUME_SCRIPT, 1, this.#key(key, rule), windowMs, rule.limit);
    } catch (error) {
      // Redis went away after start-up: fail open (and say so in the log) rather than refuse every
      // sign-in; the limits return with Redis.
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

  async close(): Promise<void> {}
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
