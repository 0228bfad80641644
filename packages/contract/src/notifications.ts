/**
 * Notifications (DESIGN section 10): the kinds, who gets each, and the words
 * a notification carries. A module of its own, outside `messages`, so the
 * entry chunk that /login loads does not carry it. Its words are catalog
 * messages in four namespaces (notificationKinds, notificationTexts,
 * notificationMail, notifications); English: locales/en/notifications.ts.
 */
import { defineMessages, icu } from './i18n/catalog.ts';
import { formatDate } from './i18n/format.ts';

export const NOTIFICATION_KINDS = [
  'homework.graded',
  'homework.submitted',
  'comment.created',
  'lesson.published',
  'assignment.published',
  'assignment.due_soon',
  'application.decided',
  'quiz.published',
  'quiz.graded',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Each kind as the settings page and a mail's unsubscribe line name it. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = defineMessages(
  'notificationKinds',
  {
    'homework.graded': 'Оцінки моїх робіт',
    'homework.submitted': 'Нові роботи студентів',
    'comment.created': 'Коментарі до робіт',
    'lesson.published': 'Нові уроки',
    'assignment.published': 'Нові завдання',
    'assignment.due_soon': 'Нагадування про строк здачі',
    'application.decided': 'Рішення щодо заявки викладача',
    'quiz.published': 'Нові тести',
    'quiz.graded': 'Перевірені тести',
  } as const,
);

/**
 * The notification calls, under API_BASE: apart from `API`, which /login's
 * JavaScript carries whole (as ADMIN_API is, for the console).
 */
export const NOTIFICATIONS_API = {
  list: 'notifications',
  read: 'notifications/read',
  stream: 'notifications/stream',
  /** A short-lived signed link to the stream, for EventSource, which cannot send the bearer header. */
  streamLink: 'notifications/stream-link',
  preferences: 'notifications/preferences',
  /** The link in each mail: GET asks, POST (also RFC 8058's one-click) turns the kind off. No sign-in. */
  unsubscribe: 'notifications/unsubscribe',
};

export const NOTIFICATION_LIMITS = {
  /** A page of the list. */
  page: { default: 20, max: 50 },
  /** Ids one mark-as-read call may name. */
  readIds: 200,
  /** A comment line on the live stream at least this often (ms), so proxies keep it open. */
  keepAliveMs: 25_000,
  /** How long a signed stream link opens the stream (s); an open stream lives as long as its session. */
  streamLinkSeconds: 120,
};

/**
 * The title and body of each kind, one message each. A body that names a
 * deadline has a second message for a notification without one.
 */
export const notificationTextMessages = defineMessages('notificationTexts', {
  gradedTitle: icu<[grade: string]>('Оцінка: {grade}', 'grade'),
  gradedBody: icu<[assignment: string]>(
    'Вашу роботу до завдання «{assignment}» оцінено.',
    'assignment',
  ),
  regradedTitle: icu<[grade: string]>('Оцінку змінено: {grade}', 'grade'),
  regradedBody: icu<[assignment: string, reason: string]>(
    'Оцінку вашої роботи до завдання «{assignment}» змінено. Причина: {reason}',
    'assignment',
    'reason',
  ),
  submittedTitle: 'Нова робота',
  submittedBody: icu<[student: string, assignment: string]>(
    '{student} надсилає роботу до завдання «{assignment}».',
    'student',
    'assignment',
  ),
  commentTitle: 'Новий коментар',
  commentBody: icu<[author: string, assignment: string]>(
    '{author} коментує роботу до завдання «{assignment}».',
    'author',
    'assignment',
  ),
  lessonPublishedTitle: 'Новий урок',
  lessonPublishedBody: icu<[course: string, lesson: string]>(
    'У курсі «{course}» з’явився урок «{lesson}».',
    'course',
    'lesson',
  ),
  assignmentPublishedTitle: 'Нове завдання',
  assignmentPublishedBody: icu<[course: string, assignment: string]>(
    'У курсі «{course}» з’явилося завдання «{assignment}».',
    'course',
    'assignment',
  ),
  assignmentPublishedDueBody: icu<[course: string, assignment: string, dueAt: string]>(
    'У курсі «{course}» з’явилося завдання «{assignment}». Строк здачі: {dueAt}.',
    'course',
    'assignment',
    'dueAt',
  ),
  quizPublishedTitle: 'Новий тест',
  quizPublishedBody: icu<[course: string, quiz: string]>(
    'У курсі «{course}» з’явився тест «{quiz}».',
    'course',
    'quiz',
  ),
  quizPublishedClosingBody: icu<[course: string, quiz: string, closesAt: string]>(
    'У курсі «{course}» з’явився тест «{quiz}». Закривається: {closesAt}.',
    'course',
    'quiz',
    'closesAt',
  ),
  quizGradedTitle: icu<[score: string, maxPoints: string]>(
    'Тест перевірено: {score} з {maxPoints}',
    'score',
    'maxPoints',
  ),
  quizGradedBody: icu<[quiz: string]>('Вашу спробу тесту «{quiz}» перевірено.', 'quiz'),
  quizDueSoonTitle: 'Тест скоро закривається',
  quizDueSoonBody: icu<[course: string, quiz: string, closesAt: string]>(
    'Тест «{quiz}» курсу «{course}» відкритий до {closesAt}.',
    'course',
    'quiz',
    'closesAt',
  ),
  dueSoonTitle: 'Строк здачі спливає',
  dueSoonBody: icu<[course: string, assignment: string, dueAt: string]>(
    'Робота до завдання «{assignment}» курсу «{course}» чекає до {dueAt}.',
    'course',
    'assignment',
    'dueAt',
  ),
  applicationApprovedTitle: 'Заявку схвалено',
  applicationApprovedBody: 'Вашу заявку викладача схвалено: тепер ви можете створювати курси.',
  applicationRejectedTitle: 'Заявку відхилено',
  applicationRejectedBody: 'Вашу заявку викладача відхилено.',
} as const);

/**
 * The title and body of each kind, in the active language; `link` is a web
 * app path. A moment is written out in that language, in Kyiv time.
 */
const t = notificationTextMessages;
export const notificationText = {
  graded: (assignment: string, grade: string) => ({
    title: t.gradedTitle(grade),
    body: t.gradedBody(assignment),
  }),
  regraded: (assignment: string, grade: string, reason: string) => ({
    title: t.regradedTitle(grade),
    body: t.regradedBody(assignment, reason),
  }),
  submitted: (student: string, assignment: string) => ({
    title: t.submittedTitle,
    body: t.submittedBody(student, assignment),
  }),
  comment: (author: string, assignment: string) => ({
    title: t.commentTitle,
    body: t.commentBody(author, assignment),
  }),
  lessonPublished: (course: string, lesson: string) => ({
    title: t.lessonPublishedTitle,
    body: t.lessonPublishedBody(course, lesson),
  }),
  assignmentPublished: (course: string, assignment: string, dueAt: string | null) => ({
    title: t.assignmentPublishedTitle,
    body: dueAt
      ? t.assignmentPublishedDueBody(course, assignment, formatKyivTime(dueAt))
      : t.assignmentPublishedBody(course, assignment),
  }),
  quizPublished: (course: string, quiz: string, closesAt: string | null) => ({
    title: t.quizPublishedTitle,
    body: closesAt
      ? t.quizPublishedClosingBody(course, quiz, formatKyivTime(closesAt))
      : t.quizPublishedBody(course, quiz),
  }),
  quizGraded: (quiz: string, score: string, maxPoints: string) => ({
    title: t.quizGradedTitle(score, maxPoints),
    body: t.quizGradedBody(quiz),
  }),
  quizDueSoon: (course: string, quiz: string, closesAt: string) => ({
    title: t.quizDueSoonTitle,
    body: t.quizDueSoonBody(course, quiz, formatKyivTime(closesAt)),
  }),
  dueSoon: (course: string, assignment: string, dueAt: string) => ({
    title: t.dueSoonTitle,
    body: t.dueSoonBody(course, assignment, formatKyivTime(dueAt)),
  }),
  applicationApproved: () => ({
    title: t.applicationApprovedTitle,
    body: t.applicationApprovedBody,
  }),
  applicationRejected: () => ({
    title: t.applicationRejectedTitle,
    body: t.applicationRejectedBody,
  }),
};

/** A moment as a school in Ukraine reads it: 25.11.2026, 18:00 (Kyiv time; 25/11/2026, 18:00 in English). */
function formatKyivTime(iso: string): string {
  return formatDate(iso, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** The words of a notification's e-mail and of the unsubscribe page (features/notifications/mail-queue.ts). */
export const notificationMailText = defineMessages('notificationMail', {
  subject: icu<[title: string]>('Урок: {title}', 'title'),
  greeting: icu<[name: string]>('Вітаємо, {name}!', 'name'),
  open: 'Відкрити',
  why: icu<[label: string]>('Ви отримали цей лист, бо у вас увімкнено листи «{label}».', 'label'),
  unsubscribe: 'Відписатися від таких листів',
  allSettings: 'Усі налаштування сповіщень',
  unsubscribeTitle: 'Відписка від листів',
  unsubscribeQuestion: icu<[label: string]>('Більше не надсилати листів «{label}»?', 'label'),
  unsubscribeButton: 'Відписатися',
  unsubscribeDone: icu<[label: string]>(
    'Готово: листів «{label}» більше не буде. Увімкнути їх знову можна в налаштуваннях.',
    'label',
  ),
  unsubscribeInvalid:
    'Посилання для відписки недійсне. Змініть налаштування листів у своєму кабінеті.',
} as const);

export const notificationMessages = defineMessages('notifications', {
  streamsAddressFull:
    'З цієї адреси відкрито забагато живих з’єднань зі сповіщеннями. Закрийте зайві вкладки або спробуйте пізніше.',
  streamsServerBusy:
    'Сервер зараз тримає забагато живих з’єднань. Нові сповіщення з’являться, коли ви оновите сторінку.',
  streamLinkInvalid: 'Посилання на потік сповіщень недійсне або застаріло.',
  pageTitle: 'Сповіщення',
  empty: 'Сповіщень поки немає.',
  markAllRead: 'Позначити всі як прочитані',
  bellLabel: icu<[unread: number]>(
    '{unread, plural, =0 {Сповіщення} other {Сповіщення: непрочитаних {unread}}}',
    'unread',
  ),
  latestHeading: 'Останні сповіщення',
  seeAll: 'Усі сповіщення',
  loadMore: 'Показати ще',
  loadFailed: 'Не вдалося завантажити сповіщення.',
  markFailed: 'Не вдалося позначити сповіщення. Спробуйте ще раз.',
  unreadMark: 'Нове',
  preferencesHeading: 'Листи на пошту',
  preferencesHint: 'Сповіщення завжди видно в кабінеті; тут — які з них також надсилати листом.',
  preferencesSaved: 'Збережено',
  preferencesFailed: 'Не вдалося зберегти налаштування. Спробуйте ще раз.',
  preferencesInvalid: 'Налаштування сповіщень мають вигляд {"email": {"вид": true|false}}.',
  readIdsInvalid: `Можна позначити щонайбільше ${NOTIFICATION_LIMITS.readIds} сповіщень за раз.`,
} as const);
