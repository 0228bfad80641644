/**
 * The copy of the course pages (/course-grid-page, /my-courselist,
 * /mycourse-details/{id}, /courseCreate). Those pages load on demand, so
 * their words live in a module of their own: the entry chunk that /login
 * loads imports `messages` only and does not carry these. Strings the API
 * answers with (courseNotFound, homeworkTooLarge, alreadyGraded, …) stay in
 * messages.ts, and the pages use them from there.
 *
 * Form labels are what the end-to-end tests target: keep them stable.
 */
export const courseMessages = {
  // Course facts (cards and details)
  author: (name: string) => `Викладач: ${name}`,
  category: (name: string) => `Категорія: ${name}`,
  enrolledCount: (count: number) => `Записано: ${count}`,
  deadlineAt: (date: string) => `Дедлайн: ${date}`,
  noDeadline: 'Без дедлайну',
  deadlinePassed: 'Дедлайн минув',

  // /course-grid-page
  catalogIntro: 'Усі курси платформи: знайдіть свій і запишіться.',
  catalogSearchLabel: 'Пошук курсів',
  catalogSearchAction: 'Знайти',
  catalogSearchClear: 'Скинути пошук',
  catalogResults: (query: string) => `Результати за запитом «${query}»`,
  catalogEmpty: 'Курсів поки немає.',
  catalogNoMatch: (query: string) => `За запитом «${query}» курсів не знайдено.`,
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
  chosenFile: (name: string, size: string) => `Обрано: ${name} (${size})`,
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
  grade: (grade: string) => `Оцінка: ${grade}`,
  feedback: (text: string) => `Відгук: ${text}`,
  late: 'Із запізненням',
  submittedAt: (date: string) => `Надіслано ${date}`,
  downloadFile: (name: string) => `Завантажити файл ${name}`,
  uploadFailed: 'Не вдалося надіслати роботу.',
  // ---- Withdrawing an ungraded submission (uploads work) ----
  deleteSubmission: 'Видалити',
  deleteSubmissionLabel: (fileName: string) => `Видалити роботу ${fileName}`,
  deleteSubmissionConfirm: (fileName: string) =>
    `Видалити роботу «${fileName}»? Файл буде видалено назавжди.`,
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
  comment: (text: string) => `Коментар: ${text}`,
  labelGrade: 'Оцінка',
  labelFeedback: 'Відгук',
  gradeFormName: (fileName: string) => `Оцінити ${fileName}`,
  gradedAt: (date: string) => `Оцінено ${date}`,
  gradeFailed: 'Не вдалося зберегти оцінку.',

  // File sizes
  sizeBytes: (value: string) => `${value} Б`,
  sizeKilobytes: (value: string) => `${value} КБ`,
  sizeMegabytes: (value: string) => `${value} МБ`,
} as const;

/**
 * The copy of the assignment pages, the gradebook, 'Мої оцінки' and the
 * calendar feed box. It lives beside the course pages' copy because the same
 * lazily loaded pages use it: a module of its own would be one more chunk
 * that the entry's dynamic-import map names.
 */
export const gradesMessages = {
  // Pages of the web app
  pageGradebook: 'Журнал оцінок',
  pageAssignment: 'Завдання',
  gradesIntro: 'Бали й відгуки за кожне завдання й тест ваших курсів.',
  gradesEmpty: 'Ви ще не записані на жоден курс із завданнями.',
  gradesLoadFailed: 'Не вдалося завантажити оцінки.',
  gradebookLoadFailed: 'Не вдалося завантажити журнал оцінок.',
  gradebookEmpty: 'На курс ще ніхто не записався.',
  gradebookNoAssignments: 'У курсі ще немає опублікованих завдань і тестів.',
  gradebookCaption: (title: string) => `Журнал оцінок курсу «${title}»`,
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
  quizAttemptLabel: (student: string, quiz: string) => `Спроба: ${student}, «${quiz}»`,
  points: (points: number, maxPoints: number) =>
    `${formatPoints(points)} / ${formatPoints(maxPoints)}`,
  percent: (percent: number | null) =>
    percent === null ? '—' : `${formatPoints(Math.round(percent * 10) / 10)}%`,
  coursePercent: (percent: number | null) =>
    percent === null ? 'Ще немає оцінок' : `Разом: ${formatPoints(Math.round(percent * 10) / 10)}%`,
  maxPointsNote: (maxPoints: number) => `Максимум ${formatPoints(maxPoints)} балів`,
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
  assignmentCreated: (title: string) => `Завдання «${title}» додано.`,
  assignmentSaved: 'Завдання збережено.',
  assignmentSaveFailed: 'Не вдалося зберегти завдання. Спробуйте ще раз.',
  yourWorkHeading: 'Ваші роботи',
  noWorkYet: 'Ви ще нічого не здали.',
  submissionsOfAssignment: 'Роботи студентів',
  noSubmissionsYet: 'Ще ніхто не здав це завдання.',
  gradeHistoryHeading: 'Історія оцінок',
  gradeHistoryEntry: (grade: string, when: string, reason: string | null) =>
    `${grade} (${when})${reason ? ` — причина зміни: ${reason}` : ''}`,
  regradeAction: 'Переоцінити',
  regradeSave: 'Змінити оцінку',
  regradeCancel: 'Скасувати',
  labelRegradeReason: 'Причина зміни оцінки',
  regradeFormName: (fileName: string) => `Переоцінка роботи ${fileName}`,
  regradeFailed: 'Не вдалося змінити оцінку. Спробуйте ще раз.',
  commentsHeading: 'Коментарі',
  commentsEmpty: 'Коментарів ще немає.',
  labelComment: 'Ваш коментар',
  sendComment: 'Надіслати',
  commentsLoadFailed: 'Не вдалося завантажити коментарі.',
  commentFailed: 'Не вдалося надіслати коментар. Спробуйте ще раз.',
  commentBy: (name: string, when: string) => `${name}, ${when}`,
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
};

/** Points as Ukrainian write them: a decimal comma, no trailing zeros. */
function formatPoints(value: number): string {
  return String(value).replace('.', ',');
}

/** The grading page: one submission of an assignment after another (docs/decisions.md, "Grading one submission after another"). */
export const gradingMessages = {
  openGrading: 'Оцінювати',
  pageGrading: 'Оцінювання',
  heading: (title: string) => `Оцінювання: ${title}`,
  backToAssignment: 'До завдання',
  position: (index: number, total: number) => `${index} з ${total}`,
  labelStudent: 'Студент',
  studentEntry: (name: string, state: string) => `${name} — ${state}`,
  notGraded: 'не оцінено',
  previous: 'Попередня',
  next: 'Наступна',
  nextUngraded: 'Наступна неоцінена',
  noneUngraded: 'Неоцінених робіт більше немає.',
  keyboardHint: 'Клавіші: J — наступна, K — попередня, G — до оцінки.',
  navigation: 'Перехід між роботами',
  previewTitle: (fileName: string) => `Перегляд: ${fileName}`,
  previewHeading: 'Робота',
  previewUnavailable: 'Цей тип файлу не можна переглянути на сторінці — завантажте його.',
  previewFailed: 'Не вдалося показати файл — завантажте його.',
  textShortened: 'Показано початок файлу — увесь файл можна завантажити.',
  studentNotFound: 'Цей студент ще не здав завдання; показано іншу роботу.',
  otherSubmissions: 'Усі роботи студента',
  submissionFrom: (when: string) => `Робота від ${when}`,
  gradeHeading: 'Оцінка',
  labelGrade: 'Оцінка (бали)',
  outOf: (maxPoints: number) => `/ ${maxPoints}`,
  saveGrade: 'Зберегти оцінку',
  saveRegrade: 'Змінити оцінку',
  regradeNote: 'Роботу вже оцінено: щоб змінити оцінку, вкажіть причину.',
  saved: 'Оцінку збережено.',
} as const;
