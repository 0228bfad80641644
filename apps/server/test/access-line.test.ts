import Fastify, { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/app.ts';
import { writeAccessLine } from '../src/lib/access-line.ts';

/**
 * A bare Fastify with the server's log options, whose every answer is logged
 * twice: by writeAccessLine, and by pino as the access line used to be.
 */
async function twoLines(level: 'info' | 'warn' = 'info') {
  const written: string[] = [];
  const app = Fastify({
    logger: loggerOptions(level, { write: (line: string) => written.push(line) }),
    trustProxy: true,
    logController: new LogController({ disableRequestLogging: true }),
  });
  const results: boolean[] = [];
  app.get('/*', async () => ({ ok: true }));
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    results.push(writeAccessLine(request, reply));
    reply.log.info(
      { req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
    done();
  });
  await app.ready();
  return { app, written, results };
}

/** A line with its two clock readings (when, and how long it took) made equal. */
const withoutClock = (line: string) =>
  line.replace(/"time":\d+/, '"time":0').replace(/"responseTime":[-+.e\d]+/, '"responseTime":0');

describe('the access line', () => {
  it('is what pino writes for the same request, byte for byte but the clock', async () => {
    const { app, written, results } = await twoLines();
    try {
      const requests = [
        { url: '/api/courses?limit=24' },
        // A reset link's token is cut out of the URL, as the req serializer cuts it.
        { url: '/reset-password?token=secret-reset-token&x=1' },
        { url: '/api/calendar/secret-feed-token.ics' },
        // What a client chooses (a Host, a forwarded address, a path) is quoted as JSON.
        {
          url: '/api/%22quoted%22/\u0436?q=a"b\\c',
          headers: { host: 'evil"host\\name', 'x-forwarded-for': '203.0.113.7, "odd\\addr' },
        },
      ];
      for (const request of requests) await app.inject({ method: 'GET', ...request });
      expect(results).toEqual([true, true, true, true]);
      expect(written).toHaveLength(requests.length * 2);
      for (let n = 0; n < requests.length; n += 1) {
        const ours = written[2 * n]!;
        const pinos = written[2 * n + 1]!;
        expect(ours.endsWith('}\n')).toBe(true);
        expect(withoutClock(ours)).toBe(withoutClock(pinos));
        expect(JSON.parse(ours)).toMatchObject({ level: 30, msg: 'request completed' });
      }
      const logged = written.join('');
      expect(logged).not.toContain('secret-reset-token');
      expect(logged).not.toContain('secret-feed-token');
      expect(JSON.parse(written[6]!).req).toMatchObject({ host: 'evil"host\\name' });
    } finally {
      await app.close();
    }
  });

  it('writes nothing above info, nor without a pino logger', async () => {
    const { app, written, results } = await twoLines('warn');
    const silent = Fastify({ logger: false });
    const silentResults: boolean[] = [];
    silent.get('/', async () => ({ ok: true }));
    silent.addHook('onResponse', (request, reply, done) => {
      silentResults.push(writeAccessLine(request, reply));
      done();
    });
    try {
      await app.inject({ method: 'GET', url: '/api/courses' });
      await silent.inject({ method: 'GET', url: '/' });
      expect(results).toEqual([false]);
      expect(written).toEqual([]);
      expect(silentResults).toEqual([false]);
    } finally {
      await app.close();
      await silent.close();
    }
  });
});
