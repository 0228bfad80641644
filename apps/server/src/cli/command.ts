import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';

export interface AdminIo {
  out(text: string): void;
  err(text: string): void;
}

export interface AdminContext {
  db: Db;
  config: Config;
  io: AdminIo;
}

export interface AdminCommand {
  usage: string;
  summary: string;
  /** Runs without the admin connection (backup and restore handle the database files themselves); `db` must not be used. */
  offline?: boolean;
  run(context: AdminContext, args: readonly string[]): Promise<void>;
}

/** One noun (`applications`, later `users`, …) and its verbs. */
export interface AdminCommandGroup {
  summary: string;
  commands: Record<string, AdminCommand>;
  /** A group that is itself one command, its arguments following the name: `backup <dir>`. */
  direct?: AdminCommand;
}

/** Wrong arguments: the message is printed with the usage, exit code 1. */
export class UsageError extends Error {}
