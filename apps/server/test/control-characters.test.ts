import { describe, expect, it } from 'vitest';
import { messages } from '@urok/contract';
import { runAdmin } from '../src/cli/admin.ts';
import type { AdminIo } from '../src/cli/command.ts';
import { submitApplication } from '../src/features/applications/applications.service.ts';
import { setOperator } from '../src/features/admin/admin.service.ts';
import { cliActor } from '../src/lib/audit.ts';
import {
  createCourse,
  enroll,
  listStored,
  multipart,
  registerTeacher,
  uploadHomework,
  uploadHomeworkRequest,
  COURSE_FIELDS,
} from './course-fixtures.ts';
import {
  bearer,
  databaseTargets,
  registerAccount,
  useTestApp,
  validApplication,
} from './helpers.ts';

/** Retitles the operator's terminal window: ESC ] 0 ; … BEL. */
const TITLE_ESCAPE = '\u001b]0;pwned\u0007';
/** Clears the screen: CSI 2 J, as ESC [ and as the one-character C1 CSI. */
const CLEAR_SCREEN = '\u001b[2J\u009b2J';
const RIGHT_TO_LEFT_OVERRIDE = '\u202e';

/** Any character that could drive a terminal or reorder what it shows (line feed aside). */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

function expectRefused(response: { statusCode: number; json(): unknown }, field: string): void {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    message: messages.textControlCharacters,
    code: 'BAD_REQUEST',
    fields: { [field]: messages.textControlCharacters },
  });
}

describe.each(databaseTargets)('control characters in text on $name', (target) => {
  const t = useTestApp(target);

  const count = async (
    table: 'teacher_applications' | 'users' | 'courses' | 'homework' | 'pledges',
  ) =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a teacher application with a terminal escape in its full name is 400 with the field message, and not stored', async () => {
    const before = await count('teacher_applications');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/applications/teachers',
      payload: validApplication({ fullName: `Оксана Петренко${TITLE_ESCAPE}` }),
    });
    expectRefused(response, 'fullName');
    for (const [field, value] of [
      ['subject', `Математика${CLEAR_SCREEN}`],
      ['email', `o${RIGHT_TO_LEFT_OVERRIDE}@example.com`],
      ['experience', `8 років${TITLE_ESCAPE}`],
      ['motivation', `Хочу навчати.${RIGHT_TO_LEFT_OVERRIDE} Ще рядок.`],
    ] as const) {
      expectRefused(
        await t.app.inject({
          method: 'POST',
          url: '/api/applications/teachers',
          payload: validApplication({ [field]: value }),
        }),
        field,
      );
    }
    expect(await count('teacher_applications')).toBe(before);
    // Text of several lines keeps its line breaks and tabs.
    const multiline = await t.app.inject({
      method: 'POST',
      url: '/api/applications/teachers',
      payload: validApplication({ motivation: 'Хочу навчати.\r\n\tІ вчитися.\nСама.' }),
    });
    expect(multiline.statusCode).toBe(201);
  });

  it('sign-up, profile and pledges refuse them too', async () => {
    const users = await count('users');
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          username: `Taras${TITLE_ESCAPE}`,
          email: 'taras@example.com',
          telephone: '+380671234567',
          password: 'Secret2024',
        },
      }),
      'username',
    );
    expect(await count('users')).toBe(users);

    const account = await registerAccount(t.app);
    const profile = {
      username: account.user.username,
      telephone: account.telephone,
      email: account.user.email,
      bio: 'Про мене',
    };
    for (const [field, value] of [
      ['username', `Taras${CLEAR_SCREEN}`],
      ['bio', `Про мене\n${TITLE_ESCAPE}`],
    ] as const) {
      expectRefused(
        await t.app.inject({
          method: 'PUT',
          url: '/api/auth/updateUser',
          payload: { ...profile, [field]: value },
          headers: bearer(account.token),
        }),
        field,
      );
    }

    const pledges = await count('pledges');
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/pledges',
        payload: { name: `Марія${TITLE_ESCAPE}`, amount: 100, message: '' },
      }),
      'name',
    );
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/pledges',
        payload: { name: 'Марія', amount: 100, message: `Дякую${RIGHT_TO_LEFT_OVERRIDE}` },
      }),
      'message',
    );
    expect(await count('pledges')).toBe(pledges);
  });

  it('course fields, a homework comment and feedback refuse them; a CRLF line break from a form is kept', async () => {
    const teacher = await registerTeacher(t.app, t.db);
    const courses = await count('courses');
    for (const [field, value] of [
      ['title', `Python${TITLE_ESCAPE}`],
      ['category', `Програмування${RIGHT_TO_LEFT_OVERRIDE}`],
      ['description', `${COURSE_FIELDS.description}${CLEAR_SCREEN}`],
      ['homeworkTask', `Задача${TITLE_ESCAPE}`],
    ] as const) {
      const body = multipart(
        Object.entries({ ...COURSE_FIELDS, [field]: value }).map(([name, text]) => ({
          name,
          value: text,
        })),
      );
      expectRefused(
        await t.app.inject({
          method: 'POST',
          url: '/api/courses',
          payload: body.payload,
          headers: { ...body.headers, ...bearer(teacher.token) },
        }),
        field,
      );
    }
    expect(await count('courses')).toBe(courses);
    const course = await createCourse(t.app, teacher, {
      description: 'Перший рядок опису.\r\nДругий рядок.',
    });
    expect(course.description).toBe('Перший рядок опису.\r\nДругий рядок.');

    const student = await registerAccount(t.app);
    await enroll(t.app, student, course._id);
    const stored = await listStored(t.app, 'homework');
    expectRefused(
      await t.app.inject(
        uploadHomeworkRequest(student, course._id, undefined, { comment: `Готово${CLEAR_SCREEN}` }),
      ),
      'comment',
    );
    expect(await listStored(t.app, 'homework')).toEqual(stored);

    const homework = await uploadHomework(t.app, student, course._id, undefined, {
      comment: 'Готово.\r\nДякую.',
    });
    expectRefused(
      await t.app.inject({
        method: 'PUT',
        url: `/api/homework/${homework._id}/grade`,
        payload: { grade: '10', feedback: `Добре${TITLE_ESCAPE}` },
        headers: bearer(teacher.token),
      }),
      'feedback',
    );
  });
});

describe.each(databaseTargets)('the admin CLI prints stored text inert on $name', (target) => {
  const t = useTestApp(target);

  async function admin(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const io: AdminIo = { out: (text) => out.push(text), err: (text) => err.push(text) };
    const code = await runAdmin(argv, {
      io,
      connect: async () => ({ db: t.db, config: t.config, close: async () => {} }),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('applications list and show, users list: no raw ESC, BEL, CSI or override, the text still readable', async () => {
    // Rows written past the API (stored before the contract refused them, or by another tool).
    const application = await submitApplication(t.db, validApplication(), { autoApprove: false });
    await t.db
      .updateTable('teacher_applications')
      .set({
        full_name: `Оксана${TITLE_ESCAPE}`,
        email: `o${CLEAR_SCREEN}@example.com`,
        subject: `Math${RIGHT_TO_LEFT_OVERRIDE}txt.exe`,
        experience: `рік\r\u001b[1A\u001b[2KApproved`,
        motivation: `Хочу\u0085навчати\u2066.`,
      })
      .where('id', '=', application._id)
      .execute();
    const account = await registerAccount(t.app);
    await t.db
      .updateTable('users')
      .set({ username: `Taras${TITLE_ESCAPE}`, email: `t\u0007@example.com` })
      .where('id', '=', account.user._id)
      .execute();

    const list = await admin('applications', 'list');
    const show = await admin('applications', 'show', application._id);
    const users = await admin('users', 'list');
    for (const result of [list, show, users]) {
      expect(result.code).toBe(0);
      expect(result.out).not.toMatch(RAW_CONTROL);
    }
    expect(list.out).toContain('Оксана\\u001b]0;pwned\\u0007');
    expect(show.out).toContain('Name:       Оксана\\u001b]0;pwned\\u0007');
    expect(show.out).toContain('o\\u001b[2J\\u009b2J@example.com');
    expect(show.out).toContain('Math\\u202etxt.exe');
    expect(show.out).toContain('рік\\u000d\\u001b[1A\\u001b[2KApproved');
    expect(show.out).toContain('Хочу\\u0085навчати\\u2066.');
    expect(users.out).toContain('Taras\\u001b]0;pwned\\u0007');

    // What a command says about a row (approve names the applicant) is inert too.
    const approved = await admin('applications', 'approve', application._id);
    expect(approved.out).toContain('Оксана\\u001b]0;pwned\\u0007');
    expect(approved.out).not.toMatch(RAW_CONTROL);
  });

  it('table columns stay aligned: an escaped cell is as wide as it is shown', async () => {
    const { formatTable } = await import('../src/cli/table.ts');
    const table = formatTable(
      ['A', 'B'],
      [
        ['x\u001b[31m', 'end'],
        ['plain', 'end'],
      ],
    ).split('\n');
    expect(table[2]).toBe('x\\u001b[31m  end');
    expect(table[3]!.indexOf('end')).toBe(table[2]!.indexOf('end'));
  });
});

/** The shape of a body property in the OpenAPI document (made from the contract's zod schemas). */
interface PropertySchema {
  type?: string;
  format?: string;
  anyOf?: PropertySchema[];
  oneOf?: PropertySchema[];
}
interface BodySchema extends PropertySchema {
  properties?: Record<string, PropertySchema>;
  allOf?: BodySchema[];
  anyOf?: BodySchema[];
  oneOf?: BodySchema[];
}

/** Every property of a body schema, its variants' too (a union of question kinds). */
function propertiesOf(schema: BodySchema | undefined): Map<string, PropertySchema> {
  const found = new Map<string, PropertySchema>();
  const visit = (part: BodySchema | undefined) => {
    if (!part) return;
    for (const [name, property] of Object.entries(part.properties ?? {}))
      if (!found.has(name)) found.set(name, property);
    for (const variant of [...(part.allOf ?? []), ...(part.anyOf ?? []), ...(part.oneOf ?? [])])
      visit(variant);
  };
  visit(schema);
  return found;
}

const UNSAFE = `Текст${TITLE_ESCAPE}${RIGHT_TO_LEFT_OVERRIDE}fdp.exe`;
/** A document (or any object or list) with the characters deep inside a text node. */
const UNSAFE_DOCUMENT = {
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: UNSAFE }] }],
};

describe.each(databaseTargets)('every text field of the contract on $name', (target) => {
  const t = useTestApp(target);

  it('refuses control and bidirectional characters in every text field of every documented body (400 naming it), and stores nothing', async () => {
    // A teacher who is also an operator passes every route's sign-in check, so the text rule answers.
    const caller = await registerTeacher(t.app, t.db);
    await setOperator(t.db, caller.user._id, true, cliActor('test'));
    const spec = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, { schema?: BodySchema }> } }>
      >;
    };
    const before = await digest();
    const checked: string[] = [];
    for (const [route, methods] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [contentType, { schema }] of Object.entries(
          operation.requestBody?.content ?? {},
        )) {
          for (const [field, property] of propertiesOf(schema)) {
            if (/password/i.test(field) || property.format === 'binary') continue;
            const kinds = [property.type, ...(property.anyOf ?? []).map((p) => p.type)];
            if (
              kinds.every((kind) => kind === 'number' || kind === 'integer' || kind === 'boolean')
            )
              continue;
            const value =
              property.type === 'string'
                ? UNSAFE
                : property.type === 'array'
                  ? [UNSAFE_DOCUMENT]
                  : UNSAFE_DOCUMENT;
            const url = (route.startsWith('/api') ? route : `/api${route}`).replace(
              /\{\w+\}/g,
              '00000000-0000-7000-8000-000000000000',
            );
            const body =
              contentType === 'multipart/form-data'
                ? multipart([{ name: field, value: UNSAFE }])
                : { payload: { [field]: value }, headers: {} };
            const response = await t.app.inject({
              method: method.toUpperCase() as 'POST',
              url,
              payload: body.payload,
              headers: { ...body.headers, ...bearer(caller.token) },
            });
            const name = `${method.toUpperCase()} ${route} ${field}`;
            expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
            expect(response.json(), name).toMatchObject({
              message: messages.textControlCharacters,
              fields: { [field]: messages.textControlCharacters },
            });
            checked.push(name);
          }
        }
      }
    }
    // Titles, reasons, feedback, comments, document text, the console's note: all of them walked.
    for (const field of [
      'POST /api/courses/{id}/assignments title',
      'POST /api/courses/{id}/assignments instructions',
      'POST /api/homework/{id}/regrade reason',
      'POST /api/homework/{id}/regrade feedback',
      'PUT /api/homework/{id}/grade feedback',
      'POST /api/homework/{id}/comments body',
      'PUT /api/lessons/{id} body',
      'POST /api/admin/applications/{id}/approve note',
      'POST /api/courses title',
      'POST /api/courses/upload-homework comment',
    ])
      expect(checked).toContain(field);
    expect(checked.length).toBeGreaterThan(60);
    expect(await digest()).toEqual(before);
  });

  /** Row counts of every table: a refusal adds or removes nothing. */
  async function digest(): Promise<Record<string, number>> {
    const tables = [
      'users',
      'courses',
      'assignments',
      'lessons',
      'homework',
      'homework_comments',
      'homework_grade_history',
      'teacher_applications',
      'pledges',
      'audit_log',
      'notifications',
      'sections',
    ] as const;
    const counts: Record<string, number> = {};
    for (const table of tables)
      counts[table] = Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return counts;
  }
});
