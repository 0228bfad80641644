import type { Kysely } from 'kysely';

/**
 * The typed shape of the database. Timestamps are ISO 8601 UTC strings and
 * booleans are 0/1 integers, so one set of queries runs on SQLite and
 * PostgreSQL alike.
 */
export interface UsersTable {
  id: string;
  username: string;
  telephone: string;
  email: string;
  bio: string;
  is_admin: number;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

export interface TeacherApplicationsTable {
  id: string;
  full_name: string;
  telephone: string;
  email: string;
  subject: string;
  experience: string;
  motivation: string;
  status: 'pending' | 'approved' | 'rejected';
  created_at: string;
  decided_at: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  teacher_applications: TeacherApplicationsTable;
}

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';
