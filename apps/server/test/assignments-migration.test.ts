import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Homework, UserWithHomework } from '@urok/contract';
import { buildApp } from '../src/app.ts';
import { migrateToLatest } from '../src/db/connection.ts';
import { databaseKinds, openDatabaseAt } from './migration-fixtures.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { bearer, PASSWORD, testConfig } from './helpers.ts';
import { SAMPLE_PDF, uploadHomeworkRequest } from './course-fixtures.ts';

describe.each(databaseKinds)('migration 0010-assignments on %s', (kind) => {
  it('turns each course’s homework into its default assignment and keeps every submission and grade reachable through the old calls', async () => {
    const database = await openDatabaseAt(kind, '0008-course-content');
    // The old database is written with the schema of its time (no assignment columns yet).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const old = database.db as any;
    try {
      const now = new Date().toISOString();
      const passwordHash = await hashPassword(PASSWORD);
      const users = [
        { id: 'teacher', username: 'Вчителька', telephone: '+380501110001', is_admin: 1 },
        { id: 's1', username: 'Андрій', telephone: '+380501110002', is_admin: 0 },
        { id: 's2', username: 'Богдана', telephone: '+380501110003', is_admin: 0 },
      ];
      for (const user of users)
        await old
          .insertInto('users')
          .values({
            ...user,
            email: `${user.id}@example.com`,
            bio: '',
            password_hash: passwordHash,
            created_at: now,
            updated_at: now,
          })
          .execute();
      const course = (id: string, task: string, dueAt: string | null) => ({
        id,
        author_id: 'teacher',
        title: `Курс ${id}`,
        description: 'Опис курсу до міграції.',
        category: 'Історія',
        homework_task: task,
        homework_due_at: dueAt,
        cover_key: null,
        search_text: `курс ${id}`,
        enrolled_count: 2,
        created_at: now,
        updated_at: now,
      });
      await old
        .insertInto('courses')
        .values([
          course(
            'c1',
            'Прочитайте розділ 3.\r\nДайте відповіді на питання.',
            '2025-01-10T20:00:00.000Z',
          ),
          course('c2', '', null),
          course('c3', 'Курс без розділів', null),
        ])
        .execute();
      // Courses made after 0008 have 'Загальне' (c1 with a lesson in it); c3's author deleted it.
      for (const id of ['c1', 'c2'])
        await old
          .insertInto('sections')
          .values({
            id: `${id}-s`,
            course_id: id,
            title: 'Загальне',
            position: 0,
            created_at: now,
            updated_at: now,
          })
          .execute();
      await old
        .insertInto('lessons')
        .values({
          id: 'l1',
          course_id: 'c1',
          section_id: 'c1-s',
          title: 'Урок',
          body: JSON.stringify({ type: 'doc', content: [{ type: 'paragraph' }] }),
          video_url: null,
          video_key: null,
          video_name: null,
          video_size: null,
          video_mime: null,
          published: 1,
          position: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
      for (const courseId of ['c1', 'c2', 'c3'])
        for (const userId of ['s1', 's2'])
          await old
            .insertInto('enrollments')
            .values({ user_id: userId, course_id: courseId, created_at: now })
            .execute();
      const submission = (
        id: string,
        courseId: string,
        userId: string,
        grade: string | null,
        minute: number,
      ) => ({
        id,
        course_id: courseId,
        user_id: userId,
        file_key: `homework/${id}${'x'.repeat(20)}`,
        file_name: `${id}.pdf`,
        size: SAMPLE_PDF.length,
        mime_type: 'application/pdf',
        comment: `коментар ${id}`,
        submitted_at: `2025-01-0${(minute % 9) + 1}T10:0${minute}:00.000Z`,
        is_late: 0,
        grade,
        feedback: grade === null ? null : `відгук ${id}`,
        graded_at: grade === null ? null : now,
      });
      const rows = [
        submission('h1', 'c1', 's1', '10', 1),
        submission('h2', 'c1', 's2', '9,5', 2),
        submission('h3', 'c1', 's1', 'зараховано', 3),
        submission('h4', 'c1', 's2', null, 4),
        submission('h5', 'c2', 's1', '20', 5),
        submission('h6', 'c2', 's2', 'A', 6),
        submission('h7', 'c3', 's1', '150', 7),
      ];
      await old.insertInto('homework').values(rows).execute();

      await migrateToLatest(database.db, database.schema ? { schema: database.schema } : {});

      // The data, straight from the tables.
      const assignments = await database.db
        .selectFrom('assignments')
        .innerJoin('sections', 'sections.id', 'assignments.section_id')
        .select([
          'assignments.id',
          'assignments.course_id',
          'assignments.title',
          'assignments.instructions',
          'assignments.due_at',
          'assignments.max_points',
          'assignments.published',
          'assignments.is_default',
          'assignments.position',
          'sections.title as section_title',
        ])
        .orderBy('assignments.course_id')
        .execute();
      expect(
        assignments.map((a) => ({ ...a, id: undefined, instructions: JSON.parse(a.instructions) })),
      ).toEqual([
        {
          id: undefined,
          course_id: 'c1',
          title: 'Домашнє завдання',
          instructions: {
            type: 'doc',
            content: [
              { type: 'paragraph', content: [{ type: 'text', text: 'Прочитайте розділ 3.' }] },
              {
                type: 'paragraph',
                content: [{ type: 'text', text: 'Дайте відповіді на питання.' }],
              },
            ],
          },
          due_at: '2025-01-10T20:00:00.000Z',
          max_points: 12,
          published: 1,
          is_default: 1,
          position: 1,
          section_title: 'Загальне',
        },
        {
          id: undefined,
          course_id: 'c2',
          title: 'Домашнє завдання',
          instructions: { type: 'doc', content: [{ type: 'paragraph' }] },
          due_at: null,
          max_points: 20,
          published: 1,
          is_default: 1,
          position: 0,
          section_title: 'Загальне',
        },
        {
          id: undefined,
          course_id: 'c3',
          title: 'Домашнє завдання',
          instructions: {
            type: 'doc',
            content: [
              { type: 'paragraph', content: [{ type: 'text', text: 'Курс без розділів' }] },
            ],
          },
          due_at: null,
          max_points: 12,
          published: 1,
          is_default: 1,
          position: 0,
          section_title: 'Загальне',
        },
      ]);
      const byCourse = new Map(assignments.map((a) => [a.course_id, a.id]));
      const stored = await database.db
        .selectFrom('homework')
        .select(['id', 'assignment_id', 'grade', 'points', 'feedback', 'comment'])
        .orderBy('id')
        .execute();
      expect(
        stored.map((r) => ({ ...r, points: r.points === null ? null : Number(r.points) })),
      ).toEqual(
        rows.map((r) => ({
          id: r.id,
          assignment_id: byCourse.get(r.course_id),
          grade: r.grade,
          points: { h1: 10, h2: 9.5, h5: 20 }[r.id as 'h1'] ?? null,
          feedback: r.feedback,
          comment: r.comment,
        })),
      );

      // The same, through the specification's calls on the migrated database.
      const app = await buildApp({
        config: testConfig(database.dataDir),
        db: database.db,
        dialect: database.dialect,
      });
      try {
        await app.storage.write(`homework/h1${'x'.repeat(20)}`, Readable.from([SAMPLE_PDF]));
        const login = async (telephone: string) => {
          const response = await app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { telephone, password: PASSWORD },
          });
          expect(response.statusCode).toBe(200);
          return response.json().token as string;
        };
        const teacher = await login('+380501110001');
        const s1 = await login('+380501110002');

        const course = (await app.inject({ url: '/api/courses/c1' })).json().course;
        // The course's own text is left exactly as it was.
        expect(course.homeworkTask).toBe('Прочитайте розділ 3.\r\nДайте відповіді на питання.');
        expect(course.homeworkDueAt).toBe('2025-01-10T20:00:00.000Z');

        const submitters = (
          await app.inject({ url: '/api/courses/c1/userswithhw', headers: bearer(teacher) })
        ).json().users as UserWithHomework[];
        const seen = submitters.flatMap((u) => u.homework.map((h) => [h._id, h.grade, h.points]));
        expect(seen.sort()).toEqual([
          ['h1', '10', 10],
          ['h2', '9,5', 9.5],
          ['h3', 'зараховано', null],
          ['h4', null, null],
        ]);
        const own = (
          await app.inject({ url: '/api/courses/c2/homework', headers: bearer(s1) })
        ).json().homework as Homework[];
        expect(own.map((h) => [h._id, h.grade, h.points, h.feedback])).toEqual([
          ['h5', '20', 20, 'відгук h5'],
        ]);
        const c3 = (
          await app.inject({ url: '/api/courses/c3/homework', headers: bearer(s1) })
        ).json().homework as Homework[];
        expect(c3.map((h) => [h._id, h.grade, h.points])).toEqual([['h7', '150', null]]);

        const csv = (
          await app.inject({ url: '/api/courses/c1/grades.csv', headers: bearer(teacher) })
        ).rawPayload.toString('utf8');
        for (const text of ['"10"', '"9,5"', '"зараховано"', '"відгук h3"'])
          expect(csv).toContain(text);

        const file = await app.inject({ url: '/api/homework/h1/file', headers: bearer(s1) });
        expect(file.statusCode).toBe(200);
        expect(file.rawPayload.equals(SAMPLE_PDF)).toBe(true);

        // The lock stays; the ungraded one is graded as points; an upload goes to the default assignment.
        const again = await app.inject({
          method: 'PUT',
          url: '/api/homework/h3/grade',
          headers: bearer(teacher),
          payload: { grade: '11' },
        });
        expect(again.statusCode).toBe(409);
        const graded = await app.inject({
          method: 'PUT',
          url: '/api/homework/h4/grade',
          headers: bearer(teacher),
          payload: { grade: '8,5' },
        });
        expect(graded.json().homework).toMatchObject({ grade: '8,5', points: 8.5 });
        const upload = await app.inject(
          uploadHomeworkRequest({ token: s1 } as never, 'c1', {
            content: SAMPLE_PDF,
            filename: 'new.pdf',
          }),
        );
        expect(upload.statusCode).toBe(201);
        expect(upload.json().homework).toMatchObject({
          assignmentId: byCourse.get('c1'),
          isLate: true,
        });

        const outline = (await app.inject({ url: '/api/courses/c1/outline' })).json();
        expect(outline.sections[0].items.map((i: { kind: string }) => i.kind)).toEqual([
          'lesson',
          'assignment',
        ]);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  });
});
