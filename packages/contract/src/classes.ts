/**
 * Classes (DESIGN section 17): who sees a course, and the join codes that
 * let a student into a private one. The server and the web app share these
 * rules; the server decides.
 */
import type { FormError } from './form.ts';
import { defineMessages, icu } from './i18n/catalog.ts';
import { isValidTelephone } from './rules.ts';
import { signInMessages } from './sign-in-messages.ts';

/** `public`: the catalog, anyone enrols; `private`: by code or by the author only; `draft`: the author alone. */
export const COURSE_VISIBILITIES = ['public', 'private', 'draft'] as const;
export type CourseVisibility = (typeof COURSE_VISIBILITIES)[number];

export function isCourseVisibility(value: string): value is CourseVisibility {
  return (COURSE_VISIBILITIES as readonly string[]).includes(value);
}

/** 31 signs without look-alikes: no 0/O, no 1/I/L. */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 8;

/**
 * A typed or pasted code as stored: upper case, without the spaces and
 * dashes people add when reading it aloud. null when it cannot be a code.
 */
export function normalizeJoinCode(input: string): string | null {
  const code = input.replace(/[\s-]+/g, '').toUpperCase();
  if (code.length !== JOIN_CODE_LENGTH) return null;
  for (const sign of code) if (!JOIN_CODE_ALPHABET.includes(sign)) return null;
  return code;
}

/**
 * The API paths of classes, apart from `API` (paths.ts) because every path
 * there ships in the entry chunk /login loads, and only course pages use these.
 */
export const CLASS_API = {
  joinCode: (courseId: string) => `courses/${encodeURIComponent(courseId)}/join-code`,
  joinCourse: 'courses/join',
  courseStudents: (courseId: string) => `courses/${encodeURIComponent(courseId)}/students`,
} as const;

export interface AddStudentInput {
  telephone: string;
}

/** The API's answers about classes. English: locales/en/classes.ts (both modules). */
export const classMessages = defineMessages('classes', {
  visibilityInvalid: 'Оберіть, хто бачить курс: усі, лише клас або лише ви.',
  joinCodeNotFound: 'Код не знайдено',
  joinCodeRequired: 'Введіть код курсу.',
  draftNoJoin: 'Курс ще не опубліковано: записатися на нього не можна.',
  privateNoEnroll: 'Цей курс — для класу: запишіться за кодом чи посиланням від викладача.',
  studentNotFound: 'Облікового запису з таким номером немає.',
  draftHasStudents: 'На курс уже записані студенти: зробіть його приватним, а не чернеткою.',
} as const);

export function checkAddStudent(input: AddStudentInput): FormError<'telephone'> | null {
  if (!isValidTelephone(input.telephone.trim()))
    return { message: signInMessages.telephoneInvalid, fields: ['telephone'] };
  return null;
}

/** The web pages of classes: the course form's choice, the author's access panel, /join. */
export const classPageMessages = defineMessages('classPages', {
  visibilityLegend: 'Хто бачить курс',
  visibilityLabel: {
    public: 'Відкритий',
    private: 'Закритий клас',
    draft: 'Чернетка',
  } satisfies Record<CourseVisibility, string>,
  visibilityHint: {
    public: 'У каталозі й пошуку: записатися може кожен.',
    private:
      'Лише для вашого класу: студенти приєднуються за кодом чи посиланням або їх додаєте ви.',
    draft: 'Бачите лише ви: ніхто не може записатися, поки курс не відкрито.',
  } satisfies Record<CourseVisibility, string>,
  /** The badge on the author's course list and course page (none for a public course). */
  badge: {
    private: 'Закритий клас',
    draft: 'Чернетка',
  } satisfies Record<Exclude<CourseVisibility, 'public'>, string>,

  // The author's access panel
  accessHeading: 'Доступ до курсу',
  accessIntroPrivate:
    'Дайте студентам код або посилання: за ним вони приєднаються до курсу. У каталозі курсу немає.',
  accessIntroPublic:
    'Курс відкритий: його знаходять у каталозі. Код і посилання потрібні лише закритому класу.',
  accessIntroDraft:
    'Курс — чернетка: його бачите лише ви. Щоб студенти могли приєднатися, зробіть його закритим класом або відкритим.',
  joinCodeLabel: 'Код курсу',
  joinLinkLabel: 'Посилання для приєднання',
  copyCode: 'Копіювати код',
  copyLink: 'Копіювати посилання',
  copied: 'Скопійовано',
  copyFailed: 'Не вдалося скопіювати: виділіть і скопіюйте вручну.',
  qrAlt: icu<[link: string]>('QR-код посилання {link}', 'link'),
  qrLoadFailed: 'Не вдалося показати QR-код.',
  fullScreen: 'Показати на весь екран',
  fullScreenClose: 'Закрити',
  fullScreenInstruction: 'Відскануйте QR-код або відкрийте посилання й введіть код:',
  rotateCode: 'Новий код',
  rotateConfirm:
    'Старий код і посилання перестануть працювати одразу. Студенти, які вже приєдналися, лишаються в курсі. Створити новий код?',
  rotateConfirmAction: 'Так, новий код',
  rotateCancel: 'Скасувати',
  rotated: 'Новий код готовий: старий більше не працює.',
  codeLoadFailed: 'Не вдалося отримати код курсу.',
  addStudentHeading: 'Додати студента за номером телефону',
  addStudentHint: 'Студент має вже бути зареєстрований з цим номером.',
  addStudentLabel: 'Номер телефону студента',
  addStudentAction: 'Додати',
  addStudentDone: icu<[count: number]>('Студента додано. У курсі студентів: {count}.', 'count'),
  addStudentFailed: 'Не вдалося додати студента.',

  // /join/{code} and the student's list
  joinTitle: 'Приєднання до курсу',
  joinSignedOut:
    'Вас запросили до курсу на «Урок». Увійдіть або зареєструйтеся — і ви одразу потрапите до курсу.',
  joinCodeShown: icu<[code: string]>('Код курсу: {code}', 'code'),
  joinSignIn: 'Увійти',
  joinRegister: 'Зареєструватися',
  joining: 'Приєднуємо до курсу…',
  joinFailed: 'Не вдалося приєднатися до курсу.',
  joinToCatalog: 'До каталогу курсів',
  joinToMyCourses: 'До моїх курсів',
  joinFormHeading: 'Приєднатися за кодом',
  joinFormLabel: 'Код від викладача',
  joinFormHint: '8 літер і цифр, наприклад K7MP-Q2XA',
  joinFormAction: 'Приєднатися',
} as const);
