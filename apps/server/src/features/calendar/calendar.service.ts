/**
 * The private calendar feed: a secret address per
 * user whose iCalendar lists the due dates of the published assignments
 * in their courses (enrolled, and written while a teacher). Only the
 * token's SHA-256 is stored (as for sessions); a new address revokes the
 * old one.
 */
import { randomBytes } from 'node:crypto';
import {
  LEARNING_API,
  API_BASE,
  documentToText,
  DEFAULT_LANGUAGE,
  isLanguage,
  messages,
  type Language,
  type LessonDocument,
} from '@urok/contract';
import { AppError } from '../../app-error.ts';
import { inLanguage } from '../../lib/language.ts';
import type { Db } from '../../db/database.ts';
import { hashToken } from '../auth/auth.service.ts';
import { calendarQuizzes } from '../quizzes/quizzes.service.ts';
import { writeCalendar } from './ical.ts';
import {
  deleteFeed,
  findAuthoredCalendarAssignments,
  findEnrolledCalendarAssignments,
  findFeedHolder,
  replaceFeed,
} from './calendar.repository.ts';

/** A DESCRIPTION longer than this is cut: a calendar shows a summary, the course page the rest. */
const DESCRIPTION_MAX = 2000;
/** The token's shape, checked before any query (base64url of 32 random bytes). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new feed address for the user at `origin`; the earlier one stops working. */
export async function createFeed(db: Db, userId: string, origin: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await replaceFeed(db, userId, hashToken(token), new Date().toISOString());
  return `${origin}${API_BASE}${LEARNING_API.calendarIcs(token)}`;
}

export async function revokeFeed(db: Db, userId: string): Promise<void> {
  await deleteFeed(db, userId);
}

/** The iCalendar of the feed `token`; 404 for an unknown or revoked one. */
export async function renderFeed(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ ics: string; language: Language }> {
  const holder = TOKEN_PATTERN.test(token) ? await findFeedHolder(db, hashToken(token)) : undefined;
  // A blocked account's address answers as a revoked one (it comes back with an unblock).
  if (!holder || Number(holder.is_blocked ?? 0) === 1)
    throw new AppError('NOT_FOUND', messages.calendarFeedNotFound);
  // The feed's texts in its holder's language (DESIGN section 16): a calendar app sends none.
  const language = isLanguage(holder.language) ? holder.language : DEFAULT_LANGUAGE;
  const rows = [
    ...(await findEnrolledCalendarAssignments(db, holder.id)),
    ...(Number(holder.is_admin) === 1 ? await findAuthoredCalendarAssignments(db, holder.id) : []),
  ];
  const seen = new Set<string>();
  const quizzes = (await calendarQuizzes(db, holder.id, Number(holder.is_admin) === 1))
    .filter((quiz) => !seen.has(quiz.id) && seen.add(quiz.id))
    .map((quiz) => ({
      uid: `${quiz.id}@urok`,
      start: quiz.dueAt,
      summary: `${quiz.title} — ${quiz.courseTitle}`,
      description: inLanguage(language, messages.calendarQuizCloses),
      lastModified: quiz.updatedAt,
    }));
  const events = rows
    .filter((row) => !seen.has(row.id) && seen.add(row.id))
    .sort((a, b) => a.due_at.localeCompare(b.due_at) || a.id.localeCompare(b.id))
    .map((row) => {
      const text = documentToText(JSON.parse(row.instructions) as LessonDocument);
      return {
        uid: `${row.id}@urok`,
        start: row.due_at,
        summary: `${row.title} — ${row.course_title}`,
        description: text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX)}…` : text,
        lastModified: row.updated_at,
      };
    });
  const ics = writeCalendar(
    inLanguage(language, messages.calendarName),
    [...events, ...quizzes].sort(
      (a, b) => a.start.localeCompare(b.start) || a.uid.localeCompare(b.uid),
    ),
    now,
  );
  return { ics, language };
}
