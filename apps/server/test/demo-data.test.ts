import { describe, expect, it } from 'vitest';
import type { Course, Homework } from '@urok/contract';
import { QUESTION_KINDS, scoreAnswer } from '@urok/contract';
import {
  documentSchema,
  quizStatisticsSchema,
  type Attempt,
  type AttemptSummary,
  type Lesson,
  type Outline,
  type Question,
} from '@urok/contract/schemas';
import {
  DEMO_ACCOUNTS,
  DEMO_COURSES,
  findDemoAccounts,
  formatStartupBanner,
  isLoopbackHost,
  isUsersTableEmpty,
  loadDemoData,
  makeDemoPdf,
  shouldLoadDemoData,
} from '../src/db/demo-data.ts';
import { DEMO_QUIZ } from '../src/db/demo-content.ts';
import { loadDemoQuiz } from '../src/demo-quiz.ts';
import { loadConfig } from '../src/config.ts';
import { sweepOrphanFiles } from '../src/features/files/files.service.ts';
import { detectHomeworkType } from '../src/lib/file-types.ts';
import { listStored } from './course-fixtures.ts';
import { bearer, databaseTargets, useTestApp } from './helpers.ts';

describe('DEMO_ACCOUNTS', () => {
  it('holds one teacher, two students and one operator with the documented credentials', () => {
    expect(
      DEMO_ACCOUNTS.map((a) => [
        a.username,
        a.telephone,
        a.password,
        a.isTeacher,
        a.isOperator ?? false,
      ]),
    ).toEqual([
      ['Olena Kovalenko', '+380501110001', 'Teacher2024', true, false],
      ['Andrii Melnyk', '+380501110002', 'Student2024', false, false],
      ['Iryna Shevchenko', '+380501110003', 'Student2024', false, false],
      ['Оператор Платформи', '+380501110000', 'Operator2024', false, true],
    ]);
  });
});

describe('shouldLoadDemoData', () => {
  const loopback = '127.0.0.1';
  it.each([
    [{ dialect: 'sqlite', isNew: true, demo: undefined, usersEmpty: true, host: loopback }, true],
    [{ dialect: 'sqlite', isNew: true, demo: true, usersEmpty: true, host: loopback }, true],
    [{ dialect: 'sqlite', isNew: true, demo: false, usersEmpty: true, host: loopback }, false],
    [{ dialect: 'sqlite', isNew: false, demo: undefined, usersEmpty: true, host: loopback }, false],
    [{ dialect: 'sqlite', isNew: true, demo: undefined, usersEmpty: true, host: '::1' }, true],
    [
      { dialect: 'sqlite', isNew: true, demo: undefined, usersEmpty: true, host: 'localhost' },
      true,
    ],
    [
      { dialect: 'sqlite', isNew: true, demo: undefined, usersEmpty: true, host: '127.8.0.1' },
      true,
    ],
    // A server others can reach: published passwords only when asked for, never with UROK_DEMO=0.
    [{ dialect: 'sqlite', isNew: true, demo: undefined, usersEmpty: true, host: '0.0.0.0' }, false],
    [{ dialect: 'sqlite', isNew: true, demo: undefined, usersEmpty: true, host: '::' }, false],
    [
      { dialect: 'sqlite', isNew: true, demo: undefined, usersEmpty: true, host: '10.0.0.7' },
      false,
    ],
    [{ dialect: 'sqlite', isNew: true, demo: true, usersEmpty: true, host: '0.0.0.0' }, true],
    [{ dialect: 'sqlite', isNew: true, demo: false, usersEmpty: true, host: '0.0.0.0' }, false],
    [
      { dialect: 'postgres', isNew: false, demo: undefined, usersEmpty: true, host: loopback },
      false,
    ],
    [{ dialect: 'postgres', isNew: false, demo: false, usersEmpty: true, host: loopback }, false],
    [{ dialect: 'postgres', isNew: false, demo: true, usersEmpty: true, host: loopback }, true],
    [{ dialect: 'postgres', isNew: false, demo: true, usersEmpty: true, host: '0.0.0.0' }, true],
    [{ dialect: 'postgres', isNew: false, demo: true, usersEmpty: false, host: loopback }, false],
  ] as const)('%j → %s', (decision, expected) => {
    expect(shouldLoadDemoData(decision)).toBe(expected);
  });

  it('with the default HOST, which is loopback, a new embedded database gets the demo', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/urok-demo' });
    expect(config.host).toBe('127.0.0.1');
    expect(
      shouldLoadDemoData({
        dialect: 'sqlite',
        isNew: true,
        demo: config.demo,
        usersEmpty: true,
        host: config.host,
      }),
    ).toBe(true);
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['::1', true],
    ['[::1]', true],
    ['::ffff:127.0.0.1', true],
    ['localhost', true],
    ['LOCALHOST', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.10', false],
    ['128.0.0.1', false],
    ['127.example.com', false],
    ['school.example', false],
  ])('%s → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});

describe('formatStartupBanner', () => {
  it('shows the URL and every demo credential on loopback', () => {
    const banner = formatStartupBanner('http://localhost:3000', DEMO_ACCOUNTS, { loopback: true });
    expect(banner).toContain('http://localhost:3000');
    for (const account of DEMO_ACCOUNTS) {
      expect(banner).toContain(account.telephone);
      expect(banner).toContain(account.password);
    }
    expect(banner).toMatch(/operator\s+Оператор Платформи\s+\+380501110000\s+Operator2024/);
    expect(formatStartupBanner('http://localhost:3000', [], { loopback: true })).not.toContain(
      'Demo accounts',
    );
  });

  it('lists no demo account on a server others can reach, and warns when they exist', () => {
    const plain = formatStartupBanner('http://localhost:3000', [], { loopback: false });
    expect(plain).toContain('http://localhost:3000');
    expect(plain).not.toMatch(/demo/i);
    const withDemo = formatStartupBanner('http://localhost:3000', DEMO_ACCOUNTS, {
      loopback: false,
    });
    expect(withDemo).toContain('Warning: 4 demo account(s) with published passwords');
    expect(withDemo).not.toContain('Demo accounts (telephone / password)');
    for (const account of DEMO_ACCOUNTS) expect(withDemo).not.toContain(account.password);
  });
});

describe.each(databaseTargets)('loadDemoData on $name', (target) => {
  const t = useTestApp(target);

  it('creates accounts that sign in through the API, with the right roles, and is idempotent', async () => {
    expect(await isUsersTableEmpty(t.db)).toBe(true);
    await loadDemoData(t.db, t.app.storage);
    await loadDemoQuiz(t.db);
    await loadDemoData(t.db, t.app.storage);
    await loadDemoQuiz(t.db);
    expect(await isUsersTableEmpty(t.db)).toBe(false);
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(
      DEMO_ACCOUNTS.length,
    );
    expect(await findDemoAccounts(t.db)).toEqual(DEMO_ACCOUNTS);

    for (const account of DEMO_ACCOUNTS) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { telephone: account.telephone, password: account.password },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({
        username: account.username,
        email: account.email,
        bio: account.bio,
        isAdmin: account.isTeacher,
        isOperator: account.isOperator ?? false,
      });
    }
  });

  it('gives the demo teacher six courses with covers, enrolled students and homework, some graded and one late', async () => {
    // Loaded by the test above; loading again must not add anything.
    const filesBefore = await listStored(t.app, 'homework');
    await loadDemoData(t.db, t.app.storage);
    expect(await listStored(t.app, 'homework')).toEqual(filesBefore);

    const login = async (index: number) => {
      const account = DEMO_ACCOUNTS[index]!;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { telephone: account.telephone, password: account.password },
      });
      return response.json() as { token: string; user: { _id: string } };
    };
    const teacher = await login(0);
    const created = (
      await t.app.inject({
        method: 'GET',
        url: '/api/users/created-courses',
        headers: bearer(teacher.token),
      })
    ).json().createdCourses as Course[];
    expect(created.map((course) => course.title).sort()).toEqual(
      DEMO_COURSES.map((course) => course.title).sort(),
    );
    // Newest first, as the catalogue shows them.
    expect(created[0]!.title).toBe('Основи графічного дизайну');
    expect(
      created.filter(
        (course) => course.homeworkDueAt !== null && Date.parse(course.homeworkDueAt) < Date.now(),
      ),
    ).toHaveLength(1);
    for (const course of created) {
      const cover = await t.app.inject({ method: 'GET', url: course.coverUrl! });
      expect(cover.statusCode).toBe(200);
      expect(cover.headers['content-type']).toBe('image/jpeg');
    }

    const catalogue = (await t.app.inject({ method: 'GET', url: '/api/courses?q=python' })).json()
      .courses as Course[];
    expect(catalogue.map((course) => course.title)).toEqual(['Python для початківців']);

    let submissions = 0;
    for (const index of [1, 2]) {
      const student = await login(index);
      const courses = (
        await t.app.inject({
          method: 'GET',
          url: `/api/user/${student.user._id}/courses`,
          headers: bearer(student.token),
        })
      ).json().courses as Course[];
      expect(courses.length).toBeGreaterThanOrEqual(3);
      for (const course of courses) {
        const own = (
          await t.app.inject({
            method: 'GET',
            url: `/api/courses/${course._id}/homework`,
            headers: bearer(student.token),
          })
        ).json().homework as Homework[];
        submissions += own.length;
        for (const homework of own) {
          const file = await t.app.inject({
            method: 'GET',
            url: `/api/homework/${homework._id}/file`,
            headers: bearer(student.token),
          });
          expect(file.statusCode).toBe(200);
          // The generated files pass the same checks as an upload.
          expect((await detectHomeworkType(file.rawPayload, homework.fileName))?.mime).toBe(
            homework.mimeType,
          );
        }
      }
    }
    const rows = await t.db.selectFrom('homework').selectAll().execute();
    expect(submissions).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.filter((row) => row.grade !== null && row.feedback).length).toBeGreaterThanOrEqual(
      3,
    );
    expect(rows.filter((row) => Number(row.is_late) === 1)).toHaveLength(1);

    const counts = await t.db.selectFrom('courses').select(['id', 'enrolled_count']).execute();
    for (const { id, enrolled_count } of counts) {
      const enrolled = await t.db
        .selectFrom('enrollments')
        .select('user_id')
        .where('course_id', '=', id)
        .execute();
      expect(Number(enrolled_count)).toBe(enrolled.length);
    }
    expect((await sweepOrphanFiles(t.db, t.app.storage, { graceMs: 0 })).removed).toEqual([]);
  });

  it('gives every demo course 2–3 sections of 2–4 lessons with valid documents, some with a file', async () => {
    const login = async (index: number) => {
      const account = DEMO_ACCOUNTS[index]!;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { telephone: account.telephone, password: account.password },
      });
      return response.json() as { token: string; user: { _id: string } };
    };
    const teacher = await login(0);
    const student = await login(1);
    const courses = (
      await t.app.inject({ url: '/api/users/created-courses', headers: bearer(teacher.token) })
    ).json().createdCourses as Course[];
    const enrolled = new Set(
      (
        (
          await t.app.inject({
            url: `/api/user/${student.user._id}/courses`,
            headers: bearer(student.token),
          })
        ).json().courses as Course[]
      ).map((course) => course._id),
    );
    let files = 0;
    const videos: string[] = [];
    for (const course of courses) {
      const outline = (
        await t.app.inject({
          url: `/api/courses/${course._id}/outline`,
          headers: bearer(teacher.token),
        })
      ).json() as Outline;
      expect(outline.sections.length, course.title).toBeGreaterThanOrEqual(2);
      expect(outline.sections.length, course.title).toBeLessThanOrEqual(3);
      expect(outline.sections[0]!.title).toBe('Загальне');
      // The first section ends with the course's default assignment, holding its homework.
      const assignment = outline.sections[0]!.items.at(-1)!;
      expect(assignment).toMatchObject({ kind: 'assignment', title: 'Домашнє завдання' });
      const read = await t.app.inject({
        url: `/api/assignments/${assignment._id}`,
        headers: bearer(teacher.token),
      });
      expect(read.json().assignment.dueAt).toBe(course.homeworkDueAt);
      for (const section of outline.sections) {
        const lessons = section.items.filter((item) => item.kind === 'lesson');
        expect(lessons.length, section.title).toBeGreaterThanOrEqual(2);
        expect(lessons.length, section.title).toBeLessThanOrEqual(4);
        for (const item of lessons) {
          const reader = enrolled.has(course._id) && item.published ? student : teacher;
          const response = await t.app.inject({
            url: `/api/lessons/${item._id}`,
            headers: bearer(reader.token),
          });
          expect(response.statusCode, item.title).toBe(200);
          const lesson = response.json().lesson as Lesson;
          expect(documentSchema.safeParse(lesson.body).success, item.title).toBe(true);
          for (const attachment of lesson.attachments) {
            files += 1;
            const file = await t.app.inject({
              url: `/api/attachments/${attachment._id}/file`,
              headers: bearer(reader.token),
            });
            expect(file.statusCode).toBe(200);
            expect((await detectHomeworkType(file.rawPayload, attachment.fileName))?.mime).toBe(
              attachment.mimeType,
            );
          }
          if (lesson.video) {
            videos.push(lesson.title);
            expect(lesson.video).toMatchObject({ mimeType: 'video/mp4' });
            expect(lesson.video.size).toBeGreaterThan(10_000);
            expect(lesson.video.size).toBeLessThanOrEqual(300 * 1024);
            // Through the lesson video route, as a <video> seeking would ask for it.
            const part = await t.app.inject({
              url: `/api/lessons/${lesson._id}/video`,
              headers: { ...bearer(reader.token), range: 'bytes=0-99' },
            });
            expect(part.statusCode).toBe(206);
            expect(part.headers['content-range']).toBe(`bytes 0-99/${lesson.video.size}`);
            expect(part.headers['content-type']).toMatch(/^video\/mp4/);
            expect(part.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
            expect(part.rawPayload.length).toBe(100);
          }
        }
      }
    }
    expect(files).toBeGreaterThanOrEqual(4);
    expect(videos).toEqual(['Що таке графічний дизайн']);
  });

  it('gives the history course a quiz of every question kind with scored attempts and statistics', async () => {
    // Loaded by the first test; loading again must not add a quiz, a question or an attempt.
    await loadDemoQuiz(t.db);
    const login = async (index: number) => {
      const account = DEMO_ACCOUNTS[index]!;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { telephone: account.telephone, password: account.password },
      });
      return response.json() as { token: string; user: { _id: string } };
    };
    const teacher = await login(0);
    const courses = (
      await t.app.inject({ url: '/api/users/created-courses', headers: bearer(teacher.token) })
    ).json().createdCourses as Course[];
    const course = courses.find((c) => c.title === DEMO_QUIZ.course)!;
    const outline = (
      await t.app.inject({
        url: `/api/courses/${course._id}/outline`,
        headers: bearer(teacher.token),
      })
    ).json() as Outline;
    const quizzes = outline.sections.flatMap((section) =>
      section.items
        .filter((item) => item.kind === 'quiz')
        .map((item) => ({ section: section.title, item })),
    );
    expect(quizzes.map((q) => [q.section, q.item.title])).toEqual([
      [DEMO_QUIZ.section, DEMO_QUIZ.title],
    ]);
    const quizId = quizzes[0]!.item._id;

    const bank = await t.app.inject({
      url: `/api/courses/${course._id}/questions`,
      headers: bearer(teacher.token),
    });
    expect(bank.statusCode).toBe(200);
    const questions = bank.json().questions as Question[];
    expect(questions.map((q) => q.kind).sort()).toEqual([...QUESTION_KINDS].sort());
    expect(questions.find((q) => q.kind === 'numeric')).toMatchObject({ tolerance: 2 });

    const attemptsResponse = await t.app.inject({
      url: `/api/quizzes/${quizId}/attempts`,
      headers: bearer(teacher.token),
    });
    expect(attemptsResponse.statusCode).toBe(200);
    const attempts = attemptsResponse.json().attempts as AttemptSummary[];
    expect(attempts).toHaveLength(DEMO_QUIZ.attempts.length);
    expect(attempts.every((a) => a.state === 'submitted')).toBe(true);
    expect(attempts.map((a) => a.student.username).sort()).toEqual([
      'Andrii Melnyk',
      'Andrii Melnyk',
      'Iryna Shevchenko',
    ]);
    // One essay waits for the teacher, the others are graded.
    expect(attempts.filter((a) => a.pendingGrading)).toHaveLength(1);
    const scores = new Set<number>();
    for (const summary of attempts) {
      const attempt = (
        await t.app.inject({
          url: `/api/attempts/${summary._id}`,
          headers: bearer(teacher.token),
        })
      ).json().attempt as Attempt;
      expect(attempt.questions.map((q) => q.kind)).toEqual(DEMO_QUIZ.questions.map((q) => q.kind));
      // Each automatic score is what the contract's scoring gives for the stored answer.
      const key = new Map(questions.map((q) => [q._id, q]));
      for (const question of attempt.questions) {
        const { _id, courseId, text, points, tags, explanation, createdAt, updatedAt, ...rest } =
          key.get(question.questionId!)!;
        void [_id, courseId, text, tags, explanation, createdAt, updatedAt];
        expect(question.autoScore).toBe(
          scoreAnswer(rest as Parameters<typeof scoreAnswer>[0], points, question.answer),
        );
      }
      const essay = attempt.questions.find((q) => q.kind === 'essay')!;
      expect(essay.score === null).toBe(attempt.pendingGrading);
      const total = attempt.questions.reduce((sum, q) => sum + (q.score ?? 0), 0);
      expect(attempt.score).toBeCloseTo(total, 2);
      scores.add(attempt.score!);
    }
    // By hand from DEMO_QUIZ: Andrii 0 + 0 + 1 + 1 + 1 + 1 + 1 + essay 2, then
    // 1 + 1.33 (two of three battles) + 0 + 0 + 1 + 2 + 0 with the essay pending; Iryna 13 of 14.
    expect([...scores].sort((a, b) => a - b)).toEqual([5.33, 7, 13]);

    const statistics = await t.app.inject({
      url: `/api/quizzes/${quizId}/statistics`,
      headers: bearer(teacher.token),
    });
    expect(statistics.statusCode).toBe(200);
    const stats = quizStatisticsSchema.parse(statistics.json());
    expect(stats.attempts).toBe(attempts.length);
    expect(stats.mean).not.toBeNull();
    expect(stats.questions.map((q) => q.kind)).toEqual(DEMO_QUIZ.questions.map((q) => q.kind));
    // Different answers: most questions show more than one distinct answer.
    const spread = stats.questions.filter((q) => q.answers.length > 1);
    expect(spread.length).toBeGreaterThanOrEqual(5);
  });

  it('makes valid PDFs', async () => {
    const pdf = makeDemoPdf(['Hello (world) \\ test']);
    expect(pdf.subarray(0, 8).toString()).toBe('%PDF-1.4');
    const text = pdf.toString('latin1');
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    expect(text).toContain('(Hello \\(world\\) \\\\ test) Tj');
  });
});
