import { describe, expect, it } from 'vitest';
import { messages } from '@urok/contract';
import { bearer, databaseTargets, registerAccount, useTestApp } from './helpers.ts';
import {
  COURSE_FIELDS,
  createCourse,
  enroll,
  multipart,
  registerTeacher,
  SAMPLE_JPEG,
  SAMPLE_PDF,
  uploadHomework,
} from './course-fixtures.ts';

const UNSUPPORTED = {
  message: messages.unsupportedMediaType,
  code: 'UNSUPPORTED_MEDIA_TYPE',
};

describe.each(databaseTargets)('multipart bodies outside the upload routes on $name', (target) => {
  const t = useTestApp(target);

  const form = (fields: Record<string, string>, withFile = false) =>
    multipart([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      ...(withFile ? [{ name: 'file', filename: 'a.pdf', content: SAMPLE_PDF }] : []),
    ]);

  it('answers a multipart login with 415 and the JSON error body, never a 500', async () => {
    const account = await registerAccount(t.app);
    const body = form({ telephone: account.telephone, password: account.password });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: body.payload,
      headers: body.headers,
    });
    expect(response.statusCode).toBe(415);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(UNSUPPORTED);
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // The same credentials as JSON still sign in.
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { telephone: account.telephone, password: account.password },
    });
    expect(json.statusCode).toBe(200);
  });

  it.each([
    ['POST', '/api/auth/register', false],
    ['POST', '/api/auth/getUser', false],
    ['POST', '/api/auth/reset-password', false],
    ['POST', '/api/applications/teachers', false],
    ['POST', '/api/pledges', false],
    ['PUT', '/api/auth/updateUser', true],
    ['PUT', '/api/auth/password', true],
    ['POST', '/api/auth/logout', true],
  ] as const)('answers multipart to %s %s with 415', async (method, url, signedIn) => {
    const account = signedIn ? await registerAccount(t.app) : undefined;
    for (const withFile of [false, true]) {
      const body = form({ username: 'Multipart Person', name: 'x' }, withFile);
      const response = await t.app.inject({
        method,
        url,
        payload: body.payload,
        headers: { ...body.headers, ...(account ? bearer(account.token) : {}) },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(415);
      expect(response.json()).toEqual(UNSUPPORTED);
    }
  });

  it('answers multipart to grading (a JSON route beside the upload ones) with 415', async () => {
    const teacher = await registerTeacher(t.app, t.db);
    const course = await createCourse(t.app, teacher);
    const student = await registerAccount(t.app);
    await enroll(t.app, student, course._id);
    const homework = await uploadHomework(t.app, student, course._id);
    const body = form({ grade: '12' });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/homework/${homework._id}/grade`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(teacher.token) },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual(UNSUPPORTED);
    // Not graded by the refused request.
    const row = await t.db
      .selectFrom('homework')
      .select('grade')
      .where('id', '=', homework._id)
      .executeTakeFirstOrThrow();
    expect(row.grade).toBeNull();
  });

  it('answers a large multipart body to a JSON route with a 4xx, not by reading it all', async () => {
    const body = multipart([
      { name: 'telephone', value: '+380670000000' },
      { name: 'blob', filename: 'big.bin', content: Buffer.alloc(3 * 1024 * 1024, 1) },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: body.payload,
      headers: body.headers,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect([413, 415]).toContain(response.statusCode);
    expect(response.json().code).toMatch(/^(UNSUPPORTED_MEDIA_TYPE|PAYLOAD_TOO_LARGE)$/);
  });

  it('still takes multipart on the upload routes', async () => {
    const teacher = await registerTeacher(t.app, t.db);
    for (const url of ['/api/courses', '/api/newcourses/newcteate-course']) {
      const body = multipart([
        ...Object.entries(COURSE_FIELDS).map(([name, value]) => ({ name, value })),
        { name: 'cover', filename: 'c.jpg', content: SAMPLE_JPEG, contentType: 'image/jpeg' },
      ]);
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload: body.payload,
        headers: { ...body.headers, ...bearer(teacher.token) },
      });
      expect(response.statusCode, url).toBe(201);
      expect(response.json().course.coverUrl).toMatch(/\.jpg$/);
    }
    const course = await createCourse(t.app, teacher);
    const update = multipart([
      { name: 'courseId', value: course._id },
      { name: 'title', value: 'Оновлена назва' },
    ]);
    const updated = await t.app.inject({
      method: 'PUT',
      url: '/api/courses/update',
      payload: update.payload,
      headers: { ...update.headers, ...bearer(teacher.token) },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().course.title).toBe('Оновлена назва');

    const student = await registerAccount(t.app);
    await enroll(t.app, student, course._id);
    const homework = await uploadHomework(t.app, student, course._id);
    expect(homework).toMatchObject({ courseId: course._id, fileName: 'homework.pdf' });
  });
});
