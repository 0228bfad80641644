import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { gradebookSchema, usersWithHomeworkResponseSchema } from '@urok/contract/schemas';
import { CachedJson, jsonInSlices } from '../src/lib/cached-json.ts';

/** A gradebook of `count` students with names outside ASCII and a key its schema strips. */
function gradebookOf(count: number) {
  return {
    assignments: [
      { _id: 'a1', title: 'Дроби', kind: 'assignment' as const, maxPoints: 12, dueAt: null },
    ],
    students: Array.from({ length: count }, (_, i) => ({
      _id: `s${i}`,
      username: `Олеся "${i}" \u2028 Коваль`,
      cells: {
        a1: {
          status: 'graded' as const,
          points: i % 13,
          grade: String(i % 13),
          homeworkId: `h${i}`,
        },
      },
      percent: i % 100,
      passwordHash: 'never in an answer',
    })),
  };
}

describe('an answer built in slices', () => {
  it('has the bytes and the ETag of the whole answer built at once', async () => {
    for (const count of [0, 1, 100, 101, 250]) {
      const value = gradebookOf(count);
      const whole = Buffer.from(JSON.stringify(gradebookSchema.parse(value)));
      const sliced = await jsonInSlices(gradebookSchema, value, 'students');
      expect(sliced.bytes.equals(whole), `${count} students`).toBe(true);
      expect(sliced.parsed).toEqual(gradebookSchema.parse(value));
      expect(new CachedJson(sliced.bytes, sliced.digest).etag).toBe(new CachedJson(whole).etag);
      expect(sliced.digest).toBe(createHash('sha256').update(whole).digest('base64url'));
    }
    expect(
      JSON.parse((await jsonInSlices(gradebookSchema, gradebookOf(3), 'students')).bytes.toString())
        .students[0],
    ).not.toHaveProperty('passwordHash');
  });

  it('lets other work run between its slices', async () => {
    let turns = 0;
    const other = setInterval(() => (turns += 1), 0);
    const users = Array.from({ length: 1000 }, (_, i) => ({
      _id: `u${i}`,
      username: `Учень ${i}`,
      telephone: '+380671234567',
      email: 'u@example.com',
      homework: [],
    }));
    await jsonInSlices(usersWithHomeworkResponseSchema, { users }, 'users');
    clearInterval(other);
    expect(turns).toBeGreaterThan(0);
  });

  it('refuses a field that is not a list of the answer', async () => {
    await expect(jsonInSlices(gradebookSchema, gradebookOf(1), 'nothing')).rejects.toThrow(
      TypeError,
    );
  });

  it('fails as a whole parse fails when an item breaks the schema', async () => {
    const value = gradebookOf(150);
    (value.students[120] as { percent: unknown }).percent = 'many';
    await expect(jsonInSlices(gradebookSchema, value, 'students')).rejects.toThrow();
  });
});
