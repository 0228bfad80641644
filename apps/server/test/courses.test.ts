import { describe, expect, it } from 'vitest';
import { COVER_URL_PREFIX, messages, type Course } from '@urok/contract';
import { bearer, databaseTargets, registerAccount, useTestApp, type Account } from './helpers.ts';
import {
  COURSE_FIELDS,
  createCourse,
  enroll,
  listStored,
  multipart,
  registerTeacher,
  SAMPLE_JPEG,
  SAMPLE_PNG,
  type FormPart,
} from './course-fixtures.ts';

const COURSE_KEYS = [
  '_id',
  'author',
  'category',
  'coverUrl',
  'createdAt',
  'description',
  'enrolledCount',
  'homeworkDueAt',
  'homeworkTask',
  'title',
  'updatedAt',
  'visibility',
];

describe.each(databaseTargets)('courses API on $name', (target) => {
  const t = useTestApp(target);

  function send(method: 'POST' | 'PUT', url: string, account: Account, parts: FormPart[]) {
    const body = multipart(parts);
    return t.app.inject({
      method,
      url,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(account.token) },
    });
  }
  const fields = (values: Record<string, string>): FormPart[] =>
    Object.entries(values).map(([name, value]) => ({ name, value }));

  describe('creating', () => {
    it.each(['/api/newcourses/newcteate-course', '/api/courses'])(
      'POST %s creates a course with a cover: 201 {course}',
      async (url) => {
        const teacher = await registerTeacher(t.app, t.db, { username: 'Olena Kovalenko' });
        const response = await send('POST', url, teacher, [
          ...fields({ ...COURSE_FIELDS, homeworkDueAt: '2030-05-01T12:00:00+03:00' }),
          {
            name: 'cover',
            filename: 'обкладинка.jpg',
            content: SAMPLE_JPEG,
            contentType: 'image/jpeg',
          },
        ]);
        expect(response.statusCode).toBe(201);
        const course = response.json().course as Course;
        expect(Object.keys(course).sort()).toEqual(COURSE_KEYS);
        expect(course).toMatchObject({
          ...COURSE_FIELDS,
          homeworkDueAt: '2030-05-01T09:00:00.000Z',
          author: { _id: teacher.user._id, username: 'Olena Kovalenko' },
          enrolledCount: 0,
        });
        expect(course.coverUrl).toMatch(new RegExp(`^${COVER_URL_PREFIX}[A-Za-z0-9_-]{22}\\.jpg$`));

        const cover = await t.app.inject({ method: 'GET', url: course.coverUrl! });
        expect(cover.statusCode).toBe(200);
        expect(cover.headers['content-type']).toBe('image/jpeg');
        expect(cover.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(cover.headers['x-content-type-options']).toBe('nosniff');
        expect(cover.rawPayload.equals(SAMPLE_JPEG)).toBe(true);

        const fetched = await t.app.inject({ method: 'GET', url: `/api/courses/${course._id}` });
        expect(fetched.json()).toEqual({ course });
      },
    );

    it('takes the cover before the fields, and no cover at all (coverUrl null)', async () => {
      const teacher = await registerTeacher(t.app, t.db);
      const coverFirst = await send('POST', '/api/courses', teacher, [
        { name: 'cover', filename: 'c.png', content: SAMPLE_PNG, contentType: 'image/png' },
        ...fields(COURSE_FIELDS),
      ]);
      expect(coverFirst.statusCode).toBe(201);
      expect(coverFirst.json().course.coverUrl).toMatch(/\.png$/);
      const noCover = await send('POST', '/api/courses', teacher, fields(COURSE_FIELDS));
      expect(noCover.statusCode).toBe(201);
      expect(noCover.json().course).toMatchObject({ coverUrl: null, homeworkDueAt: null });
      // An empty file input is sent as an empty part: no cover.
      const emptyPart = await send('POST', '/api/courses', teacher, [
        ...fields(COURSE_FIELDS),
        { name: 'cover', filename: '', content: Buffer.alloc(0) },
      ]);
      expect(emptyPart.statusCode).toBe(201);
      expect(emptyPart.json().course.coverUrl).toBeNull();
    });

    it.each([
      [{ title: 'ab' }, 'title', messages.courseTitleInvalid],
      [{ description: 'short' }, 'description', messages.courseDescriptionInvalid],
      [{ category: '' }, 'category', messages.courseCategoryInvalid],
      [{ homeworkTask: 'x'.repeat(5001) }, 'homeworkTask', messages.homeworkTaskTooLong],
      [{ homeworkDueAt: 'next friday' }, 'homeworkDueAt', messages.homeworkDueInvalid],
    ])(
      'answers %j with 400 naming the field, and keeps no cover',
      async (override, field, message) => {
        const teacher = await registerTeacher(t.app, t.db);
        const before = await listStored(t.app, 'covers');
        const response = await send('POST', '/api/courses', teacher, [
          ...fields({ ...COURSE_FIELDS, ...override }),
          { name: 'cover', filename: 'c.jpg', content: SAMPLE_JPEG },
        ]);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          message,
          code: 'BAD_REQUEST',
          fields: { [field]: message },
        });
        expect(await listStored(t.app, 'covers')).toEqual(before);
      },
    );

    it('answers a missing title with 400, and a JSON body with 415', async () => {
      const teacher = await registerTeacher(t.app, t.db);
      const { title: _title, ...rest } = COURSE_FIELDS;
      const missing = await send('POST', '/api/courses', teacher, fields(rest));
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields.title).toBe(messages.courseTitleInvalid);
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/courses',
        payload: COURSE_FIELDS,
        headers: bearer(teacher.token),
      });
      expect(json.statusCode).toBe(415);
    });

    it('refuses a text file posing as a PNG cover with 415, and a cover over 5 MB with 413, storing nothing', async () => {
      const teacher = await registerTeacher(t.app, t.db);
      const before = await listStored(t.app, 'covers');
      const fake = await send('POST', '/api/courses', teacher, [
        ...fields(COURSE_FIELDS),
        {
          name: 'cover',
          filename: 'cover.png',
          content: Buffer.from('<svg onload="alert(1)">not a png</svg>'),
          contentType: 'image/png',
        },
      ]);
      expect(fake.statusCode).toBe(415);
      expect(fake.json()).toEqual({
        message: messages.coverTypeUnsupported,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
      const huge = await send('POST', '/api/courses', teacher, [
        ...fields(COURSE_FIELDS),
        {
          name: 'cover',
          filename: 'big.png',
          content: Buffer.concat([SAMPLE_PNG, Buffer.alloc(5 * 1024 * 1024)]),
        },
      ]);
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({ message: messages.coverTooLarge, code: 'PAYLOAD_TOO_LARGE' });
      const pdfCover = await send('POST', '/api/courses', teacher, [
        ...fields(COURSE_FIELDS),
        { name: 'cover', filename: 'cover.jpg', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
      ]);
      expect(pdfCover.statusCode).toBe(415);
      expect(await listStored(t.app, 'covers')).toEqual(before);
    });

    it('refuses a second file and an unknown file field with a 4xx', async () => {
      const teacher = await registerTeacher(t.app, t.db);
      const two = await send('POST', '/api/courses', teacher, [
        ...fields(COURSE_FIELDS),
        { name: 'cover', filename: 'a.png', content: SAMPLE_PNG },
        { name: 'cover', filename: 'b.png', content: SAMPLE_PNG },
      ]);
      expect(two.statusCode).toBeGreaterThanOrEqual(400);
      expect(two.statusCode).toBeLessThan(500);
      const wrongField = await send('POST', '/api/courses', teacher, [
        ...fields(COURSE_FIELDS),
        { name: 'file', filename: 'a.png', content: SAMPLE_PNG },
      ]);
      expect(wrongField.statusCode).toBe(400);
    });

    it('answers a malformed multipart body with 400, never a 500', async () => {
      const teacher = await registerTeacher(t.app, t.db);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/courses',
        payload: '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nabc',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz', ...bearer(teacher.token) },
      });
      expect(response.statusCode).toBe(400);
      const noBoundary = await t.app.inject({
        method: 'POST',
        url: '/api/courses',
        payload: 'hello',
        headers: { 'content-type': 'multipart/form-data', ...bearer(teacher.token) },
      });
      expect(noBoundary.statusCode).toBe(400);
    });
  });

  describe('listing, paging and search', () => {
    it('walks every course exactly once, newest first, with the cursor', async () => {
      const teacher = await registerTeacher(t.app, t.db);
      const created: Course[] = [];
      for (let i = 0; i < 7; i += 1)
        created.push(await createCourse(t.app, teacher, { title: `Курс номер ${i}` }));
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `authorId=${teacher.user._id}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const response = await t.app.inject({ method: 'GET', url: `/api/courses?${query}` });
        expect(response.statusCode).toBe(200);
        const body = response.json() as { courses: Course[]; nextCursor: string | null };
        expect(body.courses.length).toBeLessThanOrEqual(3);
        seen.push(...body.courses.map((course) => course._id));
        cursor = body.nextCursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual(created.map((course) => course._id).reverse());
    });

    it('keeps the order of courses created within one millisecond', async () => {
      const teacher = await registerTeacher(t.app, t.db);
      const now = new Date().toISOString();
      const ids = [];
      for (let i = 0; i < 5; i += 1)
        ids.push((await createCourse(t.app, teacher, { title: `Паралельний ${i}` }))._id);
      // Force a tie on created_at: the id (time-ordered) must still decide.
      await t.db
        .updateTable('courses')
        .set({ created_at: now })
        .where('author_id', '=', teacher.user._id)
        .execute();
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const response: { json(): { courses: Course[]; nextCursor: string | null } } =
          await t.app.inject({
            method: 'GET',
            url: `/api/courses?authorId=${teacher.user._id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          });
        seen.push(...response.json().courses.map((course) => course._id));
        cursor = response.json().nextCursor;
      } while (cursor);
      expect(seen).toEqual([...ids].reverse());
    });

    it('defaults to 24 a page and refuses a limit over 100 or a forged cursor with 400', async () => {
      const tooMany = await t.app.inject({ method: 'GET', url: '/api/courses?limit=101' });
      expect(tooMany.statusCode).toBe(400);
      const zero = await t.app.inject({ method: 'GET', url: '/api/courses?limit=0' });
      expect(zero.statusCode).toBe(400);
      for (const cursor of [
        'garbage',
        Buffer.from('{"a":1}').toString('base64url'),
        Buffer.from('[1,2]').toString('base64url'),
      ]) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/courses?cursor=${cursor}`,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          message: messages.cursorInvalid,
          fields: { cursor: messages.cursorInvalid },
        });
      }
      const teacher = await registerTeacher(t.app, t.db);
      for (let i = 0; i < 25; i += 1)
        await createCourse(t.app, teacher, { title: `Масовий курс ${i}` });
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/courses?authorId=${teacher.user._id}`,
      });
      expect(page.json().courses).toHaveLength(24);
      expect(page.json().nextCursor).not.toBeNull();
    });

    it('searches title, description and category case-insensitively, Cyrillic included', async () => {
      const teacher = await registerTeacher(t.app, t.db);
      const history = await createCourse(t.app, teacher, {
        title: 'ІСТОРІЯ Гетьманщини',
        description: 'Козацька держава XVII–XVIII століть.',
        category: 'Суспільні науки',
      });
      const chemistry = await createCourse(t.app, teacher, {
        title: 'Хімія для всіх',
        description: 'Реакції, які можна повторити на кухні: 100% безпечно.',
        category: 'Природничі_науки',
      });
      const search = async (q: string) => {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/courses?authorId=${teacher.user._id}&q=${encodeURIComponent(q)}`,
        });
        expect(response.statusCode).toBe(200);
        return response.json().courses.map((course: Course) => course._id);
      };
      expect(await search('історія')).toEqual([history._id]);
      expect(await search('гетьманщини')).toEqual([history._id]);
      expect(await search('КОЗАЦЬКА')).toEqual([history._id]);
      expect(await search('суспільні')).toEqual([history._id]);
      expect(await search('хімія кухні')).toEqual([chemistry._id]);
      expect(await search('  Реакції  ')).toEqual([chemistry._id]);
      expect(await search('хімія козацька')).toEqual([]);
      // LIKE wildcards are taken literally.
      expect(await search('100%')).toEqual([chemistry._id]);
      expect(await search('%')).toEqual([chemistry._id]);
      expect(await search('_')).toEqual([chemistry._id]);
      expect(await search('')).toHaveLength(2);
      const tooLong = await t.app.inject({
        method: 'GET',
        url: `/api/courses?q=${'я'.repeat(101)}`,
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().message).toBe(messages.searchTooLong);
    });

    it('GET courses/{id} answers 404 courseNotFound for an unknown id', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/courses/00000000-0000-7000-8000-000000000000',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: messages.courseNotFound, code: 'NOT_FOUND' });
    });
  });

  describe('updating', () => {
    it("updates the sent fields, keeps the rest, and answers the author's courses", async () => {
      const teacher = await registerTeacher(t.app, t.db);
      const other = await createCourse(t.app, teacher, { title: 'Інший курс' });
      const course = await createCourse(t.app, teacher, { homeworkDueAt: '2030-01-01T00:00:00Z' });
      const response = await send(
        'PUT',
        '/api/courses/update',
        teacher,
        fields({ courseId: course._id, title: 'Нова назва курсу' }),
      );
      expect(response.statusCode).toBe(200);
      const body = response.json() as { course: Course; authorCourses: Course[] };
      expect(body.course).toMatchObject({
        ...COURSE_FIELDS,
        title: 'Нова назва курсу',
        homeworkDueAt: '2030-01-01T00:00:00.000Z',
      });
      expect(body.course.updatedAt >= course.updatedAt).toBe(true);
      expect(body.authorCourses.map((c) => c._id)).toEqual([course._id, other._id]);
      // The search text follows the title.
      const found = await t.app.inject({
        method: 'GET',
        url: `/api/courses?authorId=${teacher.user._id}&q=нова`,
      });
      expect(found.json().courses.map((c: Course) => c._id)).toEqual([course._id]);
      // '' clears the deadline.
      const cleared = await send(
        'PUT',
        '/api/courses/update',
        teacher,
        fields({ courseId: course._id, homeworkDueAt: '' }),
      );
      expect(cleared.json().course.homeworkDueAt).toBeNull();
    });

    it('replaces the cover and deletes the old file; removeCover drops it', async () => {
      const teacher = await registerTeacher(t.app, t.db);
      const course = await createCourse(t.app, teacher, {}, { content: SAMPLE_JPEG });
      const oldUrl = course.coverUrl!;
      const response = await send('PUT', '/api/courses/update', teacher, [
        { name: 'cover', filename: 'new.png', content: SAMPLE_PNG },
        ...fields({ courseId: course._id }),
      ]);
      expect(response.statusCode).toBe(200);
      const newUrl = response.json().course.coverUrl as string;
      expect(newUrl).not.toBe(oldUrl);
      expect(newUrl).toMatch(/\.png$/);
      expect((await t.app.inject({ method: 'GET', url: oldUrl })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: newUrl })).statusCode).toBe(200);

      const removed = await send(
        'PUT',
        '/api/courses/update',
        teacher,
        fields({ courseId: course._id, removeCover: 'true' }),
      );
      expect(removed.json().course.coverUrl).toBeNull();
      expect((await t.app.inject({ method: 'GET', url: newUrl })).statusCode).toBe(404);
    });

    it('keeps the old cover when the update is refused, and stores nothing', async () => {
      const teacher = await registerTeacher(t.app, t.db);
      const stranger = await registerTeacher(t.app, t.db);
      const course = await createCourse(t.app, teacher, {}, { content: SAMPLE_JPEG });
      const before = await listStored(t.app, 'covers');
      const invalid = await send('PUT', '/api/courses/update', teacher, [
        ...fields({ courseId: course._id, title: 'x' }),
        { name: 'cover', filename: 'new.png', content: SAMPLE_PNG },
      ]);
      expect(invalid.statusCode).toBe(400);
      for (const fileFirst of [false, true]) {
        const idPart = fields({ courseId: course._id });
        const coverPart: FormPart = { name: 'cover', filename: 'new.png', content: SAMPLE_PNG };
        const foreign = await send(
          'PUT',
          '/api/courses/update',
          stranger,
          fileFirst ? [coverPart, ...idPart] : [...idPart, coverPart],
        );
        expect(foreign.statusCode).toBe(403);
        expect(foreign.json().message).toBe(messages.notCourseAuthor);
      }
      const missing = await send(
        'PUT',
        '/api/courses/update',
        teacher,
        fields({ courseId: 'nope', title: 'Нова назва' }),
      );
      expect(missing.statusCode).toBe(404);
      const noId = await send(
        'PUT',
        '/api/courses/update',
        teacher,
        fields({ title: 'Нова назва' }),
      );
      expect(noId.statusCode).toBe(400);
      expect(noId.json().fields).toEqual({ courseId: messages.courseIdRequired });
      expect(await listStored(t.app, 'covers')).toEqual(before);
      expect((await t.app.inject({ method: 'GET', url: course.coverUrl! })).statusCode).toBe(200);
    });

    it('lists only the caller’s courses in users/created-courses', async () => {
      const teacher = await registerTeacher(t.app, t.db);
      const other = await registerTeacher(t.app, t.db);
      const mine = await createCourse(t.app, teacher);
      await createCourse(t.app, other);
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/users/created-courses',
        headers: bearer(teacher.token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().createdCourses.map((c: Course) => c._id)).toEqual([mine._id]);
    });
  });

  describe('enrolment', () => {
    it('is idempotent and keeps enrolledCount equal to the students enrolled', async () => {
      const teacher = await registerTeacher(t.app, t.db);
      const course = await createCourse(t.app, teacher);
      const [a, b] = [await registerAccount(t.app), await registerAccount(t.app)];
      expect((await enroll(t.app, a, course._id)).enrolledCount).toBe(1);
      expect((await enroll(t.app, a, course._id)).enrolledCount).toBe(1);
      // Concurrent repeats of one student, and another student at the same time.
      const results = await Promise.all([
        enroll(t.app, b, course._id),
        enroll(t.app, b, course._id),
        enroll(t.app, a, course._id),
      ]);
      expect(results.every((c) => c.enrolledCount >= 1)).toBe(true);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/courses/${course._id}` })).json().course
          .enrolledCount,
      ).toBe(2);

      const leave = () =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/courses/${course._id}/enroll`,
          headers: bearer(a.token),
        });
      expect((await leave()).statusCode).toBe(204);
      expect((await leave()).statusCode).toBe(204);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/courses/${course._id}` })).json().course
          .enrolledCount,
      ).toBe(1);
      expect((await enroll(t.app, a, course._id)).enrolledCount).toBe(2);
    });

    it('refuses the author with 403 authorCannotEnroll; another teacher may enrol', async () => {
      const teacher = await registerTeacher(t.app, t.db);
      const colleague = await registerTeacher(t.app, t.db);
      const course = await createCourse(t.app, teacher);
      const own = await t.app.inject({
        method: 'POST',
        url: `/api/courses/${course._id}/enroll`,
        headers: bearer(teacher.token),
      });
      expect(own.statusCode).toBe(403);
      expect(own.json()).toEqual({ message: messages.authorCannotEnroll, code: 'FORBIDDEN' });
      expect((await enroll(t.app, colleague, course._id)).enrolledCount).toBe(1);
    });

    it('answers 404 for enrolling in or leaving an unknown course', async () => {
      const student = await registerAccount(t.app);
      for (const method of ['POST', 'DELETE'] as const) {
        const response = await t.app.inject({
          method,
          url: '/api/courses/unknown/enroll',
          headers: bearer(student.token),
        });
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(messages.courseNotFound);
      }
    });

    it('user/{id}/courses lists that user’s enrolled courses, latest enrolment first, to that user only', async () => {
      const teacher = await registerTeacher(t.app, t.db);
      const [first, second, third] = [
        await createCourse(t.app, teacher),
        await createCourse(t.app, teacher),
        await createCourse(t.app, teacher),
      ];
      const student = await registerAccount(t.app);
      const other = await registerAccount(t.app);
      await enroll(t.app, student, second._id);
      await enroll(t.app, student, first._id);
      await enroll(t.app, other, third._id);
      const url = `/api/user/${student.user._id}/courses`;
      const own = await t.app.inject({ method: 'GET', url, headers: bearer(student.token) });
      expect(own.statusCode).toBe(200);
      expect(own.json().courses.map((c: Course) => c._id)).toEqual([first._id, second._id]);
      expect(
        (await t.app.inject({ method: 'GET', url, headers: bearer(other.token) })).statusCode,
      ).toBe(403);
      expect(
        (await t.app.inject({ method: 'GET', url, headers: bearer(teacher.token) })).statusCode,
      ).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    });
  });

  describe('covers', () => {
    it('answers 404 for unknown, malformed and traversing keys', async () => {
      for (const key of [
        'AAAAAAAAAAAAAAAAAAAAAA.jpg',
        'short.jpg',
        '..%2F..%2Furok.db',
        '%2E%2E',
        'AAAAAAAAAAAAAAAAAAAAAA.exe',
      ]) {
        const response = await t.app.inject({ method: 'GET', url: `/api/files/covers/${key}` });
        expect(response.statusCode, key).toBe(404);
      }
    });
  });
});
