import { combineMessages, defineMessages, icu, type IcuMessage } from './i18n/catalog.ts';
import { assignmentMessages } from './assignment-messages.ts';
import { contentMessages } from './content-messages.ts';
import { quizMessages } from './quiz-messages.ts';
import { quizPageMessages } from './quiz-page-messages.ts';
import { signInMessages } from './sign-in-messages.ts';
import { uploadMessages } from './upload-messages.ts';

// ---- Upload quotas (uploads work): how a quota is named in its message ----
const MB = 1024 * 1024;
/**
 * A quota's message names its size in МБ when it is whole megabytes (as
 * configured), otherwise in КБ: the message takes `bytes` and its ICU text
 * the size and its unit ('mb' or 'kb'). A translation wraps its text the same way.
 */
export function quotaBytes(message: IcuMessage<[size: number, unit: 'mb' | 'kb']>) {
  const format = (bytes: number) =>
    bytes % MB === 0 ? message(bytes / MB, 'mb') : message(Math.ceil(bytes / 1024), 'kb');
  return Object.assign(format, { message: message.message, params: message.params });
}
// ---- end of upload quotas section ----

/**
 * Every user-facing string of the product, worded exactly as the product
 * specification (and docs/decisions.md) words it. Server and web import
 * from here, so a text is written once.
 */
export const commonMessages = defineMessages('common', {
  // ---- Sign-in page and the frame of every page ----
  // The product's name, /login, the skip link, loading and failed-chunk
  // states, the sign-in checks and the auth state's fallbacks
  // (loginFailed, tokenNotFound, internalError, …) are written in
  // sign-in-messages.ts and included here: the web app's first page imports
  // that module alone, so the entry chunk that /login loads does not carry
  // the strings below.
  // ---- end of sign-in section ----

  productDescription:
    'Urok — an LMS course template: online courses, homework and grading for students and teachers.',

  // Sign-up (spec section 5)
  usernameTooShort: 'Username must be at least 3 characters long.',
  fillAllFields: 'Please fill in all fields.',
  passwordInvalidUk: 'Пароль має містити щонайменше 8 символів і одну велику літеру.',
  passwordsDoNotMatch: 'Passwords do not match.',
  acceptTerms: 'Please accept the terms.',
  emailInvalid: 'Please enter a valid email address.',
  usernameTooLong: 'Username must be at most 40 characters long.',
  passwordTooLong: 'Password must be at most 128 characters long.',
  languageInvalid: 'Оберіть мову: українська або English.',
  telephoneTaken: 'An account with this telephone number already exists.',

  // ---- Text fields: characters no text may hold (text-checks.ts) ----
  textControlCharacters:
    'Поле містить недопустимі службові символи (керівні або символи напрямку тексту). Приберіть їх.',
  // ---- end of text fields section ----

  // Session
  sessionInvalid: 'Сесія завершилась. Увійдіть знову.',

  // Profile (spec sections 5 and 8)
  fillField: 'Заповніть поле',
  bioTooLong: 'Біографія — не більше 1000 символів.',
  profileUpdated: 'Дані успішно оновлено!',

  // Teacher applications
  applicationAlreadyTeacher: 'Обліковий запис з цим номером телефону вже має роль викладача.',
  applicationAlreadyPending: 'Заявка з цим номером телефону вже очікує рішення.',
  applicationReceived:
    'Заявку отримано. Адміністратор розгляне її; після схвалення ваш обліковий запис з цим номером телефону стане обліковим записом викладача.',
  applicationApproved:
    'Заявку схвалено. Обліковий запис з цим номером телефону — обліковий запис викладача (або стане ним після реєстрації).',
  fullNameRequired: "Вкажіть повне ім'я (від 3 до 100 символів).",
  subjectRequired: 'Вкажіть предмет (до 100 символів).',
  experienceTooLong: 'Досвід — до 2000 символів.',
  motivationRequired: 'Розкажіть про мотивацію (від 10 до 2000 символів).',

  // Courses
  courseNotFound: 'Курс не знайдено.',
  demoCourseNotFound: 'Курс не знайдено',
  courseTitleInvalid: 'Назва курсу — від 3 до 120 символів.',
  courseDescriptionInvalid: 'Опис курсу — від 10 до 5000 символів.',
  courseCategoryInvalid: 'Вкажіть категорію (від 2 до 60 символів).',
  homeworkTaskTooLong: 'Завдання — не більше 5000 символів.',
  homeworkDueInvalid: 'Вкажіть коректну дату дедлайну.',
  searchTooLong: 'Пошуковий запит — не більше 100 символів.',
  courseIdRequired: 'Вкажіть курс.',
  authorCannotEnroll: 'Автор курсу не може записатися на власний курс.',
  notEnrolled: 'Спершу запишіться на курс.',
  notCourseAuthor: 'Лише автор курсу може це зробити.',
  teachersOnly: 'Лише викладачі можуть це зробити.',
  homeworkNotFound: 'Роботу не знайдено.',
  homeworkLinkInvalid:
    'Посилання на файл роботи недійсне або застаріло: відкрийте сторінку ще раз.',

  // Homework and grading
  fileRequired: 'Додайте файл.',
  commentTooLong: 'Коментар — не більше 1000 символів.',
  homeworkTooLarge: 'Файл завеликий: максимум 20 МБ.',
  coverTooLarge: 'Обкладинка завелика: максимум 5 МБ.',
  homeworkTypeUnsupported:
    'Непідтримуваний тип файлу. Дозволено: PDF, DOC, DOCX, ODT, TXT, RTF, ZIP, JPEG, PNG, WebP.',
  coverTypeUnsupported: 'Обкладинка має бути зображенням JPEG, PNG або WebP.',
  homeworkUploaded: 'Домашнє завдання завантажено.',
  gradeRequired: 'Вкажіть оцінку (до 10 символів).',
  feedbackTooLong: 'Відгук — не більше 2000 символів.',
  alreadyGraded: 'Роботу вже оцінено.',
  cursorInvalid: 'Некоректний курсор сторінки: почніть список спочатку.',

  // ---- Upload quotas and deleting a submission (uploads work) ----
  // 413 when an upload would pass a quota (QUOTA_USER_MB, QUOTA_USER_FILES,
  // QUOTA_COURSE_MB, QUOTA_COURSE_FILES; lesson files: QUOTA_AUTHOR_MB,
  // QUOTA_AUTHOR_FILES); the message names the quota.
  quotaUserBytes: quotaBytes(
    icu(
      'Перевищено квоту користувача: {size} {unit, select, mb {МБ} other {КБ}} на всі ваші роботи. Видаліть неоцінені роботи, які вже не потрібні.',
      'size',
      'unit',
    ),
  ),
  quotaUserFiles: icu<[count: number]>(
    'Перевищено квоту користувача: {count, plural, one {# файл} few {# файли} many {# файлів} other {# файлу}}. Видаліть неоцінені роботи, які вже не потрібні.',
    'count',
  ),
  quotaCourseBytes: quotaBytes(
    icu(
      'Перевищено квоту курсу: {size} {unit, select, mb {МБ} other {КБ}} на всі роботи курсу. Повідомте викладача.',
      'size',
      'unit',
    ),
  ),
  quotaCourseFiles: icu<[count: number]>(
    'Перевищено квоту курсу: {count, plural, one {# файл} few {# файли} many {# файлів} other {# файлу}}. Повідомте викладача.',
    'count',
  ),
  quotaAuthorBytes: quotaBytes(
    icu(
      'Перевищено квоту автора: {size} {unit, select, mb {МБ} other {КБ}} на всі файли й відео ваших уроків. Видаліть файли, які вже не потрібні.',
      'size',
      'unit',
    ),
  ),
  quotaAuthorFiles: icu<[count: number]>(
    'Перевищено квоту автора: {count, plural, one {# файл} few {# файли} many {# файлів} other {# файлу}}. Видаліть файли, які вже не потрібні.',
    'count',
  ),
  homeworkDeleteNotOwn: 'Видалити роботу може лише студент, який її надіслав.',
  homeworkGradedCannotDelete: 'Оцінену роботу не можна видалити.',
  // ---- end of uploads section ----

  // Grades export (CSV columns, in order)
  csvStudent: 'Студент',
  csvTelephone: 'Телефон',
  csvFile: 'Файл',
  csvSubmittedAt: 'Надіслано',
  csvLate: 'Із запізненням',
  csvGrade: 'Оцінка',
  csvFeedback: 'Відгук',
  csvGradedAt: 'Оцінено',
  csvYes: 'так',
  csvNo: 'ні',
  gradesFileSuffix: 'оцінки',
  homeworkArchiveSuffix: 'домашні завдання',

  // ---- Public site, demos, pledges and contacts (public-site work) ----
  // Their words, the pledge API's answers included, are `siteMessages`
  // (site-messages.ts): only lazily loaded pages show them, and a module of
  // their own keeps them out of the entry chunk that /login loads.
  // ---- end of public-site section ----

  // Generic API errors
  badRequest: 'Перевірте введені дані.',
  unauthorized: 'Увійдіть, щоб продовжити.',
  // A session the server refused mid-way (expired, signed out elsewhere, account blocked)
  sessionEndedTitle: 'Сеанс завершено',
  signInAgain: 'Увійти знову',
  forbidden: 'Недостатньо прав для цієї дії.',
  notFound: 'Не знайдено.',
  tooManyRequests: 'Забагато спроб. Спробуйте пізніше.',
  payloadTooLarge: 'Файл завеликий.',
  unsupportedMediaType: 'Непідтримуваний тип файлу.',

  // ---- Course content (sections, lessons, files, video, progress) ----
  // The API's answers about course content, written in content-messages.ts.
  // ---- end of course content section ----

  // ---- Assignments, grading, gradebook, written in assignment-messages.ts ----
  // ---- end of assignments section ----

  // ---- Quizzes: the question bank, quizzes, attempts, written in quiz-messages.ts ----
  // ---- end of quizzes section ----

  // ---- Resumable uploads (tus), written in upload-messages.ts ----
  // ---- end of resumable uploads section ----

  // Shell (spec section 2)
  menu: 'MENU',
  teacherMenu: 'TEACHER MENU',
  coursesGroup: 'Курси',
  allCourses: 'Всі курси',
  myCourses: 'Мої курси',
  myGrades: 'Мої оцінки',
  createCourse: 'Створити курс',
  others: 'OTHERS',
  profile: 'Профіль',
  logout: 'Вийти з кабінету',
  roleTeacher: 'Викладач',
  roleStudent: 'Студент',
  menuMyProfile: 'My Profile',
  menuMyContacts: 'My Contacts',
  menuAccountSettings: 'Account Settings',
  menuLogOut: 'Log Out',

  // Demo screens
  jobsFetching: 'Jobs are fetching...',
  gradeAction: 'Оцінити',

  // Web app: forms (labels are what the end-to-end tests target)
  signUpTitle: 'Sign Up',
  signUpAction: 'Sign Up',
  signUpIntro: 'Створіть обліковий запис студента. Стати викладачем можна після заявки.',
  haveAccountAlready: 'Already have an account?',
  labelUsername: 'Username',
  labelEmail: 'Email',
  labelConfirmPassword: 'Confirm password',
  labelBio: 'Bio',
  showConfirmPassword: 'Show confirm password',
  hideConfirmPassword: 'Hide confirm password',
  saveProfile: 'Save changes',
  personalInformation: 'Personal information',
  personalInformationIntro: 'Ці дані бачать ваші викладачі та студенти курсів.',
  labelRole: 'Role',
  // /settings: the account's language (DESIGN section 16)
  languageTitle: 'Мова',
  languageIntro:
    'Мова сторінок, повідомлень і листів. Її запам’ятає ваш обліковий запис на всіх пристроях.',
  languageSaved: 'Мову змінено.',
  notProvided: '—',

  // Web app: page titles
  pageHome: 'Home',
  pageSettings: 'Settings',
  pageProfile: 'My Profile',
  pageContacts: 'My Contacts',
  pageAllCourses: 'Всі курси',
  pageMyCourses: 'Мої курси',
  pageCreateCourse: 'Створити курс',
  pageCourseDetails: 'Course details',
  pageMyCourseDetails: 'Мій курс',
  pageDemoCourse: 'Demo course',
  pageVacancies: 'Vacancies',
  pageTest: 'Grading demo',
  pageStart: 'Start',
  pageGame: 'Game',
  pageDonate: 'Donate',
  pageFutureTeacher: 'Become a teacher',
  pageCourseLanding: 'Featured course',

  // Web app: what the pages that later issues fill will hold
  comingSoon: 'Ця сторінка ще в роботі.',

  // ---- Course pages (courses work) ----
  // The copy of /course-grid-page, /my-courselist, /mycourse-details/{id} and
  // /courseCreate (labels, buttons, states) is `courseMessages` in
  // course-messages.ts, a module of its own so the entry chunk that /login
  // loads does not carry it. The API's course and homework messages above
  // (courseNotFound, homeworkTooLarge, alreadyGraded, …) are used from here.
  // ---- end of course pages section ----

  // ---- Operators ----
  // The API's answers and the sidebar's words; the console pages' copy is
  // `adminMessages` (admin-messages.ts), loaded only with those pages.
  accountBlocked: 'Обліковий запис заблоковано.',
  adminNoteTooLong: 'Примітка — не більше 1000 символів.',
  adminReasonTooLong: 'Причина — не більше 1000 символів.',
  auditActionInvalid: 'Невідома дія журналу.',
  auditDayInvalid: 'Дата — у вигляді РРРР-ММ-ДД.',
  auditRangeInvalid: 'Дата «до» не може бути раніше дати «від».',
  lastOperator: 'Це останній оператор платформи: спершу призначте іншого.',
  operatorCannotBeBlocked: 'Оператора не можна заблокувати: спершу зніміть роль оператора.',
  blockedCannotBeOperator: 'Заблокований обліковий запис не може бути оператором.',
  operatorResetLinkRefused:
    'Посилання для зміни пароля оператора тут не створюється: його дає лише командний рядок сервера.',
  operatorMenu: 'ОПЕРАТОР',
  adminOverview: 'Огляд',
  adminApplications: 'Заявки',
  adminUsers: 'Користувачі',
  adminCourses: 'Курси платформи',
  adminAudit: 'Журнал дій',
  roleOperator: 'Оператор',
  // ---- end of operators section ----

  // Web app: shell
  openSidebar: 'Відкрити меню',
  closeSidebar: 'Закрити меню',
  expandSidebar: 'Розгорнути бічну панель',
  collapseSidebar: 'Згорнути бічну панель',
  searchCourses: 'Пошук курсів',
  searchPlaceholder: 'Пошук курсів…',
  searchAction: 'Шукати',
  userMenu: 'Меню користувача',
  startLink: 'Urok',
} as const);

/**
 * Every message above together with the modules it includes (their own
 * namespaces), each property still read in the active language.
 */
export const messages = combineMessages(
  signInMessages,
  commonMessages,
  contentMessages,
  assignmentMessages,
  quizMessages,
  quizPageMessages,
  uploadMessages,
);

export type MessageKey = keyof typeof messages;
