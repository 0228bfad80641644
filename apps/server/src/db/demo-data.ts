import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { messages, normaliseVideoUrl, parsePoints, textToDocument } from '@urok/contract';
import { createStorageName, createTimeOrderedId } from '../lib/ids.ts';
import { hashPassword } from '../lib/passwords.ts';
import { buildSearchText } from '../lib/search-text.ts';
import type { Storage } from '../storage/storage.ts';
import type { Db, Dialect, HomeworkTable } from './database.ts';
import { DEMO_CONTENT, demoDocument, type DemoLesson, type DemoSection } from './demo-content.ts';

export interface DemoAccount {
  username: string;
  telephone: string;
  password: string;
  email: string;
  bio: string;
  isTeacher: boolean;
  /** Runs the platform: the console at /admin. */
  isOperator?: boolean;
}

/** The accounts of a demo start-up; README and the start-up log show their credentials. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: 'Olena Kovalenko',
    telephone: '+380501110001',
    password: 'Teacher2024',
    email: 'olena.kovalenko@urok.example',
    bio: 'Викладаю веброзробку понад 10 років. Люблю пояснювати складне простими словами.',
    isTeacher: true,
  },
  {
    username: 'Andrii Melnyk',
    telephone: '+380501110002',
    password: 'Student2024',
    email: 'andrii.melnyk@urok.example',
    bio: 'Студент третього курсу, вивчаю JavaScript і бази даних.',
    isTeacher: false,
  },
  {
    username: 'Iryna Shevchenko',
    telephone: '+380501110003',
    password: 'Student2024',
    email: 'iryna.shevchenko@urok.example',
    bio: 'Дизайнерка, опановую фронтенд, щоб самій верстати свої макети.',
    isTeacher: false,
  },
  {
    username: 'Оператор Платформи',
    telephone: '+380501110000',
    password: 'Operator2024',
    email: 'operator@urok.example',
    bio: 'Розглядаю заявки викладачів і допомагаю з обліковими записами.',
    isTeacher: false,
    isOperator: true,
  },
];

export interface DemoDecision {
  dialect: Dialect;
  /** openDatabase created the SQLite file just now. */
  isNew: boolean;
  /** config.demo: UROK_DEMO, undefined when unset. */
  demo: boolean | undefined;
  usersEmpty: boolean;
  /** config.host: the interface the server listens on. */
  host: string;
}

/**
 * Whether `host` (HOST) is reachable from this machine only: 127.0.0.0/8,
 * ::1 (also as an IPv4-mapped address or in brackets) or localhost.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost') return true;
  if (name === '::1' || name === '0:0:0:0:0:0:0:1') return true;
  const v4 = name.replace(/^::ffff:/, '');
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/**
 * Demo data (published passwords) goes into a new embedded database only
 * when the server listens on loopback, or when asked (UROK_DEMO=1); never
 * with UROK_DEMO=0. Into PostgreSQL only when asked and no account exists
 * yet: a server others can reach never gets known passwords by accident.
 */
export function shouldLoadDemoData({
  dialect,
  isNew,
  demo,
  usersEmpty,
  host,
}: DemoDecision): boolean {
  if (!usersEmpty || demo === false) return false;
  if (dialect === 'sqlite') return isNew && (demo === true || isLoopbackHost(host));
  return demo === true;
}

export async function isUsersTableEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

const TEACHER_TELEPHONE = '+380501110001';
const ANDRII = '+380501110002';
const IRYNA = '+380501110003';

export interface DemoSubmission {
  student: string;
  fileName: string;
  /** 'pdf' files are generated from the lines; 'txt' files are the lines. */
  kind: 'pdf' | 'txt';
  lines: string[];
  comment: string;
  daysAgo: number;
  grade?: { grade: string; feedback: string };
}

export interface DemoCourse {
  cover: string;
  title: string;
  description: string;
  category: string;
  homeworkTask: string;
  createdDaysAgo: number;
  /** Days from now; negative is a deadline already past. */
  dueInDays: number | null;
  students: string[];
  submissions: DemoSubmission[];
}

/** Six courses of the demo teacher, one per cover in db/demo-covers. */
export const DEMO_COURSES: readonly DemoCourse[] = [
  {
    cover: 'python.jpg',
    title: 'Python для початківців',
    description:
      'Перші кроки в програмуванні: змінні, умови, цикли, функції та списки. Кожне заняття — коротка теорія і практичні задачі, які перевіряються автоматичними тестами. Після курсу ви напишете власну консольну гру.',
    category: 'Програмування',
    homeworkTask:
      'Напишіть програму, яка читає з клавіатури список чисел і виводить їхню суму, середнє та найбільше значення. Надішліть код (TXT або ZIP) чи PDF зі звітом.',
    createdDaysAgo: 30,
    dueInDays: 14,
    students: [ANDRII, IRYNA],
    submissions: [
      {
        student: ANDRII,
        fileName: 'Домашнє завдання 1.pdf',
        kind: 'pdf',
        lines: [
          'Python basics - homework 1',
          'Andrii Melnyk',
          '',
          'numbers = [int(x) for x in input().split()]',
          'print(sum(numbers), sum(numbers) / len(numbers), max(numbers))',
        ],
        comment: 'Додав перевірку порожнього вводу.',
        daysAgo: 3,
        grade: {
          grade: '10',
          feedback: 'Чудовий код: зрозумілі назви змінних і перевірка порожнього списку.',
        },
      },
      {
        student: IRYNA,
        fileName: 'sum_average.txt',
        kind: 'txt',
        lines: [
          'numbers = [float(x) for x in input("Числа через пробіл: ").split()]',
          'if numbers:',
          '    print("Сума:", sum(numbers))',
          '    print("Середнє:", sum(numbers) / len(numbers))',
          '    print("Максимум:", max(numbers))',
        ],
        comment: '',
        daysAgo: 2,
      },
    ],
  },
  {
    cover: 'math.jpg',
    title: 'Вища математика: границі та похідні',
    description:
      'Границі послідовностей і функцій, неперервність, похідна та її застосування до дослідження функцій. Розбираємо типові задачі ЗНО і першого курсу університету крок за кроком.',
    category: 'Математика',
    homeworkTask:
      'Розв’яжіть задачі 1–5 з розділу «Границі» і поясніть кожен крок. Формат — PDF, фото розв’язання або TXT.',
    createdDaysAgo: 25,
    dueInDays: null,
    students: [ANDRII],
    submissions: [
      {
        student: ANDRII,
        fileName: 'Границі — розв’язання.txt',
        kind: 'txt',
        lines: [
          '1. lim (3n+1)/(n-2) = 3',
          '2. lim sin(x)/x = 1 при x → 0',
          '3. lim (1 + 1/n)^n = e',
          '4. lim (x² − 4)/(x − 2) = 4',
          '5. lim (√(x+1) − 1)/x = 1/2',
        ],
        comment: 'П’яту задачу розв’язав через домноження на спряжений вираз.',
        daysAgo: 6,
        grade: {
          grade: '8',
          feedback: 'Задачі 1–4 правильно. У п’ятій бракує пояснення, чому можна скоротити на x.',
        },
      },
    ],
  },
  {
    cover: 'english.jpg',
    title: 'Англійська мова B1: розмовна практика',
    description:
      'Розмовний курс для тих, хто знає граматику, але соромиться говорити. Рольові ігри, обговорення новин і подкастів, робота над вимовою та словником для подорожей і роботи.',
    category: 'Іноземні мови',
    homeworkTask:
      'Запишіть розповідь про свою найцікавішу подорож (150–200 слів) і надішліть текст у TXT або PDF.',
    createdDaysAgo: 20,
    dueInDays: 10,
    students: [IRYNA],
    submissions: [],
  },
  {
    cover: 'history.jpg',
    title: 'Історія України: від Київської Русі до незалежності',
    description:
      'Ключові події та постаті української історії: Київська Русь, козацька доба, національне відродження, XX століття і відновлення незалежності. Працюємо з першоджерелами та картами.',
    category: 'Історія',
    homeworkTask:
      'Напишіть есе (до 2 сторінок) про причини і наслідки Хмельниччини, спираючись щонайменше на два джерела.',
    createdDaysAgo: 15,
    dueInDays: -7,
    students: [ANDRII, IRYNA],
    submissions: [
      {
        student: IRYNA,
        fileName: 'Есе Хмельниччина.pdf',
        kind: 'pdf',
        lines: [
          'Khmelnytsky Uprising (1648-1657): causes and consequences',
          'Iryna Shevchenko',
          '',
          'Sources: Hrushevsky, History of Ukraine-Rus; Subtelny, Ukraine: A History.',
        ],
        comment: 'Використала два джерела зі списку літератури.',
        daysAgo: 9,
        grade: { grade: '12', feedback: 'Глибокий аналіз джерел і чітка структура. Відмінно!' },
      },
      {
        student: ANDRII,
        fileName: 'Есе — Хмельниччина.txt',
        kind: 'txt',
        lines: [
          'Хмельниччина: причини і наслідки',
          '',
          'Причини: соціальний, релігійний і національний гніт.',
          'Наслідки: утворення Гетьманщини, Переяславська рада.',
        ],
        comment: 'Вибачте за запізнення.',
        daysAgo: 5,
      },
    ],
  },
  {
    cover: 'physics.jpg',
    title: 'Фізика: механіка для старшокласників',
    description:
      'Кінематика, закони Ньютона, імпульс та енергія. Кожну тему закріплюємо дослідом, який можна повторити вдома, і задачами різного рівня складності.',
    category: 'Фізика',
    homeworkTask:
      'Виміряйте період коливань саморобного маятника для трьох довжин нитки та порівняйте з формулою. Звіт — PDF або фото таблиці.',
    createdDaysAgo: 10,
    dueInDays: 21,
    students: [ANDRII],
    submissions: [],
  },
  {
    cover: 'design.jpg',
    title: 'Основи графічного дизайну',
    description:
      'Композиція, колір, типографіка та сітки. Навчимося створювати логотипи, афіші й макети для соцмереж, а також готувати файли до друку.',
    category: 'Дизайн',
    homeworkTask:
      'Створіть логотип для вигаданої кав’ярні у двох варіантах кольору. Надішліть PDF або PNG.',
    createdDaysAgo: 5,
    dueInDays: 9,
    students: [IRYNA],
    submissions: [
      {
        student: IRYNA,
        fileName: 'Логотип — чернетка.pdf',
        kind: 'pdf',
        lines: [
          'Coffee shop logo - draft',
          'Iryna Shevchenko',
          '',
          'Palette: #6F4E37 coffee, #F5E6CC cream',
        ],
        comment: 'Перша версія, хочу почути відгук.',
        daysAgo: 4,
        grade: { grade: '9', feedback: 'Гарна ідея. Збільште контраст назви на світлому фоні.' },
      },
      {
        student: IRYNA,
        fileName: 'Логотип — фінал.pdf',
        kind: 'pdf',
        lines: [
          'Coffee shop logo - final',
          'Iryna Shevchenko',
          '',
          'Contrast improved; dark and light versions.',
        ],
        comment: 'Виправила контраст, як ви радили.',
        daysAgo: 1,
      },
    ],
  },
];

/** A one-page PDF with the given lines (printable ASCII) in Helvetica. */
export function makeDemoPdf(lines: readonly string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines
    .map((line, i) => `${i === 0 ? '' : '0 -20 Td '}(${escape(line)}) Tj`)
    .join('\n');
  const content = `BT /F1 12 Tf 72 770 Td\n${text}\nET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const DAY_MS = 24 * 60 * 60 * 1000;
const COVERS_DIR = path.join(import.meta.dirname, 'demo-covers');
const MEDIA_DIR = path.join(import.meta.dirname, 'demo-media');

async function findUserIdByTelephone(db: Db, telephone: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('telephone', '=', telephone)
    .executeTakeFirst();
  return row?.id;
}

/**
 * The demo teacher's courses with covers, the students' enrolments, and
 * their homework (generated files, some graded). A course the teacher
 * already has (by title) is left alone, so a second run changes nothing.
 */
async function loadDemoCourses(db: Db, storage: Storage, now: number): Promise<void> {
  const teacherId = await findUserIdByTelephone(db, TEACHER_TELEPHONE);
  if (!teacherId) return;
  const at = (days: number, hour = 10) => {
    const date = new Date(now + days * DAY_MS);
    date.setUTCHours(hour, 0, 0, 0);
    return date.toISOString();
  };
  for (const demo of DEMO_COURSES) {
    const existing = await db
      .selectFrom('courses')
      .select('id')
      .where('author_id', '=', teacherId)
      .where('title', '=', demo.title)
      .executeTakeFirst();
    if (existing) continue;

    const coverKey = `covers/${createStorageName()}.jpg`;
    await storage.write(coverKey, fs.createReadStream(path.join(COVERS_DIR, demo.cover)));
    const courseId = createTimeOrderedId();
    const createdAt = at(-demo.createdDaysAgo, 9);
    const studentIds = new Map<string, string>();
    for (const telephone of demo.students) {
      const id = await findUserIdByTelephone(db, telephone);
      if (id) studentIds.set(telephone, id);
    }

    // Files first, rows after (as an upload does); the start-up sweep would collect them if this stopped halfway.
    // The default assignment that the submissions are for, added with the content below.
    const assignmentId = createTimeOrderedId();
    const homework: HomeworkTable[] = [];
    for (const submission of demo.submissions) {
      const userId = studentIds.get(submission.student);
      if (!userId) continue;
      const content =
        submission.kind === 'pdf'
          ? makeDemoPdf(submission.lines)
          : Buffer.from(`${submission.lines.join('\n')}\n`, 'utf8');
      const fileKey = `homework/${createStorageName()}`;
      const { size } = await storage.write(fileKey, Readable.from([content]));
      const submittedAt = at(-submission.daysAgo, 15);
      const dueAt = demo.dueInDays === null ? null : at(demo.dueInDays, 21);
      homework.push({
        id: createTimeOrderedId(),
        course_id: courseId,
        user_id: userId,
        file_key: fileKey,
        file_name: submission.fileName,
        size,
        mime_type: submission.kind === 'pdf' ? 'application/pdf' : 'text/plain',
        comment: submission.comment,
        submitted_at: submittedAt,
        is_late: dueAt !== null && submittedAt > dueAt ? 1 : 0,
        grade: submission.grade?.grade ?? null,
        feedback: submission.grade?.feedback ?? null,
        graded_at: submission.grade ? at(-submission.daysAgo + 1, 12) : null,
        assignment_id: assignmentId,
        points: submission.grade ? parsePoints(submission.grade.grade, 12) : null,
      });
    }

    // The lessons' files, stored before their rows like the homework above.
    const lessonFiles = new Map<DemoLesson, { key: string; size: number }>();
    const lessonVideos = new Map<DemoLesson, { key: string; size: number }>();
    for (const section of DEMO_CONTENT[demo.title] ?? []) {
      for (const lesson of section.lessons) {
        if (lesson.video) {
          // Under the same area and key form as an uploaded video (videoUploadRule).
          const key = `lessons/${createStorageName()}`;
          const { size } = await storage.write(
            key,
            fs.createReadStream(path.join(MEDIA_DIR, lesson.video.file)),
          );
          lessonVideos.set(lesson, { key, size });
        }
        if (!lesson.attachment) continue;
        const bytes =
          lesson.attachment.kind === 'pdf'
            ? makeDemoPdf(lesson.attachment.lines)
            : Buffer.from(`${lesson.attachment.lines.join('\n')}\n`, 'utf8');
        const key = `lessons/${createStorageName()}`;
        const { size } = await storage.write(key, Readable.from([bytes]));
        lessonFiles.set(lesson, { key, size });
      }
    }

    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('courses')
        .values({
          id: courseId,
          author_id: teacherId,
          title: demo.title,
          description: demo.description,
          category: demo.category,
          homework_task: demo.homeworkTask,
          homework_due_at: demo.dueInDays === null ? null : at(demo.dueInDays, 21),
          cover_key: coverKey,
          search_text: buildSearchText(demo.title, demo.description, demo.category),
          enrolled_count: studentIds.size,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
      for (const [index, userId] of [...studentIds.values()].entries()) {
        await trx
          .insertInto('enrollments')
          .values({
            user_id: userId,
            course_id: courseId,
            created_at: at(-demo.createdDaysAgo + 1 + index, 11),
          })
          .execute();
      }
      const firstSectionId = await insertDemoContent(
        trx,
        courseId,
        DEMO_CONTENT[demo.title] ?? [{ title: messages.defaultSectionTitle, lessons: [] }],
        createdAt,
        lessonFiles,
        lessonVideos,
      );
      await trx
        .insertInto('assignments')
        .values({
          id: assignmentId,
          course_id: courseId,
          section_id: firstSectionId,
          title: messages.defaultAssignmentTitle,
          instructions: JSON.stringify(textToDocument(demo.homeworkTask)),
          due_at: demo.dueInDays === null ? null : at(demo.dueInDays, 21),
          max_points: 12,
          published: 1,
          is_default: 1,
          position: DEMO_CONTENT[demo.title]?.[0]?.lessons.length ?? 0,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
      if (homework.length > 0) await trx.insertInto('homework').values(homework).execute();
    });
  }
}

/** A demo course's sections, lessons and lesson files (whose bytes are already stored). */
async function insertDemoContent(
  db: Db,
  courseId: string,
  sections: readonly DemoSection[],
  createdAt: string,
  files: Map<DemoLesson, { key: string; size: number }>,
  videos: Map<DemoLesson, { key: string; size: number }>,
): Promise<string> {
  let firstSectionId = '';
  for (const [sectionIndex, section] of sections.entries()) {
    const sectionId = createTimeOrderedId();
    if (sectionIndex === 0) firstSectionId = sectionId;
    await db
      .insertInto('sections')
      .values({
        id: sectionId,
        course_id: courseId,
        title: section.title,
        position: sectionIndex,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .execute();
    for (const [position, lesson] of section.lessons.entries()) {
      const lessonId = createTimeOrderedId();
      const video = videos.get(lesson);
      await db
        .insertInto('lessons')
        .values({
          id: lessonId,
          course_id: courseId,
          section_id: sectionId,
          title: lesson.title,
          body: JSON.stringify(demoDocument(lesson)),
          video_url: lesson.videoUrl ? normaliseVideoUrl(lesson.videoUrl) : null,
          video_key: video?.key ?? null,
          video_name: video && lesson.video ? lesson.video.fileName : null,
          video_size: video?.size ?? null,
          video_mime: video ? 'video/mp4' : null,
          published: lesson.published ? 1 : 0,
          position,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
      const file = files.get(lesson);
      if (file && lesson.attachment)
        await db
          .insertInto('lesson_attachments')
          .values({
            id: createTimeOrderedId(),
            lesson_id: lessonId,
            file_key: file.key,
            file_name: lesson.attachment.fileName,
            size: file.size,
            mime_type: lesson.attachment.kind === 'pdf' ? 'application/pdf' : 'text/plain',
            created_at: createdAt,
          })
          .execute();
    }
  }
  return firstSectionId;
}

/**
 * The demo teacher's course of that title and its section of that title,
 * with the demo students' ids (by telephone) — where the demo quiz goes
 * (demo-quiz.ts); undefined when the course or the section is missing.
 */
export async function findDemoQuizPlace(
  db: Db,
  courseTitle: string,
  sectionTitle: string,
): Promise<
  | {
      teacherId: string;
      courseId: string;
      sectionId: string;
      students: { andrii?: string; iryna?: string };
    }
  | undefined
> {
  const teacherId = await findUserIdByTelephone(db, TEACHER_TELEPHONE);
  if (!teacherId) return undefined;
  const course = await db
    .selectFrom('courses')
    .select('id')
    .where('author_id', '=', teacherId)
    .where('title', '=', courseTitle)
    .executeTakeFirst();
  if (!course) return undefined;
  const section = await db
    .selectFrom('sections')
    .select('id')
    .where('course_id', '=', course.id)
    .where('title', '=', sectionTitle)
    .executeTakeFirst();
  if (!section) return undefined;
  return {
    teacherId,
    courseId: course.id,
    sectionId: section.id,
    students: {
      andrii: await findUserIdByTelephone(db, ANDRII),
      iryna: await findUserIdByTelephone(db, IRYNA),
    },
  };
}

/**
 * Inserts the demo accounts that are missing (by telephone), then the demo
 * courses, covers, enrolments and homework; a second run changes nothing.
 * The demo quiz comes after, from demo-quiz.ts (it uses the quiz feature,
 * which this layer below the features may not).
 */
export async function loadDemoData(
  db: Db,
  storage: Storage,
  nowMs: number = Date.now(),
): Promise<void> {
  const now = new Date(nowMs).toISOString();
  for (const account of DEMO_ACCOUNTS) {
    const existing = await db
      .selectFrom('users')
      .select('id')
      .where('telephone', '=', account.telephone)
      .executeTakeFirst();
    if (existing) continue;
    await db
      .insertInto('users')
      .values({
        id: randomUUID(),
        username: account.username,
        telephone: account.telephone,
        email: account.email,
        bio: account.bio,
        is_admin: account.isTeacher ? 1 : 0,
        is_operator: account.isOperator ? 1 : 0,
        password_hash: await hashPassword(account.password),
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  await loadDemoCourses(db, storage, nowMs);
}

/** The demo accounts present in the database, for the start-up banner. */
export async function findDemoAccounts(db: Db): Promise<DemoAccount[]> {
  const rows = await db
    .selectFrom('users')
    .select('telephone')
    .where(
      'telephone',
      'in',
      DEMO_ACCOUNTS.map((account) => account.telephone),
    )
    .execute();
  const present = new Set(rows.map((row) => row.telephone));
  return DEMO_ACCOUNTS.filter((account) => present.has(account.telephone));
}

/**
 * The start-up block: where to open the app and how to sign in to it. On a
 * server others can reach (`loopback` false) the demo passwords are not
 * printed: if the demo accounts are there (UROK_DEMO=1, or a database made
 * on loopback), it says so and what to do instead.
 */
export function formatStartupBanner(
  url: string,
  accounts: readonly DemoAccount[],
  { loopback }: { loopback: boolean },
): string {
  const lines = ['', `  Urok is running at ${url}`, `  API documentation: ${url}/api/docs`];
  if (accounts.length > 0 && !loopback) {
    lines.push(
      '',
      `  Warning: ${accounts.length} demo account(s) with published passwords exist in this database`,
      '  (README), and this server listens beyond this machine (HOST). Use it only for a',
      '  demonstration; a school starts with a new database without UROK_DEMO=1.',
    );
  } else if (accounts.length > 0) {
    const nameWidth = Math.max(...accounts.map((account) => account.username.length));
    lines.push('', '  Demo accounts (telephone / password):');
    for (const account of accounts) {
      const role = account.isOperator ? 'operator' : account.isTeacher ? 'teacher' : 'student';
      lines.push(
        `    ${role.padEnd(8)}  ${account.username.padEnd(nameWidth)}  ${account.telephone}  ${account.password}`,
      );
    }
  }
  lines.push('');
  return lines.join('\n');
}
