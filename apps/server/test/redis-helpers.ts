import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { requiredInCi } from './backends.ts';

/** The Redis the shared-limit suites use (CI runs one on the default port). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether that Redis answers; the suites that need it are skipped (and say so)
 * when it does not — except under CI=true, where an unreachable Redis throws
 * (backends.ts): CI must test what needs it.
 */
export async function isRedisReachable(url = TEST_REDIS_URL): Promise<boolean> {
  return requiredInCi(`Redis at ${url} (it does not answer)`, await pingRedis(url));
}

async function pingRedis(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** A key prefix no other test run uses, so parallel runs never share counters. */
export function uniqueKeyPrefix(): string {
  return `urok-test:${randomUUID()}:`;
}

/** Deletes every key under `prefix`. */
export async function deleteKeys(prefix: string, url = TEST_REDIS_URL): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export async function countKeys(prefix: string, url = TEST_REDIS_URL): Promise<number> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    return (await redis.keys(`${prefix}*`)).length;
  } finally {
    redis.disconnect();
  }
}
