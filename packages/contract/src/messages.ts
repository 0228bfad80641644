/**
 * Every user-facing string of the product, worded exactly as the product
 * specification (and DESIGN.md section 6) words it. Server and web import
 * from here, so a text is written once.
 */
export const messages = {
  productName: 'Urok',
  productDescription:
    'Urok — an LMS course template: online courses, homework and grading for students and teachers.',

  // Sign-in and sign-up (spec section 5)
  telephoneInvalid: 'Please enter a valid telephone number.',
  passwordInvalid:
    'Password must be at least 8 characters long and contain at least one uppercase letter.',
  usernameTooShort: 'Username must be at least 3 characters long.',
  fillAllFields: 'Please fill in all fields.',
  passwordInvalidUk: 'Пароль має містити щонайменше 8 символів і одну велику літеру.',
  passwordsDoNotMatch: 'Passwords do not match.',
  acceptTerms: 'Please accept the terms.',
  emailInvalid: 'Please enter a valid email address.',
  usernameTooLong: 'Username must be at most 40 characters long.',
  passwordTooLong: 'Password must be at most 128 characters long.',
  telephoneTaken: 'An account with this telephone number already exists.',
  loginFailed: 'Невірний номер телефону або пароль',
  loginFailedConsole: 'Помилка входу',

  // Session
  tokenNotFound: 'Token not found',
  sessionInvalid: 'Сесія завершилась. Увійдіть знову.',

  // Profile (spec sections 5 and 8)
  fillField: 'Заповніть поле',
  bioTooLong: 'Біографія — не більше 1000 символів.',
  profileUpdated: 'Дані успішно оновлено!',
  profileUpdateFailed: 'Сталась помилка під час оновлення даних',

  // Teacher applications
  applicationFailed: 'Не вдалося надіслати заявку.',
  applicationReceived:
    'Заявку отримано. Адміністратор розгляне її; після схвалення ваш обліковий запис з цим номером телефону стане обліковим записом викладача.',
  fullNameRequired: "Вкажіть повне ім'я (від 3 до 100 символів).",
  subjectRequired: 'Вкажіть предмет (до 100 символів).',
  experienceTooLong: 'Досвід — до 2000 символів.',
  motivationRequired: 'Розкажіть про мотивацію (від 10 до 2000 символів).',

  // Courses
  courseNotFound: 'Курс не знайдено.',
  demoCourseNotFound: 'Курс не знайдено',

  // Generic API errors
  badRequest: 'Перевірте введені дані.',
  unauthorized: 'Увійдіть, щоб продовжити.',
  forbidden: 'Недостатньо прав для цієї дії.',
  notFound: 'Не знайдено.',
  tooManyRequests: 'Забагато спроб. Спробуйте пізніше.',
  payloadTooLarge: 'Файл завеликий.',
  unsupportedMediaType: 'Непідтримуваний тип файлу.',
  internalError: 'Сталася помилка на сервері. Спробуйте ще раз.',

  // Shell (spec section 2)
  menu: 'MENU',
  teacherMenu: 'TEACHER MENU',
  coursesGroup: 'Курси',
  allCourses: 'Всі курси',
  myCourses: 'Мої курси',
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

  // On-demand pages
  chunkLoadFailed: 'Не вдалося завантажити сторінку.',
  retry: 'Спробувати ще раз',
} as const;

export type MessageKey = keyof typeof messages;
