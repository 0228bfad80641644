#!/usr/bin/env node
// What one long transaction costs with the read cache's triggers: N new
// accounts in one transaction (as a bulk import, or bench:seed's fixture),
// each raising its table's version and its person's scope
// (apps/server/src/db/cache-versions.ts). Time should grow with N, not with
// its square. On a fresh SQLite file and, with DATABASE_URL, a fresh
// PostgreSQL schema. `node bench/bulk-transaction.mjs [N,N,…]` prints ms per
// transaction and per 1,000 accounts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { register } from 'tsx/esm/api';

register();
const root = path.resolve(import.meta.dirname, '..');
const server = (file) => import(pathToFileURL(path.join(root, 'apps/server/src', file)).href);
const { migrateToLatest, openDatabase } = await server('db/connection.ts');

const SIZES = (process.argv[2] ?? '2000,8000,16000,32000').split(',').map(Number);

async function timeOne(db, n, run) {
  const now = new Date().toISOString();
  const users = Array.from({ length: n }, (_, i) => ({
    id: `bulk-${run}-${i}`,
    username: `Учень ${i}`,
    telephone: `+3805${String(run).padStart(2, '0')}${String(i).padStart(6, '0')}`,
    email: `bulk-${run}-${i}@example.com`,
    bio: '',
    is_admin: 0,
    password_hash: 'x',
    created_at: now,
    updated_at: now,
  }));
  const started = performance.now();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < users.length; i += 500)
      await trx
        .insertInto('users')
        .values(users.slice(i, i + 500))
        .execute();
  });
  return performance.now() - started;
}

async function measure(label, db, schema) {
  await migrateToLatest(db, { schema });
  for (const [run, n] of SIZES.entries()) {
    const ms = await timeOne(db, n, run);
    console.log(
      `${label.padEnd(11)} ${String(n).padStart(7)} accounts in one transaction: ${ms.toFixed(0).padStart(6)} ms, ${((ms * 1000) / n).toFixed(0).padStart(4)} ms per 1,000`,
    );
  }
  await db.destroy();
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-bulk-'));
await measure('SQLite', openDatabase({ sqlitePath: path.join(dir, 'urok.db') }).db);
fs.rmSync(dir, { recursive: true, force: true });

if (process.env.DATABASE_URL) {
  const pg = createRequire(path.join(root, 'apps/server/package.json'))('pg');
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const schema = `bulk_${process.pid}`;
  await admin.query(`create schema ${schema}`);
  try {
    const { db } = openDatabase({
      url: process.env.DATABASE_URL,
      schema,
      sqlitePath: path.join(os.tmpdir(), 'unused.db'),
    });
    await measure('PostgreSQL', db, schema);
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}
