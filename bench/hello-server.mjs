#!/usr/bin/env node
// The reference servers: `node hello-server.mjs http|fastify|argon2 [hash]`.
// Listens on a free loopback port and prints it. http and fastify answer
// {"hello":"world"} to every GET; argon2 is Fastify verifying the posted
// {"password"} against `hash` and nothing else: what a sign-in costs at least.
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
} else if (kind === 'argon2') {
  const require = createRequire(path.resolve(import.meta.dirname, '../apps/server/package.json'));
  const Fastify = require('fastify');
  const { verify } = require('@node-rs/argon2');
  const hash = process.argv[3];
  const app = Fastify({ logger: false });
  app.post('/', async (request) => ({ ok: await verify(hash, request.body.password) }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`PORT=${app.server.address().port}`);
} else {
  console.error('usage: hello-server.mjs http|fastify|argon2 [hash]');
  process.exit(2);
}
