#!/usr/bin/env node
// The reference servers: `node hello-server.mjs http|fastify`. Listens on a
// free loopback port and prints it; answers {"hello":"world"} to every GET.
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';

const kind = process.argv[2];
const body = JSON.stringify({ hello: 'world' });

if (kind === 'http') {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  });
  server.listen(0, '127.0.0.1', () => console.log(`PORT=${server.address().port}`));
} else if (kind === 'fastify') {
  // Fastify as the server workspace resolves it: the same version the product runs.
  const require = createRequire(path.resolve(import.meta.dirname, '../apps/server/package.json'));
  const Fastify = require('fastify');
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`PORT=${app.server.address().port}`);
} else {
  console.error('usage: hello-server.mjs http|fastify');
  process.exit(2);
}
