#!/usr/bin/env node
// Creates or drops a PostgreSQL database on the local server (CI gives each run its own).
// Usage: node scripts/pg-database.mjs create|drop NAME   (server: PGURL or postgres://postgres@127.0.0.1:5432/test)
import pg from 'pg';

const [action, name] = process.argv.slice(2);
if (!['create', 'drop'].includes(action) || !/^[a-z_][a-z0-9_]*$/.test(name ?? '')) {
  console.error('usage: pg-database.mjs create|drop name');
  process.exit(2);
}
const client = new pg.Client({
  connectionString: process.env.PGURL ?? 'postgres://postgres@127.0.0.1:5432/test',
});
try {
  await client.connect();
  await client.query(
    action === 'create'
      ? `CREATE DATABASE ${name}`
      : `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`,
  );
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await client.end().catch(() => {});
}
