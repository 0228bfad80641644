import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, refreshPlannerStatistics } from '../src/db/connection.ts';

describe('planner statistics (SQLite)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-stats-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('are refreshed when a table outgrew them, so a scan chosen for a tiny table is not kept', async () => {
    const { db, sqlite } = openDatabase({ sqlitePath: path.join(dir, 'urok.db') });
    await migrateToLatest(db);
    const raw = sqlite!;
    const now = new Date().toISOString();
    const user = raw.prepare(
      `insert into users (id, username, telephone, email, bio, is_admin, password_hash, created_at, updated_at)
       values (?, 'u', ?, 'u@example.com', '', 0, 'x', ?, ?)`,
    );
    const session = raw.prepare(
      'insert into sessions (token_hash, user_id, created_at, expires_at) values (?, ?, ?, ?)',
    );
    user.run('u0', '+380670000000', now, now);
    session.run('t0', 'u0', now, now);
    session.run('t1', 'u0', now, now);
    // Statistics taken while the table held two rows: the planner then prefers scanning it.
    raw.exec('analyze');
    const plan = () =>
      raw
        .prepare(
          "explain query plan delete from sessions where user_id = 'u1' and token_hash != 't'",
        )
        .all()
        .map((row) => (row as { detail: string }).detail)
        .join(' | ');
    expect(plan()).toMatch(/^SCAN sessions/);

    raw.transaction(() => {
      for (let i = 1; i <= 2000; i += 1) {
        user.run(`u${i}`, `+38067${String(i).padStart(7, '0')}`, now, now);
        for (let j = 0; j < 3; j += 1) session.run(`t${i}-${j}`, `u${i}`, now, now);
      }
    })();
    expect(plan(), 'stale statistics keep the scan').toMatch(/^SCAN sessions/);

    refreshPlannerStatistics(raw);
    expect(plan()).toContain('USING INDEX sessions_user_id');
    await db.destroy();
  });
});
