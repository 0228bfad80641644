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
  /** Operator of the platform (migration 0009; default 0, so inserts may leave it out). */
  is_operator?: number;
  /** Blocked by an operator: no sign-in, no session (migration 0009; default 0). */
  is_blocked?: number;
  /** 'uk' or 'en' (migration 0024; default 'uk'). */
  language?: string;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

/** A one-time password-reset link (admin CLI); used_at is set when it is spent. */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
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
  /** The account this approval made a teacher; set once (migration 0007). */
  granted_user_id: string | null;
  /** When the operator took the granted role away again (make-student). */
  revoked_at: string | null;
  /** The operator's note on the decision (migration 0009; default ''). */
  decision_note?: string;
}

export interface CoursesTable {
  id: string;
  author_id: string;
  title: string;
  description: string;
  category: string;
  homework_task: string;
  homework_due_at: string | null;
  cover_key: string | null;
  search_text: string;
  enrolled_count: number;
  created_at: string;
  updated_at: string;
  /** Hidden by an operator: out of the catalog and public pages (migration 0009; default 0). */
  hidden?: number;
  /** Who sees it (migration 0019; default 'public'): see lib/course-visibility.ts. */
  visibility?: string;
  /** The join code, upper case, or null before the author first asks (migration 0019). */
  join_code?: string | null;
  /** 1 while the default assignment is published (migration 0020): homeworkTask/homeworkDueAt show only then. */
  homework_published?: number;
}

export interface EnrollmentsTable {
  user_id: string;
  course_id: string;
  created_at: string;
}

export interface HomeworkTable {
  id: string;
  course_id: string;
  user_id: string;
  file_key: string;
  file_name: string;
  size: number;
  mime_type: string;
  comment: string;
  submitted_at: string;
  is_late: number;
  grade: string | null;
  feedback: string | null;
  graded_at: string | null;
  /** The assignment handed in for (migration 0010 attached every older submission to its course's default). */
  assignment_id: string;
  /** The grade as points; null while ungraded and for an older free-text grade (kept in `grade`). */
  points: number | null;
}

// ---- public-site work: /donate pledges (migration 0003-pledges) ----
export interface PledgesTable {
  id: string;
  name: string;
  /** Whole hryvnias (UAH). */
  amount: number;
  message: string;
  created_at: string;
}
// ---- end of public-site section ----

// ---- course content (migration 0008-course-content) ----
export interface SectionsTable {
  id: string;
  course_id: string;
  title: string;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface LessonsTable {
  id: string;
  course_id: string;
  section_id: string;
  title: string;
  /** The document, as JSON text. */
  body: string;
  /** An embed address (youtube-nocookie or Vimeo), normalised on the way in. */
  video_url: string | null;
  /** The uploaded video: all four set, or all null. */
  video_key: string | null;
  video_name: string | null;
  video_size: number | null;
  video_mime: string | null;
  published: number;
  position: number;
  created_at: string;
  updated_at: string;
  /** When its students were told it was published (migration 0020): once only. */
  announced_at?: string | null;
}

export interface LessonAttachmentsTable {
  id: string;
  lesson_id: string;
  file_key: string;
  file_name: string;
  size: number;
  mime_type: string;
  created_at: string;
}

export interface LessonCompletionsTable {
  user_id: string;
  lesson_id: string;
  completed_at: string;
}

/** One row (id 1): the key of signed media links (lib/media-urls.ts), made by migration 0012. */
export interface MediaSigningKeyTable {
  id: number;
  secret: string;
}

/** One notification of one user (features/notifications; written by lib/notify.ts). */
export interface NotificationsTable {
  id: string;
  user_id: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  created_at: string;
  read_at: string | null;
}

/** A kind a user turned on or off for e-mail; a kind without a row is on. */
export interface NotificationPreferencesTable {
  user_id: string;
  kind: string;
  email: number;
}

/** Who runs a background job now: one process of a deployment (lib/job-lease.ts). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: string;
}

/** A resumable upload (features/uploads): its owner, purpose and outcome; its bytes are in the tus store. */
export interface ResumableUploadsTable {
  id: string;
  user_id: string;
  purpose: 'homework' | 'attachment' | 'video';
  course_id: string | null;
  assignment_id: string | null;
  lesson_id: string | null;
  comment: string | null;
  file_name: string;
  length: number;
  /** open while bytes may come; finished (result_id names what it became) or refused (message says why). */
  state: 'open' | 'finished' | 'refused';
  result_id: string | null;
  message: string | null;
  created_at: string;
  expires_at: string;
  /** The request (of any process) holding the upload now, until locked_until (features/uploads/upload-locker.ts). */
  lock_holder: string | null;
  locked_until: string | null;
  /** Another request waits for the lock: the holder lets go. */
  lock_wanted: number;
}

/** A notification to e-mail (features/notifications/mail-queue.ts); written with the notification. */
export interface MailOutboxTable {
  id: string;
  notification_id: string;
  /** pending until sent; skipped when the user turned the kind off or has no address; failed after the last retry. */
  status: 'pending' | 'sent' | 'skipped' | 'failed';
  attempts: number;
  next_attempt_at: string;
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

/** A due-soon reminder made for an assignment's due date (features/assignments). */
export interface AssignmentRemindersTable {
  assignment_id: string;
  due_at: string;
  sent_at: string;
}

/** A table's version, raised by triggers at every commit that wrote it (db/cache-versions.ts). */
export interface CacheVersionsTable {
  name: string;
  /** bigint: a string from PostgreSQL. */
  version: number | string;
}
// ---- end of course content section ----

/** One operator action or CLI decision (migration 0009); never changed or deleted by the product. */
export interface AuditLogTable {
  id: string;
  at: string;
  actor_kind: 'operator' | 'cli' | 'system';
  actor_id: string | null;
  actor_name: string;
  /** The operator's telephone when they acted (migration 0020); null for the CLI, the system and older entries. */
  actor_telephone?: string | null;
  action: string;
  target_type: 'user' | 'application' | 'course';
  target_id: string;
  target_label: string;
  /** A JSON object. */
  details: string;
}

// ---- assignments (migration 0010-assignments) ----
export interface AssignmentsTable {
  id: string;
  course_id: string;
  section_id: string;
  title: string;
  /** The document, as JSON text. */
  instructions: string;
  due_at: string | null;
  max_points: number;
  published: number;
  /** 1 for the course's default assignment (one per course). */
  is_default: number;
  position: number;
  created_at: string;
  updated_at: string;
  /** When its students were told it was published (migration 0020): once only. */
  announced_at?: string | null;
}

/** An earlier grade of a regraded submission (migration 0011-grading). */
export interface HomeworkGradeHistoryTable {
  id: string;
  homework_id: string;
  grade: string;
  points: number | null;
  feedback: string | null;
  graded_at: string | null;
  reason: string;
  replaced_at: string;
}

export interface HomeworkCommentsTable {
  id: string;
  homework_id: string;
  author_id: string;
  body: string;
  created_at: string;
}

/** A user's private calendar feed: the SHA-256 of its token (migration 0011-grading). */
export interface CalendarFeedsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
}
// ---- end of assignments section ----

// ---- quizzes (migration 0018-quizzes) ----
export interface QuestionsTable {
  id: string;
  course_id: string;
  kind: string;
  /** Documents as JSON text. */
  text: string;
  explanation: string | null;
  points: number;
  /** A JSON array of strings. */
  tags: string;
  /** The kind's answer key as a JSON object. */
  answer_key: string;
  search_text: string;
  created_at: string;
  updated_at: string;
}

export interface QuestionTagsTable {
  question_id: string;
  course_id: string;
  tag: string;
}

export interface QuizzesTable {
  id: string;
  course_id: string;
  section_id: string;
  title: string;
  description: string | null;
  published: number;
  /** When quiz.published went out (once per quiz). */
  announced_at: string | null;
  position: number;
  opens_at: string | null;
  closes_at: string | null;
  time_limit_minutes: number | null;
  attempts_allowed: number;
  grading: string;
  shuffle_questions: number;
  shuffle_options: number;
  review: string;
  /** A JSON array of {questionId} or {tag,count}. */
  slots: string;
  max_points: number;
  question_count: number;
  created_at: string;
  updated_at: string;
}

export interface QuizAttemptsTable {
  id: string;
  quiz_id: string;
  course_id: string;
  user_id: string;
  state: 'open' | 'submitted';
  started_at: string;
  deadline: string | null;
  submitted_at: string | null;
  score: number | null;
  max_points: number;
  pending_grading: number;
  /** The questions drawn for the attempt, with their keys and shuffles, as JSON. */
  questions: string;
}

export interface QuizAnswersTable {
  attempt_id: string;
  slot: number;
  answer: string | null;
  answered_at: string | null;
  auto_score: number | null;
  score: number | null;
  feedback: string | null;
  graded_at: string | null;
}

export interface QuizAnswerGradesTable {
  id: string;
  attempt_id: string;
  slot: number;
  points: number;
  feedback: string | null;
  grader_id: string | null;
  graded_at: string;
}

export interface QuizRemindersTable {
  quiz_id: string;
  closes_at: string;
  sent_at: string;
}
// ---- end of quizzes section ----

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  teacher_applications: TeacherApplicationsTable;
  courses: CoursesTable;
  enrollments: EnrollmentsTable;
  homework: HomeworkTable;
  pledges: PledgesTable;
  password_resets: PasswordResetsTable;
  sections: SectionsTable;
  lessons: LessonsTable;
  lesson_attachments: LessonAttachmentsTable;
  lesson_completions: LessonCompletionsTable;
  audit_log: AuditLogTable;
  assignments: AssignmentsTable;
  homework_grade_history: HomeworkGradeHistoryTable;
  homework_comments: HomeworkCommentsTable;
  calendar_feeds: CalendarFeedsTable;
  media_signing_key: MediaSigningKeyTable;
  cache_versions: CacheVersionsTable;
  job_leases: JobLeasesTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  mail_outbox: MailOutboxTable;
  assignment_reminders: AssignmentRemindersTable;
  questions: QuestionsTable;
  question_tags: QuestionTagsTable;
  quizzes: QuizzesTable;
  quiz_attempts: QuizAttemptsTable;
  quiz_answers: QuizAnswersTable;
  quiz_answer_grades: QuizAnswerGradesTable;
  quiz_reminders: QuizRemindersTable;
  resumable_uploads: ResumableUploadsTable;
}

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';
