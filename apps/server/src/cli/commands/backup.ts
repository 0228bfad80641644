/**
 * `npm run admin -- backup <dir>` and `npm run admin -- restore <dir> [--force]`.
 *
 * A backup is a directory: `urok.db` (a consistent snapshot taken with
 * SQLite's online backup API while the server keeps serving), `uploads/`
 * (every file the snapshot's rows point at, copied after the snapshot) and
 * `manifest.json`. Stored files are never rewritten (random keys), so a
 * file of the snapshot can only disappear afterwards if its row moved on
 * (a replaced cover); the backup then starts over.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { openDatabase } from '../../db/connection.ts';
import type { Config } from '../../config.ts';
import { UsageError, type AdminCommandGroup } from '../command.ts';
import { STORAGE_AREAS } from '../../storage/storage.ts';

export const BACKUP_DATABASE = 'urok.db';
export const BACKUP_MANIFEST = 'manifest.json';
const BACKUP_FORMAT = 'urok-backup-1';
const ATTEMPTS = 3;

const POSTGRES_HELP = [
  'The database is PostgreSQL (DATABASE_URL): back it up with its own tools, and the uploads with it:',
  '  pg_dump --format=custom --file=urok.dump "$DATABASE_URL"   # consistent while the server serves',
  '  cp -a "$DATA_DIR/uploads" urok-uploads                     # after the dump: every file the dump points at is there',
  'Restore with: pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" urok.dump, then copy the uploads back.',
].join('\n');

/** STORAGE_URL names a bucket: the files are not under DATA_DIR, and this command does not copy them. */
function objectStoreHelp(storage: Extract<Config['storage'], { kind: 's3' }>): string {
  const url = `s3://${storage.bucket}${storage.prefix ? `/${storage.prefix.replace(/\/$/, '')}` : ''}`;
  const endpoint = storage.endpoint ? ` --endpoint-url ${storage.endpoint}` : '';
  return [
    `The uploads are in the object store ${url} (STORAGE_URL), not under DATA_DIR; backup and restore copy local files only.`,
    "Back the bucket up with the store's own tools, after the database (files are never rewritten, so every file",
    'the database copy points at is then in the file copy):',
    '  - versioning on the bucket (with a lifecycle rule that keeps old versions for as long as you keep backups),',
    '    or replication to a second bucket; or a copy:',
    `      aws s3 sync ${url} urok-uploads${endpoint}`,
    '  - the database: sqlite3 "$DATA_DIR/urok.db" ".backup urok.db" (SQLite, while the server serves)',
    '    or pg_dump --format=custom --file=urok.dump "$DATABASE_URL" (PostgreSQL).',
    `Restore the database, then the files: aws s3 sync urok-uploads ${url}${endpoint}`,
  ].join('\n');
}

export interface BackupSummary {
  directory: string;
  files: number;
  bytes: number;
}

interface Manifest {
  format: string;
  createdAt: string;
  database: string;
  files: string[];
}

/** Every storage key a row of the database at `file` points at. */
function referencedKeys(file: string): string[] {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok')
      throw new Error(`${file} fails its integrity check: ${String(integrity)}`);
    const rows = db
      .prepare(
        'select file_key as key from homework union select cover_key as key from courses where cover_key is not null' +
          ' union select file_key as key from lesson_attachments union select video_key as key from lessons where video_key is not null',
      )
      .all() as { key: string }[];
    return rows.map((row) => row.key).sort();
  } finally {
    db.close();
  }
}

class MissingFilesError extends Error {
  constructor(readonly keys: string[]) {
    super(
      `files of the snapshot missing from storage: ${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', …' : ''}`,
    );
  }
}

/** One attempt: snapshot into `work`, then copy the files it names. */
async function snapshotInto(
  sqlite: SQLite.Database,
  uploadsDir: string,
  work: string,
): Promise<BackupSummary> {
  await fsp.mkdir(work, { recursive: true });
  const databaseFile = path.join(work, BACKUP_DATABASE);
  // Online backup of one consistent read while writers go on (WAL: readers never block them). All the
  // remaining pages in one step: a backup taken in small steps restarts whenever another connection
  // writes, and might never finish under a steady load.
  await sqlite.backup(databaseFile, { progress: () => 0x7fffffff });
  const keys = referencedKeys(databaseFile);
  const missing: string[] = [];
  let bytes = (await fsp.stat(databaseFile)).size;
  for (const key of keys) {
    const target = path.join(work, 'uploads', key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    try {
      await fsp.copyFile(path.join(uploadsDir, key), target, fs.constants.COPYFILE_EXCL);
      bytes += (await fsp.stat(target)).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      missing.push(key);
    }
  }
  if (missing.length > 0) throw new MissingFilesError(missing);
  for (const area of STORAGE_AREAS)
    await fsp.mkdir(path.join(work, 'uploads', area), { recursive: true });
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    database: BACKUP_DATABASE,
    files: keys,
  };
  await fsp.writeFile(path.join(work, BACKUP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return { directory: work, files: keys.length, bytes };
}

/**
 * Backs up a live SQLite database and its uploads into the new directory
 * `target` (refused if it exists). Written beside it first and renamed
 * into place, so `target` is either complete or absent.
 */
export async function createBackup(options: {
  sqlite: SQLite.Database;
  uploadsDir: string;
  target: string;
}): Promise<BackupSummary> {
  const target = path.resolve(options.target);
  if (fs.existsSync(target)) throw new UsageError(`${target} exists: give a new directory.`);
  await fsp.mkdir(path.dirname(target), { recursive: true });
  let lastError: unknown;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const work = `${target}.partial-${randomBytes(4).toString('hex')}`;
    try {
      const summary = await snapshotInto(options.sqlite, options.uploadsDir, work);
      await fsp.rename(work, target);
      return { ...summary, directory: target };
    } catch (error) {
      await fsp.rm(work, { recursive: true, force: true });
      lastError = error;
      // A cover replaced between the snapshot and the copy: take a new snapshot.
      if (!(error instanceof MissingFilesError)) throw error;
    }
  }
  throw lastError;
}

/** True when another connection (a running server) has the database open. */
export function isDatabaseInUse(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  const db = new SQLite(file, { timeout: 0 });
  try {
    // In WAL mode every open connection holds a shared lock: an exclusive one is granted only when none is left.
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    db.close();
  }
}

function readManifest(source: string): Manifest {
  const file = path.join(source, BACKUP_MANIFEST);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  } catch {
    throw new UsageError(`${source} is not a backup (no readable ${BACKUP_MANIFEST}).`);
  }
  if (manifest.format !== BACKUP_FORMAT)
    throw new UsageError(`${source}: unknown backup format "${String(manifest.format)}".`);
  return manifest;
}

export interface RestoreSummary {
  files: number;
  /** Where the data that was replaced now is (with --force), if there was any. */
  keptAs: string[];
}

/**
 * Puts a backup back into `dataDir`: checked first (integrity, every file
 * present), refused while a server has the database open, and refused over
 * existing data unless `force` — which keeps that data beside it as
 * `*.pre-restore-<time>` rather than deleting it.
 */
export async function restoreBackup(options: {
  source: string;
  dataDir: string;
  force: boolean;
}): Promise<RestoreSummary> {
  const source = path.resolve(options.source);
  readManifest(source);
  const keys = referencedKeys(path.join(source, BACKUP_DATABASE));
  const absent = keys.filter((key) => !fs.existsSync(path.join(source, 'uploads', key)));
  if (absent.length > 0)
    throw new UsageError(
      `${source} is incomplete: ${absent.length} file(s) missing, e.g. ${absent[0]}.`,
    );

  const dataDir = path.resolve(options.dataDir);
  const database = path.join(dataDir, BACKUP_DATABASE);
  const uploads = path.join(dataDir, 'uploads');
  if (isDatabaseInUse(database))
    throw new UsageError(`${database} is in use: stop the server first.`);
  const existing = [database, `${database}-wal`, `${database}-shm`, uploads].filter((p) =>
    fs.existsSync(p),
  );
  if (existing.length > 0 && !options.force) {
    throw new UsageError(
      `${dataDir} already holds data (${existing.map((p) => path.basename(p)).join(', ')}); add --force to replace it (it is kept as *.pre-restore-<time>).`,
    );
  }

  await fsp.mkdir(dataDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const keptAs: string[] = [];
  // The WAL and index go with their database: a stale WAL replayed onto the restored file would corrupt it.
  for (const current of existing) {
    const aside = `${current}.pre-restore-${stamp}`;
    await fsp.rename(current, aside);
    keptAs.push(aside);
  }
  const suffix = `.restoring-${randomBytes(4).toString('hex')}`;
  await fsp.copyFile(path.join(source, BACKUP_DATABASE), database + suffix);
  await fsp.cp(path.join(source, 'uploads'), uploads + suffix, { recursive: true });
  await fsp.rename(uploads + suffix, uploads);
  // The database last: until it is in place there is nothing a server would start on.
  await fsp.rename(database + suffix, database);
  return { files: keys.length, keptAs };
}

function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${(bytes / 1024).toFixed(1)} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export const backupCommands: AdminCommandGroup = {
  summary: 'Back up the database and the uploads',
  commands: {},
  direct: {
    usage: 'backup <dir>',
    summary:
      'Copy the database (consistent, while the server serves) and its uploads into a new directory',
    // Opens its own plain connection: no migration, nothing changed in the database it copies.
    offline: true,
    async run({ config, io }, args) {
      const target = args[0]?.trim();
      if (!target) throw new UsageError('A directory to create is required.');
      if (config.storage.kind === 's3') {
        io.err(objectStoreHelp(config.storage));
        throw new UsageError(
          'backup works with uploads on the local disk only (STORAGE_URL unset).',
        );
      }
      if (config.databaseUrl) {
        io.err(POSTGRES_HELP);
        throw new UsageError('backup works on the embedded SQLite database only.');
      }
      if (!fs.existsSync(config.sqlitePath))
        throw new UsageError(`No database at ${config.sqlitePath}: set DATA_DIR.`);
      const { db, sqlite } = openDatabase({ sqlitePath: config.sqlitePath });
      let summary: BackupSummary;
      try {
        summary = await createBackup({ sqlite: sqlite!, uploadsDir: config.uploadsDir, target });
      } finally {
        await db.destroy();
      }
      io.out(
        `Backed up ${config.sqlitePath} and ${summary.files} file(s) (${formatBytes(summary.bytes)}) to ${summary.directory}.`,
      );
      io.out(`Restore with: npm run admin -- restore ${summary.directory}`);
    },
  },
};

export const restoreCommands: AdminCommandGroup = {
  summary: 'Put a backup back',
  commands: {},
  direct: {
    usage: 'restore <dir> [--force]',
    summary:
      'Restore a backup into DATA_DIR (the server stopped; --force replaces existing data, keeping it aside)',
    offline: true,
    async run({ config, io }, args) {
      const force = args.includes('--force');
      const source = args.find((arg) => arg !== '--force')?.trim();
      if (!source) throw new UsageError('The backup directory is required.');
      if (config.storage.kind === 's3') {
        io.err(objectStoreHelp(config.storage));
        throw new UsageError(
          'restore works with uploads on the local disk only (STORAGE_URL unset).',
        );
      }
      if (config.databaseUrl) {
        io.err(POSTGRES_HELP);
        throw new UsageError('restore works on the embedded SQLite database only.');
      }
      const summary = await restoreBackup({ source, dataDir: config.dataDir, force });
      io.out(`Restored ${path.resolve(source)} into ${config.dataDir} (${summary.files} file(s)).`);
      for (const aside of summary.keptAs) io.out(`The data it replaced is kept as ${aside}.`);
    },
  },
};
