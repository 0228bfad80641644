/**
 * Notifications (DESIGN section 10): the kinds, who gets each, and the words
 * a notification carries. A module of its own, outside `messages`, so the
 * entry chunk that /login loads does not carry it.
 */
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
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  'homework.graded': 'Оцінки моїх робіт',
  'homework.submitted': 'Нові роботи студентів',
  'comment.created': 'Коментарі до робіт',
  'lesson.published': 'Нові уроки',
  'assignment.published': 'Нові завдання',
  'assignment.due_soon': 'Нагадування про строк здачі',
  'application.decided': 'Рішення щодо заявки викладача',
  'quiz.published': 'Нові тести',
  'quiz.graded': 'Перевірені тести',
};

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

/** The title and body of each kind, in Ukrainian; `link` is a web app path. */
export const notificationText = {
  graded: (assignment: string, grade: string) => ({
    title: `Оцінка: ${grade}`,
    body: `Вашу роботу до завдання «${assignment}» оцінено.`,
  }),
  regraded: (assignment: string, grade: string, reason: string) => ({
    title: `Оцінку змінено: ${grade}`,
    body: `Оцінку вашої роботи до завдання «${assignment}» змінено. Причина: ${reason}`,
  }),
  submitted: (student: string, assignment: string) => ({
    title: 'Нова робота',
    body: `${student} надсилає роботу до завдання «${assignment}».`,
  }),
  comment: (author: string, assignment: string) => ({
    title: 'Новий коментар',
    body: `${author} коментує роботу до завдання «${assignment}».`,
  }),
  lessonPublished: (course: string, lesson: string) => ({
    title: 'Новий урок',
    body: `У курсі «${course}» з’явився урок «${lesson}».`,
  }),
  assignmentPublished: (course: string, assignment: string, dueAt: string | null) => ({
    title: 'Нове завдання',
    body:
      `У курсі «${course}» з’явилося завдання «${assignment}».` +
      (dueAt ? ` Строк здачі: ${formatKyivTime(dueAt)}.` : ''),
  }),
  quizPublished: (course: string, quiz: string, closesAt: string | null) => ({
    title: 'Новий тест',
    body:
      `У курсі «${course}» з’явився тест «${quiz}».` +
      (closesAt ? ` Закривається: ${formatKyivTime(closesAt)}.` : ''),
  }),
  quizGraded: (quiz: string, score: string, maxPoints: string) => ({
    title: `Тест перевірено: ${score} з ${maxPoints}`,
    body: `Вашу спробу тесту «${quiz}» перевірено.`,
  }),
  quizDueSoon: (course: string, quiz: string, closesAt: string) => ({
    title: 'Тест скоро закривається',
    body: `Тест «${quiz}» курсу «${course}» відкритий до ${formatKyivTime(closesAt)}.`,
  }),
  dueSoon: (course: string, assignment: string, dueAt: string) => ({
    title: 'Строк здачі спливає',
    body: `Робота до завдання «${assignment}» курсу «${course}» чекає до ${formatKyivTime(dueAt)}.`,
  }),
  applicationApproved: () => ({
    title: 'Заявку схвалено',
    body: 'Вашу заявку викладача схвалено: тепер ви можете створювати курси.',
  }),
  applicationRejected: () => ({
    title: 'Заявку відхилено',
    body: 'Вашу заявку викладача відхилено.',
  }),
};

/** A moment as a school in Ukraine reads it: 25.11.2026, 18:00 (Kyiv time). */
function formatKyivTime(iso: string): string {
  return new Intl.DateTimeFormat('uk-UA', {
    timeZone: 'Europe/Kyiv',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** The words of a notification's e-mail and of the unsubscribe page (features/notifications/mail-queue.ts). */
export const notificationMailText = {
  subject: (title: string) => `Урок: ${title}`,
  greeting: (name: string) => `Вітаємо, ${name}!`,
  open: 'Відкрити',
  why: (label: string) => `Ви отримали цей лист, бо у вас увімкнено листи «${label}».`,
  unsubscribe: 'Відписатися від таких листів',
  allSettings: 'Усі налаштування сповіщень',
  unsubscribeTitle: 'Відписка від листів',
  unsubscribeQuestion: (label: string) => `Більше не надсилати листів «${label}»?`,
  unsubscribeButton: 'Відписатися',
  unsubscribeDone: (label: string) =>
    `Готово: листів «${label}» більше не буде. Увімкнути їх знову можна в налаштуваннях.`,
  unsubscribeInvalid:
    'Посилання для відписки недійсне. Змініть налаштування листів у своєму кабінеті.',
};

export const notificationMessages = {
  streamsAddressFull:
    'З цієї адреси відкрито забагато живих з’єднань зі сповіщеннями. Закрийте зайві вкладки або спробуйте пізніше.',
  streamsServerBusy:
    'Сервер зараз тримає забагато живих з’єднань. Нові сповіщення з’являться, коли ви оновите сторінку.',
  streamLinkInvalid: 'Посилання на потік сповіщень недійсне або застаріло.',
  pageTitle: 'Сповіщення',
  empty: 'Сповіщень поки немає.',
  markAllRead: 'Позначити всі як прочитані',
  bellLabel: (unread: number) =>
    unread === 0 ? 'Сповіщення' : `Сповіщення: непрочитаних ${unread}`,
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
};
