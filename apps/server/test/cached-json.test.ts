import { describe, expect, it } from 'vitest';
import { CachedJson, JsonPart, PrebuiltJson } from '../src/lib/cached-json.ts';

const part = (value: unknown, order = '') =>
  new JsonPart(Buffer.from(JSON.stringify(value)), order);

/** The ETag a PrebuiltJson's answer is sent with. */
const etagOf = (json: PrebuiltJson) => new CachedJson(json.bytes, json.digest).etag;

describe('an answer built from parts', () => {
  it('is its head, its parts separated by commas, and its tail', () => {
    for (const count of [0, 1, 3]) {
      const rows = Array.from({ length: count }, (_, i) => ({
        _id: `s${i}`,
        username: `Олеся "${i}" \u2028 Коваль`,
      }));
      const json = new PrebuiltJson(
        '{"students":[',
        rows.map((row) => part(row)),
        ']}',
      );
      expect(json.bytes.toString()).toBe(JSON.stringify({ students: rows }));
    }
  });

  it('has an ETag that changes when a part or the order of the parts changes, and only then', () => {
    const [a, b, c] = [part({ n: 1 }), part({ n: 2 }), part({ n: 3 })];
    const answer = (...parts: JsonPart[]) => etagOf(new PrebuiltJson('[', parts, ']'));
    expect(answer(a!, b!, c!)).toBe(answer(part({ n: 1 }), part({ n: 2 }), part({ n: 3 })));
    expect(answer(a!, b!, c!)).not.toBe(answer(a!, part({ n: 20 }), c!));
    expect(answer(a!, b!, c!)).not.toBe(answer(b!, a!, c!));
    expect(answer(a!, b!)).not.toBe(answer(a!, b!, c!));
    expect(etagOf(new PrebuiltJson('{"a":[', [a!], ']}'))).not.toBe(
      etagOf(new PrebuiltJson('{"b":[', [a!], ']}')),
    );
  });

  it('counts a part at its bytes against the read cache', () => {
    const big = part({ text: 'x'.repeat(10_000) });
    expect(big.byteLength).toBeGreaterThanOrEqual(10_000);
    expect(big.byteLength).toBeLessThan(10_200);
  });
});
