import { randomUUID } from 'node:crypto';
import { hashPassword } from '../lib/passwords.ts';
import type { Db, Dialect } from './database.ts';

export interface DemoAccount {
  username: string;
  telephone: string;
  password: string;
  email: string;
  bio: string;
  isTeacher: boolean;
}

/** The accounts of a demo start-up; README and the start-up log show their credentials. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: 'Olena Kovalenko',
    telephone: '+380501110001',
    password: 'Teacher2024',
    email: 'olena.kovalenko@urok.example',
    bio: 'Викладаю веброзробку понад 10 років. Люблю пояснювати складне простими словами.',
    isTeacher: true,
  },
  {
    username: 'Andrii Melnyk',
    telephone: '+380501110002',
    password: 'Student2024',
    email: 'andrii.melnyk@urok.example',
    bio: 'Студент третього курсу, вивчаю JavaScript і бази даних.',
    isTeacher: false,
  },
  {
    username: 'Iryna Shevchenko',
    telephone: '+380501110003',
    password: 'Student2024',
    email: 'iryna.shevchenko@urok.example',
    bio: 'Дизайнерка, опановую фронтенд, щоб самій верстати свої макети.',
    isTeacher: false,
  },
];

export interface DemoDecision {
  dialect: Dialect;
  /** openDatabase created the SQLite file just now. */
  isNew: boolean;
  /** config.demo: UROK_DEMO, undefined when unset. */
  demo: boolean | undefined;
  usersEmpty: boolean;
}

/**
 * Demo data goes into a new embedded database unless UROK_DEMO=0, and into
 * PostgreSQL only when asked (UROK_DEMO=1) and no account exists yet: a real
 * deployment never gets known passwords by accident.
 */
export function shouldLoadDemoData({ dialect, isNew, demo, usersEmpty }: DemoDecision): boolean {
  if (dialect === 'sqlite') return isNew && demo !== false && usersEmpty;
  return demo === true && usersEmpty;
}

export async function isUsersTableEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/** Inserts the demo accounts that are missing (by telephone), so a second run changes nothing. */
export async function loadDemoData(db: Db): Promise<void> {
  const now = new Date().toISOString();
  for (const account of DEMO_ACCOUNTS) {
    const existing = await db
      .selectFrom('users')
      .select('id')
      .where('telephone', '=', account.telephone)
      .executeTakeFirst();
    if (existing) continue;
    await db
      .insertInto('users')
      .values({
        id: randomUUID(),
        username: account.username,
        telephone: account.telephone,
        email: account.email,
        bio: account.bio,
        is_admin: account.isTeacher ? 1 : 0,
        password_hash: await hashPassword(account.password),
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}

/** The demo accounts present in the database, for the start-up banner. */
export async function findDemoAccounts(db: Db): Promise<DemoAccount[]> {
  const rows = await db
    .selectFrom('users')
    .select('telephone')
    .where(
      'telephone',
      'in',
      DEMO_ACCOUNTS.map((account) => account.telephone),
    )
    .execute();
  const present = new Set(rows.map((row) => row.telephone));
  return DEMO_ACCOUNTS.filter((account) => present.has(account.telephone));
}

/** The start-up block: where to open the app and how to sign in to it. */
export function formatStartupBanner(url: string, accounts: readonly DemoAccount[]): string {
  const lines = ['', `  Urok is running at ${url}`, `  API documentation: ${url}/api/docs`];
  if (accounts.length > 0) {
    const nameWidth = Math.max(...accounts.map((account) => account.username.length));
    lines.push('', '  Demo accounts (telephone / password):');
    for (const account of accounts) {
      const role = account.isTeacher ? 'teacher' : 'student';
      lines.push(`    ${role}  ${account.username.padEnd(nameWidth)}  ${account.telephone}  ${account.password}`);
    }
  }
  lines.push('');
  return lines.join('\n');
}
