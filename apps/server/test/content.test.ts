import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, type Course } from '@urok/contract';
import type { Lesson } from '@urok/contract/schemas';
import { loadConfig } from '../src/config.ts';
import { LOG_CENSOR, redactUrlSecrets } from '../src/lib/log-redaction.ts';
import { loadMediaSigner, MediaSigner } from '../src/lib/media-urls.ts';
import { setBlocked } from '../src/features/admin/admin.service.ts';
import { cliActor } from '../src/lib/audit.ts';
import { databaseTargets, injectAs, registerAccount, useTestApp, type Account } from './helpers.ts';
import {
  createCourse,
  ELF_BINARY,
  enroll,
  listStored,
  registerTeacher,
  SAMPLE_PDF,
  SAMPLE_PNG,
  SAMPLE_TXT,
} from './course-fixtures.ts';
import {
  addLesson,
  addSection,
  attachFile,
  fileForm,
  getOutlineAs,
  imageDoc,
  paragraphDoc,
  sampleMp4,
  sampleQuickTime,
  sampleWebm,
  uploadVideo,
} from './content-fixtures.ts';

const VIDEO_MAX_BYTES = 64 * 1024;

describe('VIDEO_MAX_MB', () => {
  it('defaults to 1024 MB and stops the start with a message naming it when invalid', () => {
    expect(loadConfig({}).videoMaxBytes).toBe(1024 * 1024 * 1024);
    expect(loadConfig({ VIDEO_MAX_MB: '200' }).videoMaxBytes).toBe(200 * 1024 * 1024);
    for (const bad of ['0', 'abc', '1.5', '-3'])
      expect(() => loadConfig({ VIDEO_MAX_MB: bad }), bad).toThrow(/VIDEO_MAX_MB/);
  });
});

describe.each(databaseTargets)('course content on $name', (target) => {
  const t = useTestApp(target, { config: { videoMaxBytes: VIDEO_MAX_BYTES } });
  let author: Account;
  let otherTeacher: Account;
  let student: Account;
  let outsider: Account;

  beforeAll(async () => {
    author = await registerTeacher(t.app, t.db, { username: 'Автор Курсу' });
    otherTeacher = await registerTeacher(t.app, t.db, { username: 'Інший Викладач' });
    student = await registerAccount(t.app, { username: 'Студентка Оля' });
    outsider = await registerAccount(t.app, { username: 'Сторонній' });
  });

  const as = (account: Account | null, options: InjectOptions) => injectAs(t.app, account, options);

  /**
   * A course of the author with the student enrolled, and its first section's id. These tests
   * look at lessons alone: the course's default assignment(its place in
   * the outline is tested in assignments.test.ts) is taken out of the way.
   */
  async function freshCourse(): Promise<{ course: Course; sectionId: string }> {
    const course = await createCourse(t.app, author);
    await t.db.deleteFrom('assignments').where('course_id', '=', course._id).execute();
    await enroll(t.app, student, course._id);
    const outline = await getOutlineAs(t.app, author, course._id);
    return { course, sectionId: outline.sections[0]._id };
  }

  // ---------------------------------------------------------------- sections and the outline

  describe('sections and the outline', () => {
    it("gives every new course a first section 'Загальне' holding its default assignment", async () => {
      const course = await createCourse(t.app, author);
      const outline = await getOutlineAs(t.app, author, course._id);
      expect(outline.sections).toEqual([
        {
          _id: expect.any(String),
          title: 'Загальне',
          position: 0,
          items: [
            {
              kind: 'assignment',
              _id: expect.any(String),
              title: 'Домашнє завдання',
              published: true,
              dueAt: course.homeworkDueAt,
              maxPoints: 12,
              completed: false,
            },
          ],
        },
      ]);
    });

    it('adds, renames and deletes sections; 409 while a section holds a lesson', async () => {
      const { course, sectionId } = await freshCourse();
      const created = await as(author, {
        method: 'POST',
        url: `/api/courses/${course._id}/sections`,
        payload: { title: '  Тема 2  ' },
      });
      expect(created.statusCode).toBe(201);
      const section = created.json().section;
      expect(section).toEqual({
        _id: expect.any(String),
        courseId: course._id,
        title: 'Тема 2',
        position: 1,
      });
      const renamed = await as(author, {
        method: 'PUT',
        url: `/api/sections/${section._id}`,
        payload: { title: 'Тема друга' },
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().section.title).toBe('Тема друга');

      await addLesson(t.app, author, course._id, { sectionId: section._id });
      const refused = await as(author, { method: 'DELETE', url: `/api/sections/${section._id}` });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(messages.sectionNotEmpty);

      const empty = await as(author, { method: 'DELETE', url: `/api/sections/${sectionId}` });
      expect(empty.statusCode).toBe(204);
      const outline = await getOutlineAs(t.app, author, course._id);
      expect(outline.sections.map((s: { title: string }) => s.title)).toEqual(['Тема друга']);
    });

    it.each([
      ['empty', { title: '   ' }],
      ['too long', { title: 'я'.repeat(121) }],
      ['missing', {}],
      ['not text', { title: 42 }],
      ['a stranger field', { title: 'Тема', extra: 1 }],
      ['a terminal escape', { title: 'Тема \u001b]0;pwned\u0007' }],
      ['a bidirectional override', { title: 'Тема \u202eexe.pdf' }],
    ])('refuses a section title that is %s with 400', async (_, payload) => {
      const { course } = await freshCourse();
      const response = await as(author, {
        method: 'POST',
        url: `/api/courses/${course._id}/sections`,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().message).toBe('string');
    });

    it('answers 401, 403 and 404 for section calls', async () => {
      const { course, sectionId } = await freshCourse();
      const post = {
        method: 'POST' as const,
        url: `/api/courses/${course._id}/sections`,
        payload: { title: 'Т' },
      };
      expect((await as(null, post)).statusCode).toBe(401);
      expect((await as(student, post)).statusCode).toBe(403);
      expect((await as(otherTeacher, post)).statusCode).toBe(403);
      expect(
        (await as(author, { ...post, url: '/api/courses/missing-course/sections' })).statusCode,
      ).toBe(404);
      const put = {
        method: 'PUT' as const,
        url: `/api/sections/${sectionId}`,
        payload: { title: 'Т' },
      };
      expect((await as(student, put)).statusCode).toBe(403);
      expect((await as(author, { ...put, url: '/api/sections/missing' })).json().message).toBe(
        messages.sectionNotFound,
      );
      expect(
        (await as(otherTeacher, { method: 'DELETE', url: `/api/sections/${sectionId}` }))
          .statusCode,
      ).toBe(403);
      expect(
        (await as(author, { method: 'DELETE', url: '/api/sections/missing' })).statusCode,
      ).toBe(404);
    });

    it('shows drafts to the author only; others see published items, in sections that hold one', async () => {
      const { course, sectionId } = await freshCourse();
      const drafts = await addSection(t.app, author, course._id, 'Чернетки');
      const published = await addLesson(t.app, author, course._id, {
        sectionId,
        title: 'Вступ',
        published: true,
      });
      await addLesson(t.app, author, course._id, { sectionId, title: 'Таємна чернетка' });
      await addLesson(t.app, author, course._id, { sectionId: drafts._id, title: 'Ще чернетка' });

      const mine = await getOutlineAs(t.app, author, course._id);
      expect(mine.sections.map((s: { items: unknown[] }) => s.items.length)).toEqual([2, 1]);

      const item = {
        kind: 'lesson',
        _id: published._id,
        title: 'Вступ',
        published: true,
        dueAt: null,
        maxPoints: null,
        completed: false,
      };
      const syllabus = {
        sections: [{ _id: sectionId, title: 'Загальне', position: 0, items: [item] }],
      };
      for (const caller of [student, outsider, otherTeacher]) {
        expect(await getOutlineAs(t.app, caller, course._id)).toEqual(syllabus);
      }
      const anonymous = await t.app.inject({ url: `/api/courses/${course._id}/outline` });
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.json()).toEqual(syllabus);
      expect(anonymous.body).not.toContain('чернетка');
      expect(anonymous.body).not.toContain('Текст уроку');
    });

    it('answers 404 for the outline of an unknown course and 401 for a bad token', async () => {
      expect((await t.app.inject({ url: '/api/courses/nope/outline' })).statusCode).toBe(404);
      const { course } = await freshCourse();
      const bad = await t.app.inject({
        url: `/api/courses/${course._id}/outline`,
        headers: { authorization: 'Bearer not-a-token' },
      });
      expect(bad.statusCode).toBe(401);
    });

    it('reorders sections and moves lessons between them', async () => {
      const { course, sectionId } = await freshCourse();
      const second = await addSection(t.app, author, course._id, 'Друга');
      const a = await addLesson(t.app, author, course._id, { sectionId, title: 'А' });
      const b = await addLesson(t.app, author, course._id, { sectionId, title: 'Б' });
      const c = await addLesson(t.app, author, course._id, { sectionId: second._id, title: 'В' });
      const response = await as(author, {
        method: 'PUT',
        url: `/api/courses/${course._id}/outline`,
        payload: {
          sections: [
            {
              _id: second._id,
              items: [
                { kind: 'lesson', _id: b._id },
                { kind: 'lesson', _id: c._id },
              ],
            },
            { _id: sectionId, items: [{ kind: 'lesson', _id: a._id }] },
          ],
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const titles = (outline: { sections: { title: string; items: { title: string }[] }[] }) =>
        outline.sections.map((s) => [s.title, s.items.map((i) => i.title)]);
      expect(titles(response.json())).toEqual([
        ['Друга', ['Б', 'В']],
        ['Загальне', ['А']],
      ]);
      expect(titles(await getOutlineAs(t.app, author, course._id))).toEqual(
        titles(response.json()),
      );
      const moved = await as(author, { method: 'GET', url: `/api/lessons/${b._id}` });
      expect(moved.json().lesson.sectionId).toBe(second._id);
    });

    it('refuses an outline that does not name exactly the course’s sections and items (400)', async () => {
      const { course, sectionId } = await freshCourse();
      const other = await freshCourse();
      const a = await addLesson(t.app, author, course._id, { sectionId });
      const b = await addLesson(t.app, author, course._id, { sectionId });
      const foreign = await addLesson(t.app, author, other.course._id, {
        sectionId: other.sectionId,
      });
      const lesson = (id: string) => ({ kind: 'lesson', _id: id });
      const bodies = [
        { sections: [] },
        { sections: [{ _id: sectionId, items: [lesson(a._id)] }] },
        { sections: [{ _id: sectionId, items: [lesson(a._id), lesson(b._id), lesson(b._id)] }] },
        {
          sections: [
            { _id: sectionId, items: [lesson(a._id), lesson(b._id), lesson(foreign._id)] },
          ],
        },
        {
          sections: [
            { _id: sectionId, items: [lesson(a._id), { kind: 'assignment', _id: b._id }] },
          ],
        },
        {
          sections: [
            { _id: sectionId, items: [lesson(a._id), lesson(b._id)] },
            { _id: sectionId, items: [] },
          ],
        },
        {
          sections: [
            { _id: sectionId, items: [lesson(a._id), lesson(b._id)] },
            { _id: other.sectionId, items: [] },
          ],
        },
        { sections: [{ _id: sectionId, items: [{ kind: 'quiz', _id: a._id }, lesson(b._id)] }] },
        { sections: 'all' },
      ];
      for (const payload of bodies) {
        const response = await as(author, {
          method: 'PUT',
          url: `/api/courses/${course._id}/outline`,
          payload,
        });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().message).toBe(messages.outlineMismatch);
      }
      const unchanged = await getOutlineAs(t.app, author, course._id);
      expect(unchanged.sections[0].items.map((i: { _id: string }) => i._id)).toEqual([
        a._id,
        b._id,
      ]);
      const ok = { sections: [{ _id: sectionId, items: [lesson(a._id), lesson(b._id)] }] };
      const url = `/api/courses/${course._id}/outline`;
      expect((await as(null, { method: 'PUT', url, payload: ok })).statusCode).toBe(401);
      expect((await as(student, { method: 'PUT', url, payload: ok })).statusCode).toBe(403);
      expect((await as(otherTeacher, { method: 'PUT', url, payload: ok })).statusCode).toBe(403);
      expect(
        (await as(author, { method: 'PUT', url: '/api/courses/nope/outline', payload: ok }))
          .statusCode,
      ).toBe(404);
    });
  });

  // ---------------------------------------------------------------- lessons

  describe('lessons', () => {
    it('creates a draft lesson at the end of its section, with the video link normalised', async () => {
      const { course, sectionId } = await freshCourse();
      const first = await addLesson(t.app, author, course._id, { sectionId });
      const response = await as(author, {
        method: 'POST',
        url: `/api/courses/${course._id}/lessons`,
        payload: {
          sectionId,
          title: '  Дроби  ',
          body: paragraphDoc('Дріб — частина цілого.'),
          videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      const lesson: Lesson = response.json().lesson;
      expect(lesson).toEqual({
        _id: expect.any(String),
        courseId: course._id,
        sectionId,
        title: 'Дроби',
        body: paragraphDoc('Дріб — частина цілого.'),
        videoUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
        video: null,
        attachments: [],
        published: false,
        position: first.position + 1,
        completed: false,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
    });

    it.each([
      ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
      [
        'https://www.youtube.com/embed/dQw4w9WgXcQ',
        'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      ],
      [
        'http://youtube-nocookie.com/embed/dQw4w9WgXcQ',
        'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      ],
      ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
      ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
    ])('normalises %s', async (videoUrl, embed) => {
      const { course, sectionId } = await freshCourse();
      const lesson = await addLesson(t.app, author, course._id, { sectionId, videoUrl });
      expect(lesson.videoUrl).toBe(embed);
    });

    it.each([
      'https://example.com/watch?v=dQw4w9WgXcQ',
      'javascript:alert(1)',
      'https://www.youtube.com/watch?v=short',
      'https://vimeo.com/channels/staff',
      'https://evil.com/https://youtu.be/dQw4w9WgXcQ',
      'https://youtu.be.evil.com/dQw4w9WgXcQ',
      'data:text/html,<script>alert(1)</script>',
    ])('refuses the video link %s with 400', async (videoUrl) => {
      const { course, sectionId } = await freshCourse();
      const response = await as(author, {
        method: 'POST',
        url: `/api/courses/${course._id}/lessons`,
        payload: { sectionId, title: 'Відео', body: paragraphDoc('x'), videoUrl },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: messages.videoUrlInvalid,
        fields: { videoUrl: messages.videoUrlInvalid },
      });
    });

    const deep = (levels: number) => {
      let node: unknown = { type: 'paragraph' };
      for (let i = 0; i < levels; i += 1) node = { type: 'blockquote', content: [node] };
      return { type: 'doc', content: [node] };
    };
    const nestedArrays = (levels: number) =>
      `{"sectionId":"S","title":"Глибина","body":{"type":"doc","content":${'['.repeat(levels)}${']'.repeat(levels)}}}`;

    it.each([
      ['a script node', { type: 'doc', content: [{ type: 'script', content: [] }] }, '«script»'],
      [
        'an iframe deep inside',
        {
          type: 'doc',
          content: [
            { type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'iframe' }] }] },
          ],
        },
        '«iframe»',
      ],
      [
        'an unknown attribute',
        { type: 'doc', content: [{ type: 'heading', attrs: { level: 2, onclick: 'x' } }] },
        '«onclick»',
      ],
      [
        'an unknown mark',
        {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [{ type: 'text', text: 'a', marks: [{ type: 'blink' }] }],
            },
          ],
        },
        '«blink»',
      ],
      [
        'a javascript: link',
        {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [
                {
                  type: 'text',
                  text: 'a',
                  marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
                },
              ],
            },
          ],
        },
        messages.documentLinkInvalid,
      ],
      [
        'a data: image',
        {
          type: 'doc',
          content: [{ type: 'image', attrs: { src: 'data:image/png;base64,iVBORw0KGgo=' } }],
        },
        messages.documentImageInvalid,
      ],
      [
        'a heading of level 1',
        { type: 'doc', content: [{ type: 'heading', attrs: { level: 1 } }] },
        messages.documentInvalid,
      ],
      ['HTML text instead of a document', '<p onclick="x">Hi</p>', messages.documentInvalid],
      ['1,000 nested blockquotes', deep(1000), messages.documentTooDeep],
      [
        'a document over 200 KB',
        {
          type: 'doc',
          content: Array.from({ length: 14 }, () => ({
            type: 'paragraph',
            content: [{ type: 'text', text: 'x'.repeat(15_000) }],
          })),
        },
        messages.documentTooLarge,
      ],
    ])('refuses %s with 400 naming the problem', async (_, body, expected) => {
      const { course, sectionId } = await freshCourse();
      const response = await as(author, {
        method: 'POST',
        url: `/api/courses/${course._id}/lessons`,
        payload: { sectionId, title: 'Ворожий', body },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toContain(expected);
      expect(response.json().fields).toHaveProperty('body');
    });

    it('refuses 10,000-deep nesting with 400 and a 5 MB body with 413, and still answers', async () => {
      const { course, sectionId } = await freshCourse();
      const url = `/api/courses/${course._id}/lessons`;
      const headers = { 'content-type': 'application/json' };
      const nested = await as(author, {
        method: 'POST',
        url,
        headers,
        payload: nestedArrays(10_000).replace('"S"', JSON.stringify(sectionId)),
      });
      expect(nested.statusCode).toBe(400);
      expect(nested.json().message).toBe(messages.documentTooDeep);
      // 10,000 nested blockquotes, as text: the test's own JSON.stringify would overflow on them.
      const deepText = `{"sectionId":${JSON.stringify(sectionId)},"title":"Глибина","body":{"type":"doc","content":[${'{"type":"blockquote","content":['.repeat(10_000)}{"type":"paragraph"}${']}'.repeat(10_000)}]}}`;
      const deepNodes = await as(author, { method: 'POST', url, headers, payload: deepText });
      // Over 256 KB of JSON: refused from its length (413) before it is parsed.
      expect(deepNodes.statusCode).toBe(413);
      // 5,000 of them fit the body limit: parsed, and refused by the depth check without recursion.
      const fewer = await as(author, {
        method: 'POST',
        url,
        headers,
        payload: `{"sectionId":${JSON.stringify(sectionId)},"title":"Глибина","body":{"type":"doc","content":[${'{"type":"blockquote","content":['.repeat(5_000)}{"type":"paragraph"}${']}'.repeat(5_000)}]}}`,
      });
      expect(fewer.statusCode).toBe(400);
      expect(fewer.json().message).toBe(messages.documentTooDeep);
      const huge = await as(author, {
        method: 'POST',
        url,
        headers,
        payload: JSON.stringify({
          sectionId,
          title: 'Величезний',
          body: paragraphDoc('x'.repeat(5 * 1024 * 1024)),
        }),
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json().message).toBe(messages.documentTooLarge);
      const outline = await getOutlineAs(t.app, author, course._id);
      expect(outline.sections[0].items).toEqual([]);
    });

    it.each([
      ['no title', { title: '' }, messages.lessonTitleInvalid],
      ['a long title', { title: 'я'.repeat(201) }, messages.lessonTitleInvalid],
      [
        'a terminal escape in the title',
        { title: 'Урок\u001b[2J' },
        messages.textControlCharacters,
      ],
      ['no body', { body: undefined }, messages.documentInvalid],
      ['a published flag that is text', { published: 'yes' }, messages.lessonPublishedInvalid],
      ['a stranger field', { isAdmin: true }, undefined],
    ])('refuses a lesson with %s (400)', async (_, change, expected) => {
      const { course, sectionId } = await freshCourse();
      const response = await as(author, {
        method: 'POST',
        url: `/api/courses/${course._id}/lessons`,
        payload: { sectionId, title: 'Урок', body: paragraphDoc('x'), ...change },
      });
      expect(response.statusCode).toBe(400);
      if (expected) expect(response.json().message).toBe(expected);
    });

    it('refuses a section of another course, and images in a new lesson (400)', async () => {
      const { course } = await freshCourse();
      const other = await freshCourse();
      const url = `/api/courses/${course._id}/lessons`;
      const foreign = await as(author, {
        method: 'POST',
        url,
        payload: { sectionId: other.sectionId, title: 'Урок', body: paragraphDoc('x') },
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().fields).toEqual({ sectionId: messages.lessonSectionInvalid });
      const outline = await getOutlineAs(t.app, author, course._id);
      const image = await as(author, {
        method: 'POST',
        url,
        payload: { sectionId: outline.sections[0]._id, title: 'Урок', body: imageDoc('x') },
      });
      expect(image.statusCode).toBe(400);
      expect(image.json().message).toBe(messages.documentImageInvalid);
    });

    it('shows a lesson to its author and to enrolled students once published; a draft is 404 to them', async () => {
      const { course, sectionId } = await freshCourse();
      const lesson = await addLesson(t.app, author, course._id, { sectionId, title: 'Чернетка' });
      const url = `/api/lessons/${lesson._id}`;
      expect((await as(author, { method: 'GET', url })).statusCode).toBe(200);
      const hidden = await as(student, { method: 'GET', url });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().message).toBe(messages.lessonNotFound);
      expect(hidden.body).not.toContain('Чернетка');
      expect((await as(outsider, { method: 'GET', url })).statusCode).toBe(404);

      const published = await as(author, { method: 'PUT', url, payload: { published: true } });
      expect(published.json().lesson.published).toBe(true);
      const seen = await as(student, { method: 'GET', url });
      expect(seen.statusCode).toBe(200);
      expect(seen.json().lesson).toMatchObject({ title: 'Чернетка', completed: false });
      const notEnrolled = await as(outsider, { method: 'GET', url });
      expect(notEnrolled.statusCode).toBe(403);
      expect(notEnrolled.json().message).toBe(messages.notEnrolled);
      expect((await as(otherTeacher, { method: 'GET', url })).statusCode).toBe(403);
      expect((await as(null, { method: 'GET', url })).statusCode).toBe(401);
      expect((await as(author, { method: 'GET', url: '/api/lessons/nope' })).statusCode).toBe(404);
    });

    it('updates any of the fields; a new section puts the lesson at its end', async () => {
      const { course, sectionId } = await freshCourse();
      const second = await addSection(t.app, author, course._id, 'Друга');
      await addLesson(t.app, author, course._id, { sectionId: second._id });
      const lesson = await addLesson(t.app, author, course._id, {
        sectionId,
        videoUrl: 'https://vimeo.com/1',
      });
      const url = `/api/lessons/${lesson._id}`;
      const response = await as(author, {
        method: 'PUT',
        url,
        payload: {
          title: 'Нова назва',
          body: paragraphDoc('Новий текст.'),
          videoUrl: '',
          published: true,
          sectionId: second._id,
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().lesson).toMatchObject({
        title: 'Нова назва',
        body: paragraphDoc('Новий текст.'),
        videoUrl: null,
        published: true,
        sectionId: second._id,
        position: 1,
      });
      const again = await as(author, { method: 'GET', url });
      expect(again.json().lesson).toEqual(response.json().lesson);
      const titleOnly = await as(author, { method: 'PUT', url, payload: { title: 'Ще' } });
      expect(titleOnly.json().lesson).toMatchObject({
        title: 'Ще',
        published: true,
        videoUrl: null,
      });

      for (const [payload, status] of [
        [{ title: '' }, 400],
        [{ sectionId: 'nope' }, 400],
        [{ body: { type: 'doc', content: [{ type: 'video' }] } }, 400],
        [{ videoUrl: 'https://example.com/v.mp4' }, 400],
      ] as const) {
        expect((await as(author, { method: 'PUT', url, payload })).statusCode).toBe(status);
      }
      expect((await as(student, { method: 'PUT', url, payload: { title: 'x' } })).statusCode).toBe(
        403,
      );
      expect(
        (await as(author, { method: 'PUT', url: '/api/lessons/nope', payload: {} })).statusCode,
      ).toBe(404);
    });

    it('keeps the formulas of a text (inlineMath, blockMath) and refuses one over 2,000 characters of LaTeX', async () => {
      const { course, sectionId } = await freshCourse();
      const body = (latex: string) => ({
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Висота: ' },
              { type: 'inlineMath', attrs: { latex: 'h' } },
            ],
          },
          { type: 'blockMath', attrs: { latex } },
        ],
      });
      const created = await as(author, {
        method: 'POST',
        url: `/api/courses/${course._id}/lessons`,
        payload: { sectionId, title: 'Кінематика', body: body('h = \\frac{v^2}{2g}') },
      });
      expect(created.statusCode, created.body).toBe(201);
      const url = `/api/lessons/${created.json().lesson._id}`;
      expect((await as(author, { method: 'GET', url })).json().lesson.body).toEqual(
        body('h = \\frac{v^2}{2g}'),
      );
      const tooLong = await as(author, {
        method: 'PUT',
        url,
        payload: { body: body('x'.repeat(2001)) },
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toMatchObject({
        message: messages.documentMathTooLong,
        fields: { body: messages.documentMathTooLong },
      });
      const extra = await as(author, {
        method: 'PUT',
        url,
        payload: {
          body: {
            type: 'doc',
            content: [{ type: 'blockMath', attrs: { latex: 'x', trust: true } }],
          },
        },
      });
      expect(extra.statusCode).toBe(400);
      expect(extra.json().message).toContain('«trust»');
    });

    it('lets the text show images of its own attachments only', async () => {
      const { course, sectionId } = await freshCourse();
      const lesson = await addLesson(t.app, author, course._id, { sectionId });
      const other = await addLesson(t.app, author, course._id, { sectionId });
      const own = await attachFile(t.app, author, lesson._id, SAMPLE_PNG, 'схема.png');
      const foreign = await attachFile(t.app, author, other._id, SAMPLE_PNG, 'чуже.png');
      const url = `/api/lessons/${lesson._id}`;
      const ok = await as(author, { method: 'PUT', url, payload: { body: imageDoc(own._id) } });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().lesson.body).toEqual(imageDoc(own._id));
      const refused = await as(author, {
        method: 'PUT',
        url,
        payload: { body: imageDoc(foreign._id) },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(messages.documentImageInvalid);

      // Shown in the text: the file stays until the image goes.
      const inUse = await as(author, { method: 'DELETE', url: `/api/attachments/${own._id}` });
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json().message).toBe(messages.attachmentInUse);
      await as(author, { method: 'PUT', url, payload: { body: paragraphDoc('Без схеми') } });
      expect(
        (await as(author, { method: 'DELETE', url: `/api/attachments/${own._id}` })).statusCode,
      ).toBe(204);
    });

    it('deletes a lesson with its files, its video and its completions', async () => {
      const { course, sectionId } = await freshCourse();
      const keep = await addLesson(t.app, author, course._id, { sectionId, published: true });
      await attachFile(t.app, author, keep._id, SAMPLE_PDF, 'залишиться.pdf');
      const before = await listStored(t.app, 'lessons' as 'homework');
      const lesson = await addLesson(t.app, author, course._id, { sectionId, published: true });
      await attachFile(t.app, author, lesson._id, SAMPLE_PDF, 'конспект.pdf');
      await attachFile(t.app, author, lesson._id, SAMPLE_TXT, 'нотатки.txt');
      await uploadVideo(t.app, author, lesson._id, sampleMp4());
      await as(student, { method: 'PUT', url: `/api/lessons/${lesson._id}/completion` });
      expect((await listStored(t.app, 'lessons' as 'homework')).length).toBe(before.length + 3);

      const url = `/api/lessons/${lesson._id}`;
      expect((await as(student, { method: 'DELETE', url })).statusCode).toBe(403);
      expect((await as(author, { method: 'DELETE', url })).statusCode).toBe(204);
      expect((await as(author, { method: 'GET', url })).statusCode).toBe(404);
      expect(await listStored(t.app, 'lessons' as 'homework')).toEqual(before);
      const completions = await t.db
        .selectFrom('lesson_completions')
        .select('lesson_id')
        .where('lesson_id', '=', lesson._id)
        .execute();
      expect(completions).toEqual([]);
      expect((await as(author, { method: 'DELETE', url })).statusCode).toBe(404);
    });
  });

  // ---------------------------------------------------------------- attachments

  describe('attachments', () => {
    it('stores a file from its bytes and serves it to the author and, once published, to enrolled students', async () => {
      const { course, sectionId } = await freshCourse();
      const lesson = await addLesson(t.app, author, course._id, { sectionId });
      const attachment = await attachFile(
        t.app,
        author,
        lesson._id,
        SAMPLE_PDF,
        'Конспект уроку.pdf',
      );
      expect(attachment).toEqual({
        _id: expect.any(String),
        fileName: 'Конспект уроку.pdf',
        size: SAMPLE_PDF.length,
        mimeType: 'application/pdf',
        url: expect.stringMatching(
          new RegExp(
            `^/api/attachments/${attachment._id}/file\\?u=${author.user._id}&exp=\\d+&sig=`,
          ),
        ),
      });
      const read = await as(author, { method: 'GET', url: `/api/lessons/${lesson._id}` });
      expect(read.json().lesson.attachments).toEqual([{ ...attachment, url: expect.any(String) }]);

      const url = `/api/attachments/${attachment._id}/file`;
      const file = await as(author, { method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(SAMPLE_PDF)).toBe(true);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent('Конспект уроку.pdf')}`,
      );
      expect(file.headers['content-disposition']).toMatch(/^attachment;/);
      expect(file.headers['accept-ranges']).toBe('bytes');
      expect(file.headers['x-content-type-options']).toBe('nosniff');

      const first = await as(author, { method: 'GET', url, headers: { range: 'bytes=0-7' } });
      expect(first.statusCode).toBe(206);
      expect(first.rawPayload.equals(SAMPLE_PDF.subarray(0, 8))).toBe(true);
      expect(first.headers['content-range']).toBe(`bytes 0-7/${SAMPLE_PDF.length}`);

      expect((await as(student, { method: 'GET', url })).statusCode).toBe(404);
      await as(author, {
        method: 'PUT',
        url: `/api/lessons/${lesson._id}`,
        payload: { published: true },
      });
      const asStudent = await as(student, { method: 'GET', url });
      expect(asStudent.statusCode).toBe(200);
      expect(asStudent.rawPayload.equals(SAMPLE_PDF)).toBe(true);
      expect((await as(outsider, { method: 'GET', url })).statusCode).toBe(403);
      expect((await as(otherTeacher, { method: 'GET', url })).statusCode).toBe(403);
      expect((await as(null, { method: 'GET', url })).statusCode).toBe(401);
      expect(
        (await as(author, { method: 'GET', url: '/api/attachments/nope/file' })).statusCode,
      ).toBe(404);
    });

    it('refuses a wrong type (415), a non-author (403), an unknown lesson (404) and a missing file (400), storing nothing', async () => {
      const { course, sectionId } = await freshCourse();
      const lesson = await addLesson(t.app, author, course._id, { sectionId });
      const before = await listStored(t.app, 'lessons' as 'homework');
      const post = (account: Account, lessonId: string, content: Buffer, name: string) => {
        const form = fileForm(content, name);
        return as(account, {
          method: 'POST',
          url: `/api/lessons/${lessonId}/attachments`,
          payload: form.payload,
          headers: form.headers,
        });
      };
      const elf = await post(author, lesson._id, ELF_BINARY, 'notes.pdf');
      expect(elf.statusCode).toBe(415);
      expect(elf.json().message).toBe(messages.homeworkTypeUnsupported);
      expect((await post(student, lesson._id, SAMPLE_PDF, 'a.pdf')).statusCode).toBe(403);
      expect((await post(otherTeacher, lesson._id, SAMPLE_PDF, 'a.pdf')).statusCode).toBe(403);
      expect((await post(author, 'nope', SAMPLE_PDF, 'a.pdf')).statusCode).toBe(404);
      const empty = await as(author, {
        method: 'POST',
        url: `/api/lessons/${lesson._id}/attachments`,
        ...(() => {
          const form = fileForm(Buffer.alloc(0), 'empty.pdf');
          return { payload: form.payload, headers: form.headers };
        })(),
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe(messages.fileRequired);
      expect(await listStored(t.app, 'lessons' as 'homework')).toEqual(before);
    });

    it('refuses a file over 50 MB while it streams (413), storing nothing', async () => {
      const { course, sectionId } = await freshCourse();
      const lesson = await addLesson(t.app, author, course._id, { sectionId });
      const before = await listStored(t.app, 'lessons' as 'homework');
      const big = Buffer.concat([SAMPLE_PDF, Buffer.alloc(50 * 1024 * 1024)]);
      const form = fileForm(big, 'big.pdf');
      const response = await as(author, {
        method: 'POST',
        url: `/api/lessons/${lesson._id}/attachments`,
        payload: form.payload,
        headers: form.headers,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe(messages.attachmentTooLarge);
      expect(await listStored(t.app, 'lessons' as 'homework')).toEqual(before);
    });

    it('deletes an attachment and its file (the author only)', async () => {
      const { course, sectionId } = await freshCourse();
      const lesson = await addLesson(t.app, author, course._id, { sectionId });
      const attachment = await attachFile(t.app, author, lesson._id, SAMPLE_TXT, 'a.txt');
      const url = `/api/attachments/${attachment._id}`;
      const stored = await listStored(t.app, 'lessons' as 'homework');
      expect((await as(student, { method: 'DELETE', url })).statusCode).toBe(403);
      expect((await as(otherTeacher, { method: 'DELETE', url })).statusCode).toBe(403);
      expect((await as(null, { method: 'DELETE', url })).statusCode).toBe(401);
      expect((await as(author, { method: 'DELETE', url })).statusCode).toBe(204);
      expect((await listStored(t.app, 'lessons' as 'homework')).length).toBe(stored.length - 1);
      expect((await as(author, { method: 'GET', url: `${url}/file` })).statusCode).toBe(404);
      expect((await as(author, { method: 'DELETE', url })).statusCode).toBe(404);
    });
  });

  // ---------------------------------------------------------------- video

  describe('video', () => {
    it('takes MP4 or WebM by their bytes and replaces the previous video', async () => {
      const { course, sectionId } = await freshCourse();
      const lesson = await addLesson(t.app, author, course._id, { sectionId });
      const before = await listStored(t.app, 'lessons' as 'homework');
      const mp4 = await uploadVideo(t.app, author, lesson._id, sampleMp4(), 'урок.mp4');
      expect(mp4.video).toEqual({
        fileName: 'урок.mp4',
        size: 8192,
        mimeType: 'video/mp4',
        url: expect.stringMatching(`^/api/lessons/${lesson._id}/video\\?u=`),
      });
      const webm = await uploadVideo(t.app, author, lesson._id, sampleWebm(), 'урок.webm');
      expect(webm.video).toEqual({
        fileName: 'урок.webm',
        size: 4096,
        mimeType: 'video/webm',
        url: expect.any(String),
      });
      expect((await listStored(t.app, 'lessons' as 'homework')).length).toBe(before.length + 1);
    });

    it.each([
      ['QuickTime', sampleQuickTime()],
      ['an ELF binary named .mp4', ELF_BINARY],
      ['a PDF', SAMPLE_PDF],
    ])('refuses %s with 415', async (_, content) => {
      const { course, sectionId } = await freshCourse();
      const lesson = await addLesson(t.app, author, course._id, { sectionId });
      const form = fileForm(content, 'video.mp4');
      const response = await as(author, {
        method: 'PUT',
        url: `/api/lessons/${lesson._id}/video`,
        payload: form.payload,
        headers: form.headers,
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toBe(messages.videoTypeUnsupported);
    });

    it('refuses a video over VIDEO_MAX_MB (413) and non-authors (403), storing nothing', async () => {
      const { course, sectionId } = await freshCourse();
      const lesson = await addLesson(t.app, author, course._id, { sectionId });
      const before = await listStored(t.app, 'lessons' as 'homework');
      const put = (account: Account, content: Buffer) => {
        const form = fileForm(content, 'v.mp4');
        return as(account, {
          method: 'PUT',
          url: `/api/lessons/${lesson._id}/video`,
          payload: form.payload,
          headers: form.headers,
        });
      };
      const big = await put(author, sampleMp4(VIDEO_MAX_BYTES + 1));
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toContain(messages.videoTooLarge);
      expect((await put(student, sampleMp4())).statusCode).toBe(403);
      expect((await put(otherTeacher, sampleMp4())).statusCode).toBe(403);
      expect(await listStored(t.app, 'lessons' as 'homework')).toEqual(before);
    });

    it('streams the video whole or by ranges, and answers 416 for a range past the end', async () => {
      const { course, sectionId } = await freshCourse();
      const lesson = await addLesson(t.app, author, course._id, { sectionId, published: true });
      const bytes = sampleMp4();
      await uploadVideo(t.app, author, lesson._id, bytes);
      const url = `/api/lessons/${lesson._id}/video`;
      const get = (range?: string, account: Account = student) =>
        as(account, { method: 'GET', url, headers: range ? { range } : {} });

      const whole = await get();
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.equals(bytes)).toBe(true);
      expect(whole.headers).toMatchObject({
        'accept-ranges': 'bytes',
        'content-type': 'video/mp4',
        'content-length': String(bytes.length),
      });
      expect(whole.headers['content-disposition']).toMatch(/^inline;/);

      for (const [range, start, end] of [
        ['bytes=0-99', 0, 99],
        ['bytes=1000-1999', 1000, 1999],
        ['bytes=-500', bytes.length - 500, bytes.length - 1],
        ['bytes=8000-', 8000, bytes.length - 1],
        ['bytes=8000-99999', 8000, bytes.length - 1],
        ['bytes=-99999', 0, bytes.length - 1],
      ] as const) {
        const part = await get(range);
        expect(part.statusCode, range).toBe(206);
        expect(part.headers['content-range'], range).toBe(`bytes ${start}-${end}/${bytes.length}`);
        expect(part.headers['content-length'], range).toBe(String(end - start + 1));
        expect(part.rawPayload.equals(bytes.subarray(start, end + 1)), range).toBe(true);
      }
      for (const range of [`bytes=${bytes.length}-`, 'bytes=99999-100000', 'bytes=-0']) {
        const refused = await get(range);
        expect(refused.statusCode, range).toBe(416);
        expect(refused.headers['content-range']).toBe(`bytes */${bytes.length}`);
        expect(refused.json().message).toBe(messages.rangeNotSatisfiable);
      }
      // Several ranges, another unit or nonsense: the whole file.
      for (const range of ['bytes=0-1,5-6', 'items=0-5', 'bytes=5-1', 'bytes=abc']) {
        const answer = await get(range);
        expect(answer.statusCode, range).toBe(200);
        expect(answer.rawPayload.length).toBe(bytes.length);
      }
      expect((await get('bytes=0-9', author)).statusCode).toBe(206);
      expect((await get(undefined, outsider)).statusCode).toBe(403);
      expect((await as(null, { method: 'GET', url })).statusCode).toBe(401);
    });

    it('hides a draft lesson’s video from students (404) and answers 404 without a video', async () => {
      const { course, sectionId } = await freshCourse();
      const lesson = await addLesson(t.app, author, course._id, { sectionId });
      const url = `/api/lessons/${lesson._id}/video`;
      expect((await as(author, { method: 'GET', url })).json().message).toBe(
        messages.videoNotFound,
      );
      await uploadVideo(t.app, author, lesson._id, sampleWebm());
      expect((await as(student, { method: 'GET', url })).statusCode).toBe(404);
      expect((await as(author, { method: 'GET', url })).statusCode).toBe(200);
    });

    it('deletes the video and its file (idempotent; the author only)', async () => {
      const { course, sectionId } = await freshCourse();
      const lesson = await addLesson(t.app, author, course._id, { sectionId });
      const before = await listStored(t.app, 'lessons' as 'homework');
      await uploadVideo(t.app, author, lesson._id, sampleMp4());
      const url = `/api/lessons/${lesson._id}/video`;
      expect((await as(student, { method: 'DELETE', url })).statusCode).toBe(403);
      expect((await as(author, { method: 'DELETE', url })).statusCode).toBe(204);
      expect(await listStored(t.app, 'lessons' as 'homework')).toEqual(before);
      expect((await as(author, { method: 'GET', url })).statusCode).toBe(404);
      expect(
        (await as(author, { method: 'GET', url: `/api/lessons/${lesson._id}` })).json().lesson
          .video,
      ).toBeNull();
      expect((await as(author, { method: 'DELETE', url })).statusCode).toBe(204);
    });
  });

  // ---------------------------------------------------------------- signed media links

  describe('signed media links', () => {
    /** A published lesson with a video and an attachment; the student's copy of it. */
    async function mediaLesson() {
      const { course, sectionId } = await freshCourse();
      const lesson = await addLesson(t.app, author, course._id, { sectionId, published: true });
      const bytes = sampleMp4();
      await uploadVideo(t.app, author, lesson._id, bytes);
      await attachFile(t.app, author, lesson._id, SAMPLE_PDF, 'Конспект.pdf');
      const read = await as(student, { method: 'GET', url: `/api/lessons/${lesson._id}` });
      const mine = read.json().lesson as Lesson;
      return { course, lesson, bytes, video: mine.video!.url, file: mine.attachments[0]!.url };
    }
    const withQuery = (url: string, change: (query: URLSearchParams) => void) => {
      const [path, search] = url.split('?');
      const query = new URLSearchParams(search);
      change(query);
      return `${path}?${query.toString()}`;
    };

    it('plays the video (Range 206) and downloads the file without a header', async () => {
      const { bytes, video, file } = await mediaLesson();
      expect(video).toMatch(
        new RegExp(`^/api/lessons/[^/]+/video\\?u=${student.user._id}&exp=\\d+&sig=`),
      );
      const part = await as(null, { method: 'GET', url: video, headers: { range: 'bytes=0-99' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 0-99/${bytes.length}`);
      expect(part.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);
      const whole = await as(null, { method: 'GET', url: file });
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.equals(SAMPLE_PDF)).toBe(true);
      expect(whole.headers['content-disposition']).toMatch(/^attachment;/);
    });

    it('refuses an expired, tampered or misapplied link (403) and a half link', async () => {
      const { lesson, video, file } = await mediaLesson();
      const refused = async (url: string, status = 403) => {
        const response = await as(null, { method: 'GET', url });
        expect(response.statusCode, url).toBe(status);
        if (status === 403) expect(response.json().message).toBe(messages.mediaLinkInvalid);
      };
      // Expired: a link signed long ago, by the app's own key.
      const old = t.app.mediaSigner.url(
        'video',
        lesson._id,
        student.user._id,
        Date.now() - 5 * 3600_000,
      );
      expect((await as(null, { method: 'GET', url: old })).statusCode).toBe(403);
      // Its expiry moved later: the signature no longer matches.
      await refused(
        withQuery(old, (q) => q.set('exp', String(Math.floor(Date.now() / 1000) + 3600))),
      );
      // A changed signature, user, or file.
      // (Its first character replaced by another: one in 64 signatures already starts with 'A'.)
      await refused(
        withQuery(video, (q) => {
          const sig = q.get('sig')!;
          q.set('sig', `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`);
        }),
      );
      await refused(withQuery(video, (q) => q.set('sig', 'short')));
      await refused(withQuery(video, (q) => q.set('u', outsider.user._id)));
      await refused(video.replace(`/lessons/${lesson._id}/`, '/lessons/other/'));
      // The video's signature does not open the attachment, nor the attachment's the video.
      await refused(`${file.split('?')[0]}?${video.split('?')[1]}`);
      await refused(`${video.split('?')[0]}?${file.split('?')[1]}`);
      await refused(withQuery(video, (q) => q.delete('sig')));
      await refused(
        withQuery(video, (q) => q.set('exp', 'soon')),
        400,
      );
      await refused(video.split('?')[0]!, 401);
    });

    it("does not let one user's link stand for another's", async () => {
      const { lesson } = await mediaLesson();
      // The outsider's own signed link is valid as a link, but they may not see the lesson.
      const theirs = t.app.mediaSigner.url('video', lesson._id, outsider.user._id);
      expect((await as(null, { method: 'GET', url: theirs })).statusCode).toBe(403);
      const signed = await as(outsider, { method: 'GET', url: `/api/lessons/${lesson._id}` });
      expect(signed.statusCode).toBe(403);
    });

    it('refuses a link once its user left the course, the lesson went back to draft, or the author was demoted', async () => {
      const { course, lesson, video, file } = await mediaLesson();
      expect((await as(null, { method: 'GET', url: video })).statusCode).toBe(200);
      await as(student, { method: 'DELETE', url: `/api/courses/${course._id}/enroll` });
      expect((await as(null, { method: 'GET', url: video })).statusCode).toBe(403);
      expect((await as(null, { method: 'GET', url: file })).statusCode).toBe(403);
      await enroll(t.app, student, course._id);
      expect((await as(null, { method: 'GET', url: file })).statusCode).toBe(200);

      const authorLink = t.app.mediaSigner.url('video', lesson._id, author.user._id);
      await as(author, {
        method: 'PUT',
        url: `/api/lessons/${lesson._id}`,
        payload: { published: false },
      });
      expect((await as(null, { method: 'GET', url: video })).statusCode).toBe(404);
      expect((await as(null, { method: 'GET', url: authorLink })).statusCode).toBe(200);
      await t.db
        .updateTable('users')
        .set({ is_admin: 0 })
        .where('id', '=', author.user._id)
        .execute();
      try {
        expect((await as(null, { method: 'GET', url: authorLink })).statusCode).toBe(404);
      } finally {
        await t.db
          .updateTable('users')
          .set({ is_admin: 1 })
          .where('id', '=', author.user._id)
          .execute();
      }
    });

    it("refuses a blocked account's links, and takes them back after the unblock", async () => {
      const { course, sectionId } = await freshCourse();
      const lesson = await addLesson(t.app, author, course._id, { sectionId, published: true });
      await uploadVideo(t.app, author, lesson._id, sampleMp4());
      await attachFile(t.app, author, lesson._id, SAMPLE_PDF, 'Конспект.pdf');
      const blocked = await registerAccount(t.app, { username: 'Заблокований' });
      await enroll(t.app, blocked, course._id);
      const read = await as(blocked, { method: 'GET', url: `/api/lessons/${lesson._id}` });
      const { video, attachments } = read.json().lesson as Lesson;
      const links = [video!.url, attachments[0]!.url];
      for (const url of links)
        expect((await as(null, { method: 'GET', url })).statusCode).toBe(200);
      await setBlocked(t.db, blocked.user._id, true, cliActor('test'));
      for (const url of links) {
        const refused = await as(null, { method: 'GET', url });
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().message).toBe(messages.mediaLinkInvalid);
      }
      await setBlocked(t.db, blocked.user._id, false, cliActor('test'));
      for (const url of links)
        expect((await as(null, { method: 'GET', url })).statusCode).toBe(200);
    });

    it('accepts a link in its one form only: no leading-zero expiry, no padded or re-spelled signature', async () => {
      const { video } = await mediaLesson();
      const refused = async (url: string) => {
        const response = await as(null, { method: 'GET', url });
        expect(response.statusCode, url).toBe(403);
        expect(response.json().message).toBe(messages.mediaLinkInvalid);
      };
      expect((await as(null, { method: 'GET', url: video })).statusCode).toBe(200);
      await refused(withQuery(video, (q) => q.set('exp', `0${q.get('exp')}`)));
      await refused(withQuery(video, (q) => q.set('exp', `00${q.get('exp')}`)));
      await refused(withQuery(video, (q) => q.set('sig', `${q.get('sig')}=`)));
      // The last of 43 characters carries 4 bits and 2 unused ones: a second spelling of the same bytes.
      await refused(
        withQuery(video, (q) => {
          const sig = q.get('sig')!;
          const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
          const last = alphabet.indexOf(sig.at(-1)!);
          const respelled = `${sig.slice(0, -1)}${alphabet[last ^ 1]}`;
          expect(Buffer.from(respelled, 'base64url')).toEqual(Buffer.from(sig, 'base64url'));
          q.set('sig', respelled);
        }),
      );
      await refused(withQuery(video, (q) => q.set('sig', `${q.get('sig')}\n`)));
    });

    it('signs with the key stored in the database, so every process on it agrees', async () => {
      const { lesson } = await mediaLesson();
      const row = await t.db.selectFrom('media_signing_key').selectAll().execute();
      expect(row).toEqual([{ id: 1, secret: expect.stringMatching(/^[\w-]{43}$/) }]);
      const another = await loadMediaSigner(t.db);
      const url = t.app.mediaSigner.url('video', lesson._id, student.user._id);
      const query = new URLSearchParams(url.split('?')[1]);
      const signature = {
        u: query.get('u')!,
        exp: Number(query.get('exp')),
        sig: query.get('sig')!,
      };
      expect(another.verify('video', lesson._id, signature)).toBe(true);
      expect(new MediaSigner('another key').verify('video', lesson._id, signature)).toBe(false);
    });

    it('keeps the signature out of the access log', () => {
      expect(redactUrlSecrets('/api/lessons/1/video?u=2&exp=3&sig=SECRET')).toBe(
        `/api/lessons/1/video?u=2&exp=3&sig=${LOG_CENSOR}`,
      );
    });
  });

  // ---------------------------------------------------------------- completion and progress

  describe('completion and progress', () => {
    it('lets an enrolled student mark published lessons done and not done, and counts progress', async () => {
      const { course, sectionId } = await freshCourse();
      const one = await addLesson(t.app, author, course._id, { sectionId, published: true });
      await addLesson(t.app, author, course._id, { sectionId, published: true });
      const draft = await addLesson(t.app, author, course._id, { sectionId });
      const done = (lessonId: string, method: 'PUT' | 'DELETE' = 'PUT', account = student) =>
        as(account, { method, url: `/api/lessons/${lessonId}/completion` });

      expect((await done(one._id)).statusCode).toBe(204);
      expect((await done(one._id)).statusCode).toBe(204);
      expect((await done(draft._id)).statusCode).toBe(404);
      expect((await done(one._id, 'PUT', outsider)).statusCode).toBe(403);
      const byAuthor = await done(one._id, 'PUT', author);
      expect(byAuthor.statusCode).toBe(403);
      expect(byAuthor.json().message).toBe(messages.lessonCompletionNotEnrolled);
      expect(
        (await as(null, { method: 'PUT', url: `/api/lessons/${one._id}/completion` })).statusCode,
      ).toBe(401);
      expect((await done('nope')).statusCode).toBe(404);

      const lesson = await as(student, { method: 'GET', url: `/api/lessons/${one._id}` });
      expect(lesson.json().lesson.completed).toBe(true);
      const outline = await getOutlineAs(t.app, student, course._id);
      expect(outline.sections[0].items.map((i: { completed: boolean }) => i.completed)).toEqual([
        true,
        false,
      ]);
      // The author's outline never carries a student's marks.
      const authors = await getOutlineAs(t.app, author, course._id);
      expect(authors.sections[0].items.every((i: { completed: boolean }) => !i.completed)).toBe(
        true,
      );

      const progressUrl = `/api/courses/${course._id}/progress`;
      expect((await as(student, { method: 'GET', url: progressUrl })).json()).toEqual({
        completed: 1,
        total: 2,
      });
      const teacherView = await as(author, { method: 'GET', url: progressUrl });
      expect(teacherView.json()).toEqual({
        total: 2,
        students: [{ _id: student.user._id, username: 'Студентка Оля', completed: 1 }],
      });

      // A lesson taken back to draft no longer counts, on either side.
      await as(author, {
        method: 'PUT',
        url: `/api/lessons/${one._id}`,
        payload: { published: false },
      });
      expect((await as(student, { method: 'GET', url: progressUrl })).json()).toEqual({
        completed: 0,
        total: 1,
      });
      await as(author, {
        method: 'PUT',
        url: `/api/lessons/${one._id}`,
        payload: { published: true },
      });

      expect((await done(one._id, 'DELETE')).statusCode).toBe(204);
      expect((await done(one._id, 'DELETE')).statusCode).toBe(204);
      expect((await as(student, { method: 'GET', url: progressUrl })).json()).toEqual({
        completed: 0,
        total: 2,
      });

      for (const caller of [outsider, otherTeacher])
        expect((await as(caller, { method: 'GET', url: progressUrl })).statusCode).toBe(403);
      expect((await as(null, { method: 'GET', url: progressUrl })).statusCode).toBe(401);
      expect(
        (await as(author, { method: 'GET', url: '/api/courses/nope/progress' })).statusCode,
      ).toBe(404);
    });
  });
});
