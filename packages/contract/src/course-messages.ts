/**
 * The copy of the course pages (/course-grid-page, /my-courselist,
 * /mycourse-details/{id}, /courseCreate). Those pages load on demand, so
 * their words live in a module of their own: the entry chunk that /login
 * loads imports `messages` only and does not carry these. Strings the API
 * answers with (courseNotFound, homeworkTooLarge, alreadyGraded, …) stay in
 * messages.ts, and the pages use them from there.
 *
 * Form labels are what the end-to-end tests target: keep them stable.
 * English: locales/en/course.ts, for the two modules below too. Points and
 * percentages are ICU numbers: '9,5' in Ukrainian, '9.5' in English.
 */
import { defineMessages, icu, type IcuMessage } from './i18n/catalog.ts';

export const courseMessages = defineMessages('course', {
  // Course facts (cards and details)
  author: icu<[name: string]>('Викладач: {name}', 'name'),
  category: icu<[name: string]>('Категорія: {name}', 'name'),
  enrolledCount: icu<[count: number]>('Записано: {count}', 'count'),
  deadlineAt: icu<[date: string]>('Дедлайн: {date}', 'date'),
  noDeadline: 'Без дедлайну',
  deadlinePassed: 'Дедлайн минув',

  // /course-grid-page
  catalogIntro: 'Усі курси платформи: знайдіть свій і запишіться.',
  catalogSearchLabel: 'Пошук курсів',
  catalogSearchAction: 'Знайти',
  catalogSearchClear: 'Скинути пошук',
  catalogResults: icu<[query: string]>('Результати за запитом «{query}»', 'query'),
  catalogEmpty: 'Курсів поки немає.',
  catalogNoMatch: icu<[query: string]>('За запитом «{query}» курсів не знайдено.', 'query'),
  catalogShowAll: 'Показати всі курси',
  catalogLoadMore: 'Показати ще',
  catalogLoadFailed: 'Не вдалося завантажити курси.',
  enrol: 'Записатися',
  enrolledBadge: 'Ви записані',
  yourCourse: 'Ваш курс',
  openCourse: 'Перейти до курсу',
  enrolFailed: 'Не вдалося записатися на курс.',

  // /my-courselist
  studentListIntro: 'Курси, на які ви записані: домашні завдання, роботи й оцінки.',
  studentListEmpty: 'Ви ще не записані на жоден курс.',
  browseCatalog: 'Переглянути всі курси',
  teacherListIntro: 'Курси, які ви створили, і роботи ваших студентів.',
  teacherListEmpty: 'Ви ще не створили жодного курсу.',
  editCourse: 'Редагувати',
  viewSubmissions: 'Роботи студентів',
  listLoadFailed: 'Не вдалося завантажити ваші курси.',

  // Course form (/courseCreate and the teacher's course page)
  createIntro: 'Студенти побачать курс у каталозі одразу після створення.',
  labelTitle: 'Назва',
  labelDescription: 'Опис',
  labelCategory: 'Категорія',
  labelHomeworkTask: 'Домашнє завдання',
  labelDeadline: 'Дедлайн',
  labelCover: 'Обкладинка',
  categoryHint: 'Наприклад: Програмування, Дизайн, Англійська.',
  deadlineHint: "Необов'язково. Роботи після дедлайну позначаються як запізнілі.",
  coverHint: 'JPEG, PNG або WebP, до 5 МБ.',
  coverPreview: 'Попередній перегляд обкладинки',
  createAction: 'Створити курс',
  saveAction: 'Зберегти зміни',
  courseSaved: 'Зміни збережено.',
  courseSaveFailed: 'Не вдалося зберегти курс.',

  // /mycourse-details/{id}: student
  aboutCourse: 'Про курс',
  homeworkHeading: 'Домашнє завдання',
  noHomeworkTask: 'Викладач ще не додав завдання.',
  submitHeading: 'Надіслати роботу',
  labelHomeworkFile: 'Файл домашнього завдання',
  dropHint: 'Перетягніть файл сюди або оберіть його кнопкою.',
  homeworkFileHint: 'PDF, DOC, DOCX, ODT, TXT, RTF, ZIP, JPEG, PNG або WebP, до 20 МБ.',
  chosenFile: icu<[name: string, size: string]>('Обрано: {name} ({size})', 'name', 'size'),
  labelComment: 'Коментар',
  commentHint: "Необов'язково.",
  submitHomework: 'Надіслати роботу',
  uploadProgress: 'Надсилання файлу',
  resubmitHint: 'Можна надіслати нову версію — викладач бачить усі.',
  mySubmissions: 'Мої роботи',
  /** Before the linked title of the assignment a submission in 'Мої роботи' is for. */
  submissionFor: 'Завдання:',
  noSubmissions: 'Ви ще не надсилали робіт.',
  awaitingGrade: 'очікує оцінки',
  grade: icu<[grade: string]>('Оцінка: {grade}', 'grade'),
  feedback: icu<[text: string]>('Відгук: {text}', 'text'),
  late: 'Із запізненням',
  submittedAt: icu<[date: string]>('Надіслано {date}', 'date'),
  downloadFile: icu<[name: string]>('Завантажити файл {name}', 'name'),
  uploadFailed: 'Не вдалося надіслати роботу.',
  // ---- Withdrawing an ungraded submission (uploads work) ----
  deleteSubmission: 'Видалити',
  deleteSubmissionLabel: icu<[fileName: string]>('Видалити роботу {fileName}', 'fileName'),
  deleteSubmissionConfirm: icu<[fileName: string]>(
    'Видалити роботу «{fileName}»? Файл буде видалено назавжди.',
    'fileName',
  ),
  deleteSubmissionConfirmAction: 'Так, видалити',
  deleteSubmissionFailed: 'Не вдалося видалити роботу.',
  // ---- end of uploads section ----
  leaveCourse: 'Покинути курс',
  leaveConfirm: 'Покинути курс? Надіслані роботи збережуться.',
  leaveConfirmAction: 'Так, покинути курс',
  cancel: 'Скасувати',
  leaveFailed: 'Не вдалося покинути курс.',
  notEnrolledIntro: 'Ви ще не записані на цей курс. Запишіться, щоб надсилати домашні завдання.',
  courseLoadFailed: 'Не вдалося завантажити курс.',
  backToMyCourses: 'До моїх курсів',

  // /mycourse-details/{id}: teacher
  editHeading: 'Редагування курсу',
  submissionsHeading: 'Роботи студентів',
  submissionsEmpty: 'Студенти ще не надсилали робіт.',
  submissionsLoadFailed: 'Не вдалося завантажити роботи студентів.',
  downloadZip: 'Завантажити всі роботи (ZIP)',
  downloadCsv: 'Оцінки (CSV)',
  downloadFailed: 'Не вдалося завантажити файл.',
  comment: icu<[text: string]>('Коментар: {text}', 'text'),
  labelGrade: 'Оцінка',
  labelFeedback: 'Відгук',
  gradeFormName: icu<[fileName: string]>('Оцінити {fileName}', 'fileName'),
  gradedAt: icu<[date: string]>('Оцінено {date}', 'date'),
  gradeFailed: 'Не вдалося зберегти оцінку.',

  // File sizes
  sizeBytes: icu<[value: string]>('{value} Б', 'value'),
  sizeKilobytes: icu<[value: string]>('{value} КБ', 'value'),
  sizeMegabytes: icu<[value: string]>('{value} МБ', 'value'),
} as const);

/**
 * A percentage's message: the message takes the percentage (null while there
 * is none), its ICU text the percentage rounded to one decimal. A translation
 * wraps its text the same way.
 */
export function roundedPercent(message: IcuMessage<[percent: number | null]>) {
  const format = (percent: number | null) =>
    message(percent === null ? null : Math.round(percent * 10) / 10);
  return Object.assign(format, { message: message.message, params: message.params });
}

/**
 * The copy of the assignment pages, the gradebook, 'Мої оцінки' and the
 * calendar feed box. It lives beside the course pages' copy because the same
 * lazily loaded pages use it: a module of its own would be one more chunk
 * that the entry's dynamic-import map names.
 */
export const gradesMessages = defineMessages('grades', {
  // Pages of the web app
  pageGradebook: 'Журнал оцінок',
  pageAssignment: 'Завдання',
  gradesIntro: 'Бали й відгуки за кожне завдання й тест ваших курсів.',
  gradesEmpty: 'Ви ще не записані на жоден курс із завданнями.',
  gradesLoadFailed: 'Не вдалося завантажити оцінки.',
  gradebookLoadFailed: 'Не вдалося завантажити журнал оцінок.',
  gradebookEmpty: 'На курс ще ніхто не записався.',
  gradebookNoAssignments: 'У курсі ще немає опублікованих завдань і тестів.',
  gradebookCaption: icu<[title: string]>('Журнал оцінок курсу «{title}»', 'title'),
  gradebookRegion: 'Таблиця оцінок (прокручується)',
  gradebookStudent: 'Студент',
  gradebookOpen: 'Журнал оцінок',
  downloadGradebookCsv: 'Завантажити журнал (CSV)',
  /** A gradebook cell's status, by its API name. */
  status: {
    missing: 'не здано',
    submitted: 'здано',
    late: 'із запізненням',
    graded: 'оцінено',
  },
  /** A quiz's cell: its state, from its status and whether an attempt is open. */
  quizStatus: {
    missing: 'не розпочато',
    inProgress: 'спроба триває',
    submitted: 'есе чекає перевірки',
    graded: 'оцінено',
  },
  /** A quiz column's note beside its maximum. */
  quizKind: 'Тест',
  /** A quiz cell's link to the attempt, for screen readers (the cell shows the points). */
  quizAttemptLabel: icu<[student: string, quiz: string]>(
    'Спроба: {student}, «{quiz}»',
    'student',
    'quiz',
  ),
  points: icu<[points: number, maxPoints: number]>(
    '{points, number} / {maxPoints, number}',
    'points',
    'maxPoints',
  ),
  percent: roundedPercent(icu('{percent, select, null {—} other {{percent, number}%}}', 'percent')),
  coursePercent: roundedPercent(
    icu('{percent, select, null {Ще немає оцінок} other {Разом: {percent, number}%}}', 'percent'),
  ),
  maxPointsNote: icu<[maxPoints: number]>('Максимум {maxPoints, number} балів', 'maxPoints'),
  noDueDate: 'Без терміну',
  backToCourse: 'До курсу',
  assignmentLoadFailed: 'Не вдалося завантажити завдання.',
  assignmentDraft: 'Чернетка',
  assignmentsHeading: 'Завдання',
  noAssignments: 'У курсі ще немає завдань.',
  newAssignmentHeading: 'Нове завдання',
  editAssignmentHeading: 'Змінити завдання',
  labelAssignmentTitle: 'Назва завдання',
  labelInstructions: 'Умова',
  labelAssignmentDue: 'Термін здачі',
  labelMaxPoints: 'Максимум балів',
  labelSection: 'Розділ',
  labelPublished: 'Опубліковано (студенти бачать завдання)',
  createAssignmentAction: 'Додати завдання',
  saveAssignmentAction: 'Зберегти завдання',
  assignmentCreated: icu<[title: string]>('Завдання «{title}» додано.', 'title'),
  assignmentSaved: 'Завдання збережено.',
  assignmentSaveFailed: 'Не вдалося зберегти завдання. Спробуйте ще раз.',
  yourWorkHeading: 'Ваші роботи',
  noWorkYet: 'Ви ще нічого не здали.',
  submissionsOfAssignment: 'Роботи студентів',
  noSubmissionsYet: 'Ще ніхто не здав це завдання.',
  gradeHistoryHeading: 'Історія оцінок',
  gradeHistoryEntry: icu<[grade: string, when: string, reason: string | null]>(
    '{grade} ({when}){reason, select, null {} other { — причина зміни: {reason}}}',
    'grade',
    'when',
    'reason',
  ),
  regradeAction: 'Переоцінити',
  regradeSave: 'Змінити оцінку',
  regradeCancel: 'Скасувати',
  labelRegradeReason: 'Причина зміни оцінки',
  regradeFormName: icu<[fileName: string]>('Переоцінка роботи {fileName}', 'fileName'),
  regradeFailed: 'Не вдалося змінити оцінку. Спробуйте ще раз.',
  commentsHeading: 'Коментарі',
  commentsEmpty: 'Коментарів ще немає.',
  labelComment: 'Ваш коментар',
  sendComment: 'Надіслати',
  commentsLoadFailed: 'Не вдалося завантажити коментарі.',
  commentFailed: 'Не вдалося надіслати коментар. Спробуйте ще раз.',
  commentBy: icu<[name: string, when: string]>('{name}, {when}', 'name', 'when'),
  calendarHeading: 'Календар термінів',
  calendarIntro:
    'Додайте терміни завдань до Google Календаря чи Outlook: створіть приватне посилання й підпишіться на нього («Додати календар» → «За URL-адресою»).',
  calendarCreate: 'Отримати посилання на календар',
  calendarRenew: 'Створити нове посилання',
  calendarRevoke: 'Відкликати посилання',
  calendarUrlLabel: 'Приватне посилання на календар',
  calendarCopy: 'Копіювати',
  calendarCopied: 'Скопійовано.',
  calendarPrivate: 'Хто має це посилання, бачить ваші терміни: не публікуйте його.',
  calendarRevoked: 'Посилання відкликано: календарі за ним більше не оновлюються.',
  calendarFailed: 'Не вдалося змінити посилання. Спробуйте ще раз.',
} as const);

/** The grading page: one submission of an assignment after another (docs/decisions.md, "Grading one submission after another"). */
export const gradingMessages = defineMessages('grading', {
  openGrading: 'Оцінювати',
  pageGrading: 'Оцінювання',
  heading: icu<[title: string]>('Оцінювання: {title}', 'title'),
  backToAssignment: 'До завдання',
  position: icu<[index: number, total: number]>('{index} з {total}', 'index', 'total'),
  labelStudent: 'Студент',
  studentEntry: icu<[name: string, state: string]>('{name} — {state}', 'name', 'state'),
  notGraded: 'не оцінено',
  previous: 'Попередня',
  next: 'Наступна',
  nextUngraded: 'Наступна неоцінена',
  noneUngraded: 'Неоцінених робіт більше немає.',
  keyboardHint: 'Клавіші: J — наступна, K — попередня, G — до оцінки.',
  navigation: 'Перехід між роботами',
  previewTitle: icu<[fileName: string]>('Перегляд: {fileName}', 'fileName'),
  previewHeading: 'Робота',
  previewUnavailable: 'Цей тип файлу не можна переглянути на сторінці — завантажте його.',
  previewFailed: 'Не вдалося показати файл — завантажте його.',
  textShortened: 'Показано початок файлу — увесь файл можна завантажити.',
  studentNotFound: 'Цей студент ще не здав завдання; показано іншу роботу.',
  otherSubmissions: 'Усі роботи студента',
  submissionFrom: icu<[when: string]>('Робота від {when}', 'when'),
  gradeHeading: 'Оцінка',
  labelGrade: 'Оцінка (бали)',
  outOf: icu<[maxPoints: number]>('/ {maxPoints}', 'maxPoints'),
  saveGrade: 'Зберегти оцінку',
  saveRegrade: 'Змінити оцінку',
  regradeNote: 'Роботу вже оцінено: щоб змінити оцінку, вкажіть причину.',
  saved: 'Оцінку збережено.',
} as const);
