/**
 * The copy of the public site (/start, /course-details, /future-teacher,
 * /game, /donate), the demo screens (/vacancylist, /course/{id}, /test) and
 * /contacts. Every one of those pages is loaded on demand, so their words
 * live in a module of their own: the entry chunk that /login loads imports
 * `messages` only and does not carry these. The pledge API's answers are
 * here too (only /donate shows them); the teacher application's and the
 * generic API errors stay in messages.ts.
 *
 * Labels and button names are what the end-to-end tests target: keep them stable.
 * English: locales/en/site.ts.
 */
import { defineMessages, icu } from './i18n/catalog.ts';

export const siteMessages = defineMessages('site', {
  // POST /api/pledges: validation and success (server and /donate)
  pledgeNameInvalid: "Вкажіть ім'я (від 2 до 100 символів).",
  pledgeAmountInvalid: 'Вкажіть суму цілим числом від 10 до 100 000 грн.',
  pledgeMessageTooLong: 'Повідомлення — не більше 500 символів.',
  pledgeReceived: 'Дякуємо! Вашу обіцянку внеску збережено.',

  // Shared
  optional: "Необов'язково",
  hryvnias: 'грн',

  // /start
  startHeading: 'Навчайтеся онлайн разом з Urok',
  startLead:
    'Курси від викладачів, домашні завдання з перевіркою та оцінками — усе в одному місці і зручно з телефона.',
  startRegister: 'Створити обліковий запис',
  startSignIn: 'Увійти до кабінету',
  startApply: 'Подати заявку викладача',
  startHowItWorks: 'Як це працює',
  startStepEnrol: 'Записуйтеся на курси',
  startStepEnrolText: 'Оберіть курс у каталозі й запишіться одним натисканням.',
  startStepHomework: 'Надсилайте домашні завдання',
  startStepHomeworkText: 'Завантажуйте роботи у форматі PDF, DOCX, зображення чи архіву.',
  startStepGrades: 'Отримуйте оцінки й відгуки',
  startStepGradesText: 'Викладач перевіряє роботу й пише відгук — ви бачите його у своєму курсі.',
  startCatalogHeading: 'Курси з каталогу',
  startCatalogEmpty: "Каталог поки порожній — перші курси з'являться зовсім скоро.",
  startCatalogFailed: 'Не вдалося завантажити курси.',
  startCatalogAuthor: 'Викладач',
  startCatalogEnrolled: 'Записано',
  startCatalogEnrol: 'Увійти, щоб записатися',
  startFeaturedHeading: 'Рекомендовані програми',
  startFeaturedMore: 'Детальніше',
  startTeachHeading: 'Хочете викладати?',
  startTeachLink: 'Стати викладачем',
  startTeachText:
    'Подайте заявку: після схвалення ви зможете створювати курси, бачити надіслані роботи й ставити оцінки.',
  startMoreHeading: 'Ще на Urok',
  startGameLink: 'Зіграти у вікторину',
  startDonateLink: 'Підтримати платформу',

  // /course-details and /course-details:N
  featuredIndexHeading: 'Рекомендовані програми',
  featuredIndexLead:
    'Програми, які ми радимо почати. Оберіть будь-яку, щоб побачити план навчання.',
  featuredLevel: 'Рівень',
  featuredDuration: 'Тривалість',
  featuredWeeks: icu<[weeks: number]>('{weeks} тиж.', 'weeks'),
  featuredWeeklyLoad: 'Навантаження',
  featuredHoursPerWeek: icu<[hours: number]>('{hours} год на тиждень', 'hours'),
  featuredLessons: 'Уроків',
  featuredEnrol: 'Записатися на курс',
  featuredEnrolHintSignedOut: 'Створіть обліковий запис — це безкоштовно.',
  featuredEnrolHintSignedIn: 'Курс чекає на вас у каталозі.',
  featuredOutcomes: 'Чого ви навчитеся',
  featuredProgram: 'Програма курсу',
  featuredModule: icu<[index: number]>('Модуль {index}', 'index'),
  featuredTeacher: 'Викладач',
  featuredOthers: 'Інші програми',
  featuredAll: 'Усі рекомендовані програми',
  featuredLoadFailed: 'Не вдалося завантажити програму курсу.',

  // /future-teacher
  futureTeacherLead:
    'Розкажіть про себе — адміністратор розгляне заявку. Після схвалення обліковий запис із цим номером телефону зможе створювати курси.',
  futureTeacherPrefilled: 'Контакти заповнено з вашого профілю — перевірте їх.',
  labelFullName: 'Full name',
  labelSubject: 'Subject',
  labelExperience: 'Experience',
  labelMotivation: 'Motivation',
  subjectHint: 'Наприклад, математика або англійська мова',
  experienceHint: "Необов'язково: де і скільки ви викладали",
  submitApplication: 'Submit application',
  applicationSentHeading: 'Заявку надіслано',
  applicationNextSteps: 'Що далі',
  applicationBackToStart: 'На головну',
  applicationBackToCourses: 'До моїх курсів',

  // /game
  gameLead:
    'Десять коротких питань про навчання і шкільні предмети. Обирайте відповідь — одразу побачите, чи влучили.',
  gameProgress: icu<[current: number, total: number]>(
    'Питання {current} з {total}',
    'current',
    'total',
  ),
  gameProgressLabel: 'Прогрес вікторини',
  gameScore: icu<[score: number]>('Рахунок: {score}', 'score'),
  gameAnswers: 'Варіанти відповіді',
  gameCorrect: 'Правильно!',
  gameWrong: icu<[answer: string]>('Неправильно. Правильна відповідь: {answer}.', 'answer'),
  gameNext: 'Наступне питання',
  gameFinish: 'Показати результат',
  gameOverHeading: 'Вікторину завершено',
  gameResult: icu<[score: number, total: number]>(
    'Ваш результат: {score} з {total}',
    'score',
    'total',
  ),
  gameVerdictGreat: 'Чудово! Ви справжній відмінник.',
  gameVerdictGood: 'Добрий результат — ще трохи, і буде ідеально.',
  gameVerdictTryAgain: 'Є куди рости — спробуйте ще раз!',
  gameReplay: 'Зіграти ще раз',
  gameChosen: 'ваша відповідь',

  // /donate
  donateLead:
    'Urok — відкритий освітній проєкт. Сервери, зберігання домашніх завдань і розвиток платформи тримаються на підтримці спільноти.',
  donateWaysHeading: 'Як підтримати платформу',
  donateWayPledge: 'Пообіцяйте внесок',
  donateWayPledgeText: 'Заповніть форму нижче — ми врахуємо вашу обіцянку в плані розвитку.',
  donateWayShare: 'Розкажіть про курси',
  donateWayShareText: 'Поділіться посиланням на Urok з учнями, колегами й друзями.',
  donateWayTeach: 'Станьте викладачем',
  donateWayTeachText: 'Створіть власний курс і допоможіть іншим навчатися.',
  donateWayTeachLink: 'Подати заявку',
  donateFormHeading: 'Обіцянка внеску',
  labelPledgeName: 'Name',
  labelPledgeAmount: 'Amount (UAH)',
  labelPledgeMessage: 'Message',
  pledgeAmountHint: 'Ціле число від 10 до 100 000',
  pledgeMessageHint: "Необов'язково, до 500 символів",
  submitPledge: 'Pledge support',
  pledgeThanksHeading: 'Дякуємо за підтримку!',
  pledgeSummary: icu<[name: string, amount: string]>('{name}, {amount} грн', 'name', 'amount'),
  pledgeAnother: 'Make another pledge',
  pledgeFailed: 'Не вдалося зберегти обіцянку. Спробуйте ще раз.',

  // /contacts
  contactsLeadStudent: 'Викладачі курсів, на які ви записані.',
  contactsLeadTeacher: 'Студенти, записані на ваші курси.',
  contactsEmptyStudent: "Поки немає контактів: запишіться на курс, і тут з'явиться його викладач.",
  contactsEmptyTeacher:
    "Поки немає контактів: коли студенти запишуться на ваші курси, вони з'являться тут.",
  contactsBrowseCourses: 'Переглянути всі курси',
  contactsCourses: 'Courses',
  contactsFailed: 'Не вдалося завантажити контакти.',

  // /vacancylist
  vacanciesLead: 'Демонстраційна дошка вакансій: натисніть тег, щоб відфільтрувати список.',
  vacancyFilters: 'Filters',
  removeFilter: icu<[tag: string]>('Remove filter {tag}', 'tag'),
  clearFilters: 'Clear',
  vacancyTags: 'Tags',
  vacancyNew: 'NEW!',
  vacancyFeatured: 'FEATURED',
  vacancyCount: icu<[shown: number, total: number]>(
    'Showing {shown} of {total} jobs',
    'shown',
    'total',
  ),

  // /course/{id}
  demoCourseProfession: 'Profession',
  demoCourseCompany: 'Company',
  demoCourseOthers: 'Other demo courses',

  // /test
  gradingLead: 'Демонстраційна сторінка: оцінки й список курсів живуть лише на цій сторінці.',
  gradingTableCaption: 'Домашні завдання студентів',
  gradingStudent: 'Студент',
  gradingTopic: 'Тема',
  gradingGrade: 'Оцінка',
  gradingAction: 'Дія',
  gradingGradeFor: icu<[student: string]>('Оцінка: {student}', 'student'),
  gradingBlank: 'Введіть оцінку, щоб оцінити.',
  gradingLocked: 'Оцінено',
  gradingUploadsHeading: 'Курси для завантаження',
  gradingCourseName: 'Назва курсу',
  gradingAddCourse: 'Додати',
  gradingUploadsEmpty: 'Список порожній.',
  gradingLogout: 'Вийти з демо',
  gradingLogoutAlert: 'Це демонстраційна сторінка: вихід тут не виконується.',
} as const);
