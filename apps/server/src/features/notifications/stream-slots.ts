/**
 * The slots of open live notification streams, counted per account and per
 * client address across every server process (docs/decisions.md, "limits of
 * the live notification stream"): in Redis when REDIS_URL is set, in this
 * process's memory otherwise (then there is one process per database, or the
 * limits are each process's). A slot is a lease: its stream renews it at
 * every keep-alive, so the slots of a process that died without giving them
 * back lapse by themselves after SLOT_LEASE_KEEPALIVES keep-alives.
 */
import type { Redis } from 'ioredis';

export interface StreamSlot {
  /** A time-ordered id: the oldest slot of an account has the smallest. */
  id: string;
  userId: string;
  /** The client's address as per-address limits count it (lib/rate-limiter.ts addressKey: an IPv6 /64). */
  address: string;
}

export type TakeResult = { refused: 'address' } | { refused?: undefined; evicted: string[] };

export interface StreamSlots {
  /**
   * Takes a slot, or refuses it when the address already holds its limit.
   * Taken, it resolves to the ids of the account's streams over the limit,
   * oldest first: their slots are already gone, and the caller closes them.
   */
  take(slot: StreamSlot, now?: number): Promise<TakeResult>;
  /** Renews a slot's lease; false when it is gone (closed as over the limit): the stream closes. */
  renew(slot: StreamSlot, now?: number): Promise<boolean>;
  /** Gives a slot back (its stream closed). */
  release(slot: StreamSlot): Promise<void>;
}

export interface SlotLimits {
  perAccount: number;
  perAddress: number;
  /** How long a slot lives without a renewal (ms). */
  leaseMs: number;
}

/** A slot lapses after this many keep-alives without a renewal. */
export const SLOT_LEASE_KEEPALIVES = 3;

/** Within this process. */
export class MemoryStreamSlots implements StreamSlots {
  readonly #limits: SlotLimits;
  readonly #byAccount = new Map<string, Map<string, number>>();
  readonly #byAddress = new Map<string, Map<string, number>>();

  constructor(limits: SlotLimits) {
    this.#limits = limits;
  }

  async take(slot: StreamSlot, now = Date.now()): Promise<TakeResult> {
    const address = this.#live(this.#byAddress, slot.address, now);
    if (!address.has(slot.id) && address.size >= this.#limits.perAddress)
      return { refused: 'address' };
    const account = this.#live(this.#byAccount, slot.userId, now);
    const expires = now + this.#limits.leaseMs;
    address.set(slot.id, expires);
    account.set(slot.id, expires);
    const ids = [...account.keys()].sort();
    const evicted = ids.slice(0, Math.max(0, ids.length - this.#limits.perAccount));
    for (const id of evicted) {
      account.delete(id);
      address.delete(id);
    }
    return { evicted };
  }

  async renew(slot: StreamSlot, now = Date.now()): Promise<boolean> {
    const account = this.#byAccount.get(slot.userId);
    if (!account?.has(slot.id)) return false;
    const expires = now + this.#limits.leaseMs;
    account.set(slot.id, expires);
    this.#byAddress.get(slot.address)?.set(slot.id, expires);
    return true;
  }

  async release(slot: StreamSlot): Promise<void> {
    for (const [map, key] of [
      [this.#byAccount, slot.userId],
      [this.#byAddress, slot.address],
    ] as const) {
      const held = map.get(key);
      held?.delete(slot.id);
      if (held?.size === 0) map.delete(key);
    }
  }

  /** The slots under `key` with their lapsed ones dropped. */
  #live(map: Map<string, Map<string, number>>, key: string, now: number): Map<string, number> {
    let held = map.get(key);
    if (!held) {
      held = new Map();
      map.set(key, held);
    }
    for (const [id, expires] of held) if (expires <= now) held.delete(id);
    return held;
  }
}

/**
 * Takes a slot in one script, atomic across processes: lapsed slots dropped
 * from both sets (sorted by expiry), the address refused when full, the slot
 * added, and the account's slots beyond its limit (the smallest ids, the
 * oldest) removed and returned. Both keys expire a lease after their last
 * write, so nothing outlives the streams it counts.
 */
const TAKE_SCRIPT = `
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZSCORE', KEYS[2], ARGV[3]) == false and redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[5]) then
  return { 'address' }
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
redis.call('PEXPIRE', KEYS[2], ARGV[6])
local ids = redis.call('ZRANGE', KEYS[1], 0, -1)
table.sort(ids)
local result = { 'taken' }
for i = 1, #ids - tonumber(ARGV[4]) do
  redis.call('ZREM', KEYS[1], ids[i])
  redis.call('ZREM', KEYS[2], ids[i])
  result[#result + 1] = ids[i]
end
return result
`;

/** Renews a slot still held by its account (ARGV[1] its new expiry); 0 when it is gone. */
const RENEW_SCRIPT = `
if redis.call('ZSCORE', KEYS[1], ARGV[2]) == false then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1
`;

/** In Redis, shared by every process that uses it, under `keyPrefix`. */
export class RedisStreamSlots implements StreamSlots {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #limits: SlotLimits;

  constructor(redis: Redis, keyPrefix: string, limits: SlotLimits) {
    this.#redis = redis;
    this.#prefix = `${keyPrefix}streams:`;
    this.#limits = limits;
  }

  async take(slot: StreamSlot, now = Date.now()): Promise<TakeResult> {
    const result = (await this.#redis.eval(
      TAKE_SCRIPT,
      2,
      ...this.#keys(slot),
      now,
      now + this.#limits.leaseMs,
      slot.id,
      this.#limits.perAccount,
      this.#limits.perAddress,
      this.#limits.leaseMs,
    )) as string[];
    if (result[0] === 'address') return { refused: 'address' };
    return { evicted: result.slice(1) };
  }

  async renew(slot: StreamSlot, now = Date.now()): Promise<boolean> {
    const kept = await this.#redis.eval(
      RENEW_SCRIPT,
      2,
      ...this.#keys(slot),
      now + this.#limits.leaseMs,
      slot.id,
      this.#limits.leaseMs,
    );
    return kept === 1;
  }

  async release(slot: StreamSlot): Promise<void> {
    const [account, address] = this.#keys(slot);
    await this.#redis.multi().zrem(account, slot.id).zrem(address, slot.id).exec();
  }

  #keys(slot: StreamSlot): [string, string] {
    return [`${this.#prefix}account:${slot.userId}`, `${this.#prefix}address:${slot.address}`];
  }
}
