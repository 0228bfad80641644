#!/usr/bin/env node
// What one access line costs, as pino writes it and as lib/access-line.ts
// does: `log.info({ req, res, responseTime }, 'request completed')` with the
// server's log options, against writeAccessLine, on a real Fastify request
// and reply (a kept read of a student's course list), each written to a
// destination that only counts characters. Interleaved round by round;
// `node bench/access-line.mjs [rounds]` prints ns per line for each.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const root = path.resolve(import.meta.dirname, '..');
const server = (file) => import(pathToFileURL(path.join(root, 'apps/server/src', file)).href);
const { loggerOptions } = await server('app.ts');
const { writeAccessLine } = await server('lib/access-line.ts');
const Fastify = createRequire(path.join(root, 'apps/server/package.json'))('fastify');

const rounds = Number(process.argv[2] ?? 5);
const LINES = 200_000;

let characters = 0;
const app = Fastify({
  logger: loggerOptions('info', { write: (line) => (characters += line.length) }),
  logController: new Fastify.LogController({ disableRequestLogging: true }),
});
let captured;
app.get('/api/user/:id/courses', async () => ({ courses: [] }));
app.addHook('onResponse', (request, reply, done) => {
  captured = { request, reply };
  done();
});
await app.inject({
  method: 'GET',
  url: '/api/user/01941f38-c228-72f4-b715-c5c2a98be6dc/courses',
  headers: { authorization: 'Bearer bench', 'accept-encoding': 'gzip, deflate, br, zstd' },
});
const { request, reply } = captured;

const sides = {
  'pino (log.info)': () =>
    reply.log.info(
      { req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    ),
  writeAccessLine: () => writeAccessLine(request, reply),
};
const results = Object.fromEntries(Object.keys(sides).map((name) => [name, []]));
for (let round = 0; round <= rounds; round += 1) {
  for (const [name, write] of Object.entries(sides)) {
    const start = process.hrtime.bigint();
    for (let n = 0; n < LINES; n += 1) write();
    const ns = Number(process.hrtime.bigint() - start) / LINES;
    // Round 0 warms both up and is not counted.
    if (round > 0) results[name].push(ns);
  }
}
await app.close();
for (const [name, values] of Object.entries(results)) {
  values.sort((a, b) => a - b);
  const median = values[Math.floor(values.length / 2)];
  console.log(
    `${name.padEnd(18)} ${median.toFixed(0).padStart(6)} ns/line (median of ${values.length}; ${values.map((v) => v.toFixed(0)).join(', ')})`,
  );
}
console.log(`(${characters} characters written)`);
