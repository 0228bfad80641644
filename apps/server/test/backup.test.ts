/**
 * `admin backup` taken while the server keeps taking writes, then `admin
 * restore`: the restored copy passes integrity_check, holds every write
 * acknowledged before the backup began, and every homework row (and cover)
 * of the copy has its file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppInstance } from '../src/app.ts';
import { runAdmin } from '../src/cli/admin.ts';
import type { AdminIo } from '../src/cli/command.ts';
import { isDatabaseInUse } from '../src/cli/commands/backup.ts';
import type { Config } from '../src/config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/db/connection.ts';
import { bearer, registerAccount, testConfig, type Account } from './helpers.ts';
import {
  createCourse,
  enroll,
  registerTeacher,
  SAMPLE_PNG,
  uploadHomework,
} from './course-fixtures.ts';

function captureIo(): AdminIo & { text(): string } {
  const lines: string[] = [];
  return { out: (t) => lines.push(t), err: (t) => lines.push(t), text: () => lines.join('\n') };
}

/** `backup` opens a connection of its own to the file, a second one beside the server's, as `npm run admin` does. */
const noConnection = () => Promise.reject(new Error('backup and restore open no admin connection'));

interface Acknowledged {
  users: string[];
  homework: string[];
  grades: Map<string, string>;
  bios: Map<string, string>;
}

describe('backup and restore of the embedded database', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-backup-'));
  const liveDir = path.join(root, 'live');
  const restoreDir = path.join(root, 'restored');
  const backupDir = path.join(root, 'backup-1');
  let handle: DatabaseHandle;
  let app: AppInstance;
  let config: Config;
  let teacher: Account;
  let courseId: string;
  const students: Account[] = [];
  const acknowledged: Acknowledged = {
    users: [],
    homework: [],
    grades: new Map(),
    bios: new Map(),
  };

  beforeAll(async () => {
    config = testConfig(liveDir);
    handle = openDatabase({ sqlitePath: config.sqlitePath });
    await migrateToLatest(handle.db);
    app = await buildApp({ config, db: handle.db, dialect: handle.dialect });
    teacher = await registerTeacher(app, handle.db);
    courseId = (
      await createCourse(app, teacher, {}, { content: SAMPLE_PNG, filename: 'cover.png' })
    )._id;
    for (let i = 0; i < 4; i++) {
      const student = await registerAccount(app);
      await enroll(app, student, courseId);
      students.push(student);
    }
  });

  afterAll(async () => {
    await app.close();
    await handle.db.destroy();
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** Bios number every update, so a newer one is told from an older one. */
  let sequence = 0;

  /** One student's writes in a loop: uploads, profile updates, new accounts; `ack` records each 2xx. */
  async function writer(student: Account, stop: () => boolean, ack: boolean): Promise<number> {
    let count = 0;
    while (!stop()) {
      const homework = await uploadHomework(app, student, courseId);
      if (ack) acknowledged.homework.push(homework._id);
      sequence += 1;
      const bio = `bio ${sequence}`;
      const update = await app.inject({
        method: 'PUT',
        url: '/api/auth/updateUser',
        headers: bearer(student.token),
        payload: {
          username: student.user.username,
          telephone: student.telephone,
          email: student.user.email,
          bio,
        },
      });
      expect(update.statusCode).toBe(200);
      if (ack) acknowledged.bios.set(student.user._id, bio);
      const grade = await app.inject({
        method: 'PUT',
        url: `/api/homework/${homework._id}/grade`,
        headers: bearer(teacher.token),
        payload: { grade: '9' },
      });
      expect(grade.statusCode).toBe(200);
      if (ack) acknowledged.grades.set(homework._id, '9');
      if (count % 3 === 0) {
        const account = await registerAccount(app);
        if (ack) acknowledged.users.push(account.user._id);
      }
      count += 1;
    }
    return count;
  }

  it('backs up during concurrent writes, and the restored copy holds every write acknowledged before it began', async () => {
    // Writes acknowledged before the backup.
    let stopFirst = false;
    const first = students.map((s) => writer(s, () => stopFirst, true));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    stopFirst = true;
    await Promise.all(first);
    expect(acknowledged.homework.length).toBeGreaterThan(0);

    // Writes that go on while the backup runs (not required in the copy, but they must not break it).
    let stopSecond = false;
    const second = students.map((s) => writer(s, () => stopSecond, false));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const io = captureIo();
    const code = await runAdmin(['backup', backupDir], {
      io,
      connect: noConnection,
      loadConfig: () => config,
    });
    stopSecond = true;
    const duringBackup = await Promise.all(second);
    expect(code, io.text()).toBe(0);
    expect(duringBackup.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(io.text()).toMatch(/Backed up .* file\(s\)/);

    const restoreIo = captureIo();
    const restored = await runAdmin(['restore', backupDir], {
      io: restoreIo,
      connect: () => Promise.reject(new Error('restore must not connect')),
      loadConfig: () => testConfig(restoreDir),
    });
    expect(restored, restoreIo.text()).toBe(0);

    const copy = new SQLite(path.join(restoreDir, 'urok.db'), { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.pragma('foreign_key_check')).toEqual([]);
      const users = new Map(
        (copy.prepare('select id, bio from users').all() as { id: string; bio: string }[]).map(
          (u) => [u.id, u.bio],
        ),
      );
      const homework = new Map(
        (
          copy.prepare('select id, file_key, grade from homework').all() as {
            id: string;
            file_key: string;
            grade: string | null;
          }[]
        ).map((h) => [h.id, h]),
      );
      for (const id of acknowledged.users) expect(users.has(id), `user ${id}`).toBe(true);
      for (const id of acknowledged.homework) expect(homework.has(id), `homework ${id}`).toBe(true);
      for (const [id, grade] of acknowledged.grades) expect(homework.get(id)?.grade).toBe(grade);
      for (const [id, bio] of acknowledged.bios) {
        // Later updates (during the backup) may be in the copy too: a bio is at least as new as the acknowledged one.
        expect(Number(users.get(id)?.replace('bio ', ''))).toBeGreaterThanOrEqual(
          Number(bio.replace('bio ', '')),
        );
      }
      for (const { file_key } of homework.values()) {
        expect(
          fs.existsSync(path.join(restoreDir, 'uploads', file_key)),
          `file of ${file_key}`,
        ).toBe(true);
      }
      const covers = copy
        .prepare('select cover_key from courses where cover_key is not null')
        .all() as { cover_key: string }[];
      expect(covers.length).toBeGreaterThan(0);
      for (const { cover_key } of covers)
        expect(fs.existsSync(path.join(restoreDir, 'uploads', cover_key))).toBe(true);
    } finally {
      copy.close();
    }

    // The restored data serves: a server started on it signs the teacher in.
    const restoredHandle = openDatabase({ sqlitePath: path.join(restoreDir, 'urok.db') });
    await migrateToLatest(restoredHandle.db);
    const restoredApp = await buildApp({
      config: testConfig(restoreDir),
      db: restoredHandle.db,
      dialect: 'sqlite',
    });
    try {
      const login = await restoredApp.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { telephone: teacher.telephone, password: teacher.password },
      });
      expect(login.statusCode).toBe(200);
      const homework = (
        await restoredApp.inject({
          method: 'GET',
          url: `/api/courses/${courseId}/userswithhw`,
          headers: bearer(login.json().token),
        })
      ).json();
      const first = homework.users[0].homework[0];
      const file = await restoredApp.inject({
        method: 'GET',
        url: `/api/homework/${first._id}/file`,
        headers: bearer(login.json().token),
      });
      expect(file.statusCode).toBe(200);
    } finally {
      await restoredApp.close();
      await restoredHandle.db.destroy();
    }
  });

  it('refuses to overwrite data without --force, keeps it aside with --force, and never restores under a running server', async () => {
    const noForce = captureIo();
    const deps = {
      connect: () => Promise.reject(new Error('no')),
      loadConfig: () => testConfig(restoreDir),
    };
    expect(await runAdmin(['restore', backupDir], { io: noForce, ...deps })).toBe(1);
    expect(noForce.text()).toMatch(/--force/);

    const forced = captureIo();
    expect(
      await runAdmin(['restore', backupDir, '--force'], { io: forced, ...deps }),
      forced.text(),
    ).toBe(0);
    expect(fs.readdirSync(restoreDir).some((name) => name.startsWith('urok.db.pre-restore-'))).toBe(
      true,
    );

    // The live directory: its database is open in this process, as a running server holds it.
    expect(isDatabaseInUse(config.sqlitePath)).toBe(true);
    const busy = captureIo();
    expect(
      await runAdmin(['restore', backupDir, '--force'], {
        io: busy,
        connect: deps.connect,
        loadConfig: () => config,
      }),
    ).toBe(1);
    expect(busy.text()).toMatch(/in use: stop the server/);
    expect(fs.readdirSync(liveDir).some((name) => name.includes('pre-restore'))).toBe(false);
  });

  it('refuses a backup into an existing directory, and a restore from something that is not a backup', async () => {
    const exists = captureIo();
    expect(
      await runAdmin(['backup', backupDir], {
        io: exists,
        connect: noConnection,
        loadConfig: () => config,
      }),
    ).toBe(1);
    expect(exists.text()).toMatch(/exists/);

    const bogus = path.join(root, 'not-a-backup');
    fs.mkdirSync(bogus);
    const notBackup = captureIo();
    expect(
      await runAdmin(['restore', bogus], {
        io: notBackup,
        connect: () => Promise.reject(new Error('no')),
        loadConfig: () => testConfig(path.join(root, 'x')),
      }),
    ).toBe(1);
    expect(notBackup.text()).toMatch(/not a backup/);
  });

  it('explains pg_dump on PostgreSQL', async () => {
    const io = captureIo();
    const pgConfig = { ...config, databaseUrl: 'postgres://postgres@127.0.0.1:5432/urok' };
    const code = await runAdmin(['backup', path.join(root, 'pg')], {
      io,
      connect: noConnection,
      loadConfig: () => pgConfig,
    });
    expect(code).toBe(1);
    expect(io.text()).toMatch(/pg_dump --format=custom/);
    expect(io.text()).toMatch(/pg_restore/);
  });

  it('with files in an object store, says the bucket is backed up with its own tools instead of skipping them', async () => {
    const s3Config = {
      ...config,
      storage: {
        kind: 's3' as const,
        bucket: 'school-files',
        prefix: 'urok/',
        endpoint: 'http://127.0.0.1:9000',
        region: 'us-east-1',
        forcePathStyle: true,
      },
    };
    for (const args of [
      ['backup', path.join(root, 's3')],
      ['restore', path.join(root, 's3')],
    ]) {
      const io = captureIo();
      const code = await runAdmin(args, {
        io,
        connect: noConnection,
        loadConfig: () => s3Config,
      });
      expect(code).toBe(1);
      expect(io.text()).toMatch(/object store s3:\/\/school-files\/urok \(STORAGE_URL\)/);
      expect(io.text()).toMatch(/versioning/);
      expect(io.text()).toMatch(
        /aws s3 sync s3:\/\/school-files\/urok urok-uploads --endpoint-url http:\/\/127\.0\.0\.1:9000/,
      );
      expect(io.text()).toMatch(/local disk only/);
      expect(fs.existsSync(path.join(root, 's3'))).toBe(false);
    }
  });

  it('lists backup and restore in the usage', async () => {
    const io = captureIo();
    expect(await runAdmin(['help'], { io, connect: () => Promise.reject(new Error('no')) })).toBe(
      0,
    );
    expect(io.text()).toMatch(/backup <dir>/);
    expect(io.text()).toMatch(/restore <dir> \[--force\]/);
  });
});
