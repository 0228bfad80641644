import { spawnSync } from 'node:child_process';
import { setImmediate as turnEnd } from 'node:timers/promises';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { LinesPerTurn } from '../src/lib/log-destination.ts';

/** A sink that keeps each write it is given. */
function recordingSink() {
  const writes: string[] = [];
  return { writes, sink: { write: (data: string) => writes.push(data) } };
}

const line = (n: number, size = 100) => `{"n":${n},"pad":"${'x'.repeat(size)}"}\n`;

describe('LinesPerTurn', () => {
  it("writes a turn's lines together once the turn ends, and nothing before", async () => {
    const { writes, sink } = recordingSink();
    const lines = new LinesPerTurn(sink);
    lines.write(line(1));
    lines.write(line(2));
    lines.write(line(3));
    expect(writes).toEqual([]);
    await turnEnd();
    expect(writes).toEqual([line(1) + line(2) + line(3)]);
    lines.write(line(4));
    await turnEnd();
    expect(writes).toEqual([line(1) + line(2) + line(3), line(4)]);
  });

  it('hands a busy turn over every 16 K characters or so, in whole lines', async () => {
    const { writes, sink } = recordingSink();
    const lines = new LinesPerTurn(sink);
    const sent = Array.from({ length: 100 }, (_, n) => line(n, 500));
    for (const each of sent) lines.write(each);
    expect(writes.length).toBeGreaterThanOrEqual(2);
    await turnEnd();
    expect(writes.join('')).toBe(sent.join(''));
    for (const data of writes) {
      expect(data.length).toBeLessThan(16 * 1024 + 600);
      expect(data.endsWith('\n')).toBe(true);
    }
  });

  it('hands over what it holds when flushed, and flushes its destination after', async () => {
    const writes: string[] = [];
    const order: string[] = [];
    const lines = new LinesPerTurn({
      write: (data: string) => {
        writes.push(data);
        order.push('write');
      },
      flush: (done) => {
        order.push('flush');
        done();
      },
    });
    lines.write(line(1));
    lines.write(line(2));
    let flushed = false;
    lines.flush(() => (flushed = true));
    expect(flushed).toBe(true);
    expect(writes).toEqual([line(1) + line(2)]);
    expect(order).toEqual(['write', 'flush']);
    await turnEnd();
    expect(writes).toHaveLength(1);
  });

  it("is pino's destination: each line as pino makes it, in order", async () => {
    const { writes, sink } = recordingSink();
    const logger = pino({ base: undefined }, new LinesPerTurn(sink));
    for (let n = 0; n < 100; n += 1) logger.info({ n }, 'request completed');
    await turnEnd();
    const logged = writes
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((text) => JSON.parse(text) as { n: number; msg: string });
    expect(logged.map((entry) => entry.n)).toEqual(Array.from({ length: 100 }, (_, n) => n));
    expect(logged.every((entry) => entry.msg === 'request completed')).toBe(true);
  });

  // 200 lines are fewer than one hand-over holds: all of them are still held when the process exits.
  it("writes the last turn's lines to standard output when the process exits in that turn", () => {
    const script = `
      import pino from 'pino';
      import { standardOutputLog } from './src/lib/log-destination.ts';
      const logger = pino({ base: undefined }, standardOutputLog());
      for (let n = 0; n < 200; n += 1) logger.info({ n }, 'line');
      process.exit(0);
    `;
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: new URL('..', import.meta.url),
        encoding: 'utf8',
      },
    );
    expect(child.status).toBe(0);
    const logged = child.stdout
      .split('\n')
      .filter(Boolean)
      .map((text) => (JSON.parse(text) as { n: number }).n);
    expect(logged).toEqual(Array.from({ length: 200 }, (_, n) => n));
  });
});
