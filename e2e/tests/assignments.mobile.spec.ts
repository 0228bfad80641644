import {
  apiSession,
  expectNoSeriousViolations,
  expectNoSideScroll,
  waitForSettledPage,
} from '../a11y.ts';
import {
  createCourseThroughApi,
  createStudent,
  DEMO_ACCOUNTS,
  expect,
  signedInContext,
  test,
} from '../fixtures.ts';

/** The gradebook and 'Мої оцінки' on a phone: the page fits, the table scrolls inside itself. */
const teacher = DEMO_ACCOUNTS.find((account) => account.isTeacher)!;

test('the gradebook and the grades page fit a phone', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const session = await apiSession(request, teacher);
  const course = await createCourseThroughApi(request, session.headers, {
    title: `Географія України ${Date.now()}`,
    description: 'Рельєф, клімат і ріки нашої країни.',
    category: 'Географія',
  });
  const outline = await (
    await request.get(`/api/courses/${course._id}/outline`, { headers: session.headers })
  ).json();
  const assignmentIds: string[] = [];
  for (const title of ['Карпати й Кримські гори', 'Дніпро та його притоки', 'Клімат півдня']) {
    const response = await request.post(`/api/courses/${course._id}/assignments`, {
      headers: session.headers,
      data: {
        sectionId: outline.sections[0]._id,
        title,
        instructions: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Складіть опис.' }] }],
        },
        published: true,
      },
    });
    expect(response.status()).toBe(201);
    assignmentIds.push(((await response.json()) as { assignment: { _id: string } }).assignment._id);
  }
  const student = await createStudent(
    request,
    `Студентка з дуже довгим іменем ${Date.now() % 1e5}`,
  );
  const studentSession = await apiSession(request, student);
  await request.post(`/api/courses/${course._id}/enroll`, { headers: studentSession.headers });
  const upload = await request.post('/api/courses/upload-homework', {
    headers: studentSession.headers,
    multipart: {
      courseId: course._id,
      assignmentId: assignmentIds[0]!,
      file: { name: 'опис.txt', mimeType: 'text/plain', buffer: Buffer.from('Гори.\n') },
    },
  });
  expect(upload.status()).toBe(201);
  const homeworkId = ((await upload.json()) as { homework: { _id: string } }).homework._id;
  const graded = await request.put(`/api/homework/${homeworkId}/grade`, {
    headers: session.headers,
    data: { grade: '11', feedback: 'Добре.' },
  });
  expect(graded.status()).toBe(200);

  const device = { ...testInfo.project.use };
  const teacherPage = await (
    await signedInContext(browser, request, baseURL!, teacher, device)
  ).newPage();
  await teacherPage.goto(`/mycourse-details/${course._id}/gradebook`);
  const table = teacherPage.getByRole('region', { name: 'Таблиця оцінок (прокручується)' });
  await expect(table.getByText('11 / 12')).toBeVisible();
  await waitForSettledPage(teacherPage);
  await expectNoSideScroll(teacherPage, 'the gradebook');
  await expectNoSeriousViolations(teacherPage, testInfo, 'the gradebook (phone)');
  // The table scrolls sideways inside its region, the students' names staying in view.
  const name = table.getByRole('rowheader', { name: student.username });
  const before = await name.boundingBox();
  const scrolled = await table.evaluate((element) => {
    element.scrollLeft = element.scrollWidth;
    return element.scrollLeft > 0;
  });
  expect(scrolled, 'the gradebook is wider than a phone and scrolls').toBe(true);
  await expect.poll(async () => (await name.boundingBox())?.x).toBe(before?.x);

  const studentPage = await (
    await signedInContext(browser, request, baseURL!, student, device)
  ).newPage();
  await studentPage.goto('/grades');
  await expect(studentPage.getByText('11 / 12')).toBeVisible();
  await waitForSettledPage(studentPage);
  await expectNoSideScroll(studentPage, "'Мої оцінки'");
  await expectNoSeriousViolations(studentPage, testInfo, "'Мої оцінки' (phone)");
});
