import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@urok/contract';
import type { Db } from '../src/db/database.ts';
import { groupContacts } from '../src/features/contacts/contacts.service.ts';
import {
  bearer,
  createTestApp,
  databaseTargets,
  registerAccount,
  useTestApp,
  type Account,
  type TestApp,
} from './helpers.ts';

/** Rows straight into the tables of migration 0002, so this suite does not lean on the courses API. */
async function makeTeacher(db: Db, account: Account): Promise<void> {
  await db.updateTable('users').set({ is_admin: 1 }).where('id', '=', account.user._id).execute();
}

async function createCourse(db: Db, author: Account, title: string): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('courses')
    .values({
      id,
      author_id: author.user._id,
      title,
      description: `${title}: опис курсу`,
      category: 'Школа',
      homework_task: '',
      homework_due_at: null,
      cover_key: null,
      search_text: title.toLowerCase(),
      enrolled_count: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

async function enrol(db: Db, student: Account, courseId: string): Promise<void> {
  await db
    .insertInto('enrollments')
    .values({
      user_id: student.user._id,
      course_id: courseId,
      created_at: new Date().toISOString(),
    })
    .execute();
}

function getContacts(t: TestApp, token?: string) {
  return t.app.inject({ method: 'GET', url: '/api/contacts', headers: token ? bearer(token) : {} });
}

describe.each(databaseTargets)('GET /api/contacts on $name', (target) => {
  const t = useTestApp(target);
  let anna: Account; // teacher of Algebra and Geometry
  let bohdan: Account; // teacher of Biology, also a student of Algebra
  let olena: Account; // student of Algebra, Geometry and Biology
  let petro: Account; // student of Algebra
  let ira: Account; // enrolled nowhere
  const course = { algebra: '', geometry: '', biology: '' };

  beforeAll(async () => {
    anna = await registerAccount(t.app, { username: 'Anna Teacher', email: 'anna@example.com' });
    bohdan = await registerAccount(t.app, {
      username: 'Bohdan Teacher',
      email: 'bohdan@example.com',
    });
    olena = await registerAccount(t.app, { username: 'Olena Student', email: 'olena@example.com' });
    petro = await registerAccount(t.app, { username: 'Petro Student', email: 'petro@example.com' });
    // A profile saved with an empty email (spec section 5 lets that through).
    await t.db.updateTable('users').set({ email: '' }).where('id', '=', petro.user._id).execute();
    ira = await registerAccount(t.app, { username: 'Ira Student', email: 'ira@example.com' });
    await makeTeacher(t.db, anna);
    await makeTeacher(t.db, bohdan);
    course.algebra = await createCourse(t.db, anna, 'Algebra');
    course.geometry = await createCourse(t.db, anna, 'Geometry');
    course.biology = await createCourse(t.db, bohdan, 'Biology');
    await enrol(t.db, olena, course.geometry);
    await enrol(t.db, olena, course.algebra);
    await enrol(t.db, olena, course.biology);
    await enrol(t.db, petro, course.algebra);
    await enrol(t.db, bohdan, course.algebra);
  });

  it('a student gets the authors of their courses, with telephone, email and the connecting courses', async () => {
    const response = await getContacts(t, olena.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      contacts: [
        {
          _id: anna.user._id,
          username: 'Anna Teacher',
          telephone: anna.user.telephone,
          email: 'anna@example.com',
          courses: [
            { _id: course.algebra, title: 'Algebra' },
            { _id: course.geometry, title: 'Geometry' },
          ],
        },
        {
          _id: bohdan.user._id,
          username: 'Bohdan Teacher',
          telephone: bohdan.user.telephone,
          email: 'bohdan@example.com',
          courses: [{ _id: course.biology, title: 'Biology' }],
        },
      ],
    });
  });

  it("a teacher gets the users enrolled in the teacher's courses, and never other courses' students", async () => {
    const response = await getContacts(t, anna.token);
    expect(response.statusCode).toBe(200);
    const contacts = response.json().contacts as {
      _id: string;
      username: string;
      email: string;
      courses: { title: string }[];
    }[];
    expect(contacts.map((c) => [c.username, c.courses.map((x) => x.title)])).toEqual([
      ['Bohdan Teacher', ['Algebra']],
      ['Olena Student', ['Algebra', 'Geometry']],
      ['Petro Student', ['Algebra']],
    ]);
    expect(contacts.find((c) => c._id === petro.user._id)?.email).toBe('');
    expect(contacts.map((c) => c._id)).not.toContain(ira.user._id);

    const biology = (await getContacts(t, bohdan.token)).json().contacts as {
      username: string;
      courses: { title: string }[];
    }[];
    // Bohdan is a teacher: his contacts are his students, not the author of the course he attends.
    expect(biology.map((c) => [c.username, c.courses.map((x) => x.title)])).toEqual([
      ['Olena Student', ['Biology']],
    ]);
  });

  it('an account with no enrolments has no contacts', async () => {
    const response = await getContacts(t, ira.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ contacts: [] });
  });

  it('the list follows enrolments as they change', async () => {
    await enrol(t.db, ira, course.biology);
    expect(
      (await getContacts(t, ira.token))
        .json()
        .contacts.map((c: { username: string }) => c.username),
    ).toEqual(['Bohdan Teacher']);
  });

  it('never leaks a password hash or another field', async () => {
    const response = await getContacts(t, olena.token);
    expect(response.body).not.toMatch(/password|hash|isAdmin/i);
    for (const contact of response.json().contacts as Record<string, unknown>[]) {
      expect(Object.keys(contact).sort()).toEqual([
        '_id',
        'courses',
        'email',
        'telephone',
        'username',
      ]);
    }
  });

  it('answers 401 without a token and with an unknown one', async () => {
    const missing = await getContacts(t);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ message: messages.tokenNotFound, code: 'UNAUTHORIZED' });
    const unknown = await getContacts(t, 'not-a-real-token');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('a signed-out session cannot read contacts any more', async () => {
    const account = await registerAccount(t.app, { username: 'Short Lived' });
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(account.token) });
    expect((await getContacts(t, account.token)).statusCode).toBe(401);
  });
});

describe('groupContacts', () => {
  it('folds (contact, course) rows into one entry per contact, in first-seen order', () => {
    const row = (user: string, courseId: string) => ({
      user_id: user,
      username: user.toUpperCase(),
      telephone: `+38050${user.length}`,
      email: `${user}@example.com`,
      course_id: courseId,
      course_title: `Course ${courseId}`,
    });
    expect(groupContacts([row('a', '1'), row('a', '2'), row('b', '1')])).toEqual([
      {
        _id: 'a',
        username: 'A',
        telephone: '+380501',
        email: 'a@example.com',
        courses: [
          { _id: '1', title: 'Course 1' },
          { _id: '2', title: 'Course 2' },
        ],
      },
      {
        _id: 'b',
        username: 'B',
        telephone: '+380501',
        email: 'b@example.com',
        courses: [{ _id: '1', title: 'Course 1' }],
      },
    ]);
    expect(groupContacts([])).toEqual([]);
  });
});

describe('OpenAPI document of the public-site routes', () => {
  it('describes POST /api/pledges and GET /api/contacts with their statuses', async () => {
    const t = await createTestApp(databaseTargets[0]!);
    try {
      const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
        .paths as Record<
        string,
        Record<
          string,
          { tags?: string[]; security?: unknown[]; responses: Record<string, unknown> }
        >
      >;
      const pledges = paths['/api/pledges']?.post;
      expect(pledges?.tags).toEqual(['pledges']);
      expect(Object.keys(pledges?.responses ?? {}).sort()).toEqual(['201', '400', '429']);
      const contacts = paths['/api/contacts']?.get;
      expect(contacts?.tags).toEqual(['contacts']);
      expect(contacts?.security).toEqual([{ bearer: [] }]);
      expect(Object.keys(contacts?.responses ?? {}).sort()).toEqual(['200', '401']);
    } finally {
      await t.close();
    }
  });
});
