/**
 * Every limit of the API, and the failure counter of sign-in.
 *
 * All limits but sign-in's are counted by @fastify/rate-limit
 * (plugins/rate-limit.ts): in memory, or in Redis when REDIS_URL is set.
 * Sign-in counts only failures, which that library cannot express
 * (docs/decisions.md, rate limits): its two rules are counted by the
 * RateLimiter below, and by lib/redis-rate-limiter.ts with Redis.
 */

import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key an address is counted under (docs/decisions.md, rate limits): an
 * IPv4 address as it is, an IPv6 address by its /64 — one home or one phone
 * gets a whole /64 and picks any address in it, so a count per full address
 * would be passed by walking the prefix. An IPv4-mapped IPv6 address is its
 * IPv4 address. Anything else (no address at all) is kept as it came.
 */
export function addressKey(ip: string): string {
  const address = (ip.split('%')[0] ?? '').toLowerCase();
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return ip;
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  // An IPv4 tail (64:ff9b::1.2.3.4) is two groups; only the first four groups matter here.
  const hex = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_all, a, b, c, d) =>
    [((Number(a) << 8) | Number(b)).toString(16), ((Number(c) << 8) | Number(d)).toString(16)].join(
      ':',
    ),
  );
  const [left = '', right] = hex.split('::');
  const head = left === '' ? [] : left.split(':');
  const tail = right === undefined || right === '' ? [] : right.split(':');
  const groups =
    right === undefined
      ? head
      : [...head, ...Array(8 - head.length - tail.length).fill('0'), ...tail];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

export interface RateLimitRule {
  /** Part of the bucket key, so two rules never share a counter. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** A rule of the routes' limits (plugins/rate-limit.ts). */
export interface RouteLimitRule extends RateLimitRule {
  /** Whose calls one counter holds: an address's (request.ip) or a signed-in account's. */
  per: 'ip' | 'user';
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets; 0 when allowed. */
  retryAfterSeconds: number;
  /** Calls the window has counted for the key, this one included; `limit + 1` when refused. */
  count: number;
}

/** The sign-in failure counts (features/auth/sign-in-throttle.ts); no other route uses it. */
export interface RateLimiter {
  /** Counts one call; refused (and not counted) once the window holds `limit` calls. */
  consume(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
  /**
   * Gives back one counted call (a call that turned out not to be what the
   * rule counts, e.g. a sign-in that succeeded): the count drops by one,
   * never below zero; nothing happens once the window has ended.
   */
  refund(key: string, rule: RateLimitRule): Promise<void>;
  /** Forgets the key's count under `rule`. */
  reset(key: string, rule: RateLimitRule): Promise<void>;
  close(): Promise<void>;
}

/** Every limit of the API, in one place. */
export const RATE_LIMITS = {
  // ---- accounts: sign-in ----
  /**
   * Failed sign-ins of one telephone from one address (features/auth/sign-in-throttle.ts):
   * a success resets it, and the owner signing in from elsewhere is never stopped by it.
   */
  loginFailuresPerPair: {
    name: 'login-failures-telephone-ip',
    limit: 10,
    windowSeconds: 15 * 60,
    per: 'ip',
  },
  /**
   * Failed sign-ins from one address, whatever the telephone, so one address cannot try many
   * numbers; successes are given back, so a school behind one address signs in a whole class.
   */
  loginFailuresPerIp: { name: 'login-failures-ip', limit: 100, windowSeconds: 15 * 60, per: 'ip' },
  // ---- end of sign-in section ----
  registerPerIp: { name: 'register-ip', limit: 20, windowSeconds: 60 * 60, per: 'ip' },
  teacherApplicationPerIp: {
    name: 'teacher-application-ip',
    limit: 10,
    windowSeconds: 60 * 60,
    per: 'ip',
  },
  /** Homework uploads, each up to 20 MB of disk. */
  homeworkUploadPerUser: {
    name: 'homework-upload-user',
    limit: 30,
    windowSeconds: 10 * 60,
    per: 'user',
  },
  /** A student withdrawing ungraded submissions (a file removal each): as many as they may upload. */
  homeworkDeletePerUser: {
    name: 'homework-delete-user',
    limit: 30,
    windowSeconds: 10 * 60,
    per: 'user',
  },
  /**
   * Enrolling and leaving, one budget per account: each changes a course's count and so
   * empties the catalog's kept pages for every process.
   */
  enrollmentPerUser: { name: 'enrollment-user', limit: 60, windowSeconds: 10 * 60, per: 'user' },
  /** Course creation and updates, each with a cover of up to 5 MB. */
  courseWritePerUser: { name: 'course-write-user', limit: 30, windowSeconds: 10 * 60, per: 'user' },
  // ---- classes ----
  /** Join codes typed by one account: a class joins at once, a guesser of 31^8 codes gets nowhere. */
  joinCoursePerUser: { name: 'join-course-user', limit: 20, windowSeconds: 10 * 60, per: 'user' },
  /** The author adding students by telephone, one by one for a whole class. */
  addStudentPerUser: { name: 'add-student-user', limit: 120, windowSeconds: 10 * 60, per: 'user' },
  // ---- end of classes section ----
  // ---- course content ----
  /** Sections, lessons (an editor autosaves), the outline, deletions: one budget per author. */
  contentWritePerUser: {
    name: 'content-write-user',
    limit: 600,
    windowSeconds: 10 * 60,
    per: 'user',
  },
  /** Lesson attachments (up to 50 MB each) and videos (up to VIDEO_MAX_MB each). */
  contentUploadPerUser: {
    name: 'content-upload-user',
    limit: 60,
    windowSeconds: 10 * 60,
    per: 'user',
  },
  /**
   * Resumable uploads (tus) created: each may become a submission, an attachment or a video, so
   * as many as the homework and content upload budgets together.
   */
  resumableUploadCreatePerUser: {
    name: 'resumable-upload-create-user',
    limit: 90,
    windowSeconds: 10 * 60,
    per: 'user',
  },
  /**
   * The requests that carry and resume them (HEAD, PATCH, DELETE): a client sends a file in
   * chunks and retries after every dropped connection, so many more; each is bounded by its upload.
   */
  resumableUploadRequestPerUser: {
    name: 'resumable-upload-request-user',
    limit: 3000,
    windowSeconds: 10 * 60,
    per: 'user',
  },
  /** Marking lessons done and not done. */
  lessonCompletionPerUser: {
    name: 'lesson-completion-user',
    limit: 300,
    windowSeconds: 10 * 60,
    per: 'user',
  },
  // ---- end of course content section ----
  // ---- assignments and grading ----
  /** Creating, editing (an editor autosaves) and deleting assignments. */
  assignmentWritePerUser: {
    name: 'assignment-write-user',
    limit: 600,
    windowSeconds: 10 * 60,
    per: 'user',
  },
  /** Grades and regrades: a teacher marks a class's work in one sitting. */
  gradeWritePerUser: { name: 'grade-write-user', limit: 600, windowSeconds: 10 * 60, per: 'user' },
  /** Comments on submissions, by students and authors alike. */
  homeworkCommentPerUser: {
    name: 'homework-comment-user',
    limit: 60,
    windowSeconds: 10 * 60,
    per: 'user',
  },
  // ---- quizzes ----
  /** The question bank, quizzes, imports and the grading of attempts (an editor autosaves). */
  quizWritePerUser: { name: 'quiz-write-user', limit: 600, windowSeconds: 10 * 60, per: 'user' },
  /** Starting attempts, saving answers as they are given (typing is debounced) and submitting. */
  quizAnswerPerUser: {
    name: 'quiz-answer-user',
    limit: 3000,
    windowSeconds: 10 * 60,
    per: 'user',
  },
  // ---- end of quizzes section ----
  /** Making and revoking one's private calendar feed address. */
  calendarFeedPerUser: {
    name: 'calendar-feed-user',
    limit: 20,
    windowSeconds: 10 * 60,
    per: 'user',
  },
  // ---- end of assignments section ----
  // ---- public-site work ----
  /** /donate pledges: anonymous writes, so per address. */
  pledgePerIp: { name: 'pledge-ip', limit: 10, windowSeconds: 60 * 60, per: 'ip' },
  // ---- end of public-site section ----
  /** Guesses at the current password of a signed-in account (a stolen session). */
  passwordChangePerUser: {
    name: 'password-change-user',
    limit: 10,
    windowSeconds: 15 * 60,
    per: 'user',
  },
  /** Reset tokens are 256-bit, so this only bounds the password-hashing work an address can cause. */
  passwordResetPerIp: { name: 'password-reset-ip', limit: 20, windowSeconds: 15 * 60, per: 'ip' },
  // ---- forgot password ----
  /** Asking for a reset mail from one address, whatever the number (a school shares one address). */
  forgotPasswordPerIp: { name: 'forgot-password-ip', limit: 30, windowSeconds: 60 * 60, per: 'ip' },
  /**
   * Reset mails for one number, and to one e-mail address, wherever asked from: counted by the
   * sign-in limiter after the answer (features/auth), so nobody can flood a mailbox. Over either,
   * no mail goes and the answer is the same.
   */
  forgotPasswordPerTelephone: {
    name: 'forgot-password-telephone',
    limit: 3,
    windowSeconds: 60 * 60,
    per: 'ip',
  },
  forgotPasswordPerEmail: {
    name: 'forgot-password-email',
    limit: 3,
    windowSeconds: 60 * 60,
    per: 'ip',
  },
  // ---- end of forgot password section ----
  // ---- accounts ----
  /**
   * Profile saves that change the telephone, whatever their answer: each checks the current
   * password and may say that a number is taken (409), so neither is probed at speed.
   */
  telephoneChangePerUser: {
    name: 'telephone-change-user',
    limit: 10,
    windowSeconds: 15 * 60,
    per: 'user',
  },
  // ---- end of accounts section ----
  // ---- operators ----
  /** The console's changes (decisions, roles, blocks, reset links, visibility), per operator: a hand's pace, not a script's. */
  adminWritePerUser: { name: 'admin-write-user', limit: 120, windowSeconds: 10 * 60, per: 'user' },
  // ---- end of operators section ----
} as const satisfies Record<string, RouteLimitRule>;

interface Bucket {
  count: number;
  resetAt: number;
}

export interface MemoryRateLimiterOptions {
  now?: () => number;
  sweepIntervalMs?: number;
  /** A ceiling on memory when many keys arrive within one window (e.g. a spray of addresses). */
  maxBuckets?: number;
}

/** Fixed-window counters in a Map; expired buckets are swept in the background. */
export class MemoryRateLimiter implements RateLimiter {
  readonly #buckets = new Map<string, Bucket>();
  readonly #now: () => number;
  readonly #maxBuckets: number;
  readonly #timer: NodeJS.Timeout;

  constructor(options: MemoryRateLimiterOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#maxBuckets = options.maxBuckets ?? 100_000;
    this.#timer = setInterval(() => this.sweep(), options.sweepIntervalMs ?? 60_000);
    // The sweep must never keep the process (or a test run) alive.
    this.#timer.unref();
  }

  get size(): number {
    return this.#buckets.size;
  }

  async consume(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const now = this.#now();
    const bucketKey = `${rule.name}:${key}`;
    let bucket = this.#buckets.get(bucketKey);
    if (!bucket || bucket.resetAt <= now) {
      this.#makeRoom();
      bucket = { count: 0, resetAt: now + rule.windowSeconds * 1000 };
      this.#buckets.delete(bucketKey);
      this.#buckets.set(bucketKey, bucket);
    }
    // Stop counting past the limit: the answer is the same and the number stays small.
    if (bucket.count < rule.limit) {
      bucket.count += 1;
      return { allowed: true, retryAfterSeconds: 0, count: bucket.count };
    }
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((bucket.resetAt - now) / 1000)),
      count: rule.limit + 1,
    };
  }

  async refund(key: string, rule: RateLimitRule): Promise<void> {
    const bucket = this.#buckets.get(`${rule.name}:${key}`);
    if (bucket && bucket.resetAt > this.#now() && bucket.count > 0) bucket.count -= 1;
  }

  async reset(key: string, rule: RateLimitRule): Promise<void> {
    this.#buckets.delete(`${rule.name}:${key}`);
  }

  /** Drops every bucket whose window has ended. */
  sweep(): void {
    const now = this.#now();
    for (const [key, bucket] of this.#buckets) {
      if (bucket.resetAt <= now) this.#buckets.delete(key);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    this.#buckets.clear();
  }

  #makeRoom(): void {
    if (this.#buckets.size < this.#maxBuckets) return;
    this.sweep();
    // Still full: forget the oldest windows (Map keeps insertion order) rather than grow without bound.
    for (const key of this.#buckets.keys()) {
      if (this.#buckets.size < this.#maxBuckets) break;
      this.#buckets.delete(key);
    }
  }
}

/** For RATE_LIMIT=off (benchmarks, browser tests): every call is allowed. */
export const unlimitedRateLimiter: RateLimiter = {
  consume: async () => ({ allowed: true, retryAfterSeconds: 0, count: 0 }),
  refund: async () => {},
  reset: async () => {},
  close: async () => {},
};
