/**
 * Operator commands: `npm run admin -- <group> <command> [args]`, e.g.
 * `npm run admin -- applications approve <id>`. A new group is one module
 * under cli/commands/ added to GROUPS below.
 */
// ICU messages (the catalog's texts with values) compile on first use here.
import '@urok/contract/i18n/compiler';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { AppError } from '../app-error.ts';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/connection.ts';
import type { Db } from '../db/database.ts';
import { UsageError, type AdminCommand, type AdminCommandGroup, type AdminIo } from './command.ts';
import { applicationsCommands } from './commands/applications.ts';
import { printable } from './table.ts';
import { backupCommands, restoreCommands } from './commands/backup.ts';
import { usersCommands } from './commands/users.ts';

const GROUPS: Record<string, AdminCommandGroup> = {
  applications: applicationsCommands,
  backup: backupCommands,
  restore: restoreCommands,
  users: usersCommands,
};

export interface AdminConnection {
  db: Db;
  config: Config;
  close(): Promise<void>;
}

export interface AdminDeps {
  io: AdminIo;
  /** Opens and migrates the database; tests hand in their own. */
  connect(): Promise<AdminConnection>;
  /** The configuration of offline commands (backup, restore), which never connect; defaults to the environment. */
  loadConfig?(): Config;
}

export function formatUsage(): string {
  const lines = ['Usage: npm run admin -- <command> [arguments]', '', 'Commands:'];
  const commands = Object.values(GROUPS).flatMap((group) => [
    ...Object.values(group.commands),
    ...(group.direct ? [group.direct] : []),
  ]);
  const width = Math.max(...commands.map((command) => command.usage.length));
  for (const group of Object.values(GROUPS)) {
    for (const command of [
      ...Object.values(group.commands),
      ...(group.direct ? [group.direct] : []),
    ]) {
      lines.push(`  ${command.usage.padEnd(width)}  ${command.summary}`);
    }
  }
  lines.push(`  ${'help'.padEnd(width)}  This text`);
  lines.push(
    '',
    'The database is the one the server uses: DATABASE_URL, or SQLite under DATA_DIR (./data).',
  );
  return lines.join('\n');
}

function findCommand(argv: readonly string[]): { command: AdminCommand; args: readonly string[] } {
  const [groupName, commandName, ...args] = argv;
  if (groupName === undefined) throw new UsageError('No command given.');
  // hasOwn: `__proto__` or `toString` are not commands.
  if (!Object.hasOwn(GROUPS, groupName)) throw new UsageError(`Unknown command "${groupName}".`);
  const group = GROUPS[groupName]!;
  if (group.direct) return { command: group.direct, args: argv.slice(1) };
  if (commandName === undefined || !Object.hasOwn(group.commands, commandName)) {
    const known = Object.keys(group.commands).join(', ');
    throw new UsageError(
      commandName === undefined
        ? `"${groupName}" needs a command: ${known}.`
        : `Unknown command "${groupName} ${commandName}" (known: ${known}).`,
    );
  }
  return { command: group.commands[commandName]!, args };
}

/** `io` writing every text through printable(): whatever a command prints, stored data cannot drive the terminal. */
export function printableIo(io: AdminIo): AdminIo {
  return { out: (text) => io.out(printable(text)), err: (text) => io.err(printable(text)) };
}

/** Runs one command; resolves to the process exit code. */
export async function runAdmin(argv: readonly string[], given: AdminDeps): Promise<number> {
  const deps = { ...given, io: printableIo(given.io) };
  const { io } = deps;
  if (argv.length === 1 && ['help', '--help', '-h'].includes(argv[0]!)) {
    io.out(formatUsage());
    return 0;
  }
  let found;
  try {
    found = findCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${formatUsage()}`);
    return 1;
  }

  if (found.command.offline) return runOffline(found.command, found.args, deps);

  let connection: AdminConnection;
  try {
    connection = await deps.connect();
  } catch (error) {
    io.err(
      error instanceof ConfigError || error instanceof AppError ? error.message : String(error),
    );
    return 1;
  }
  try {
    await found.command.run({ db: connection.db, config: connection.config, io }, found.args);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\nUsage: npm run admin -- ${found.command.usage}`);
      return 1;
    }
    if (error instanceof AppError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  } finally {
    await connection.close();
  }
}

/** A command that works on the database files itself (backup, restore): the admin connection is not opened. */
async function runOffline(
  command: AdminCommand,
  args: readonly string[],
  deps: AdminDeps,
): Promise<number> {
  const { io } = deps;
  let config: Config;
  try {
    config = deps.loadConfig ? deps.loadConfig() : loadConfig();
  } catch (error) {
    io.err(error instanceof ConfigError ? error.message : String(error));
    return 1;
  }
  const db = new Proxy({} as Db, {
    get() {
      throw new Error(`"${command.usage}" runs without a database connection`);
    },
  });
  try {
    await command.run({ db, config, io }, args);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\nUsage: npm run admin -- ${command.usage}`);
      return 1;
    }
    if (error instanceof AppError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}

/** The server's own database, per the environment. */
export async function connectFromEnvironment(): Promise<AdminConnection> {
  const config = loadConfig();
  if (!config.databaseUrl && !fs.existsSync(config.sqlitePath)) {
    // An empty new file would hide a wrong DATA_DIR, and would keep `npm start` from loading the demo data.
    throw new AppError(
      'NOT_FOUND',
      `No database at ${config.sqlitePath}. Start the server once (npm start), or set DATA_DIR or DATABASE_URL.`,
    );
  }
  const { db } = openDatabase({ url: config.databaseUrl, sqlitePath: config.sqlitePath });
  await migrateToLatest(db);
  return { db, config, close: () => db.destroy() };
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  const io = printableIo({
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  });
  runAdmin(process.argv.slice(2), { io, connect: connectFromEnvironment })
    .then((code) => {
      process.exitCode = code;
    })
    .catch((error: unknown) => {
      io.err(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exitCode = 1;
    });
}
