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

/**
 * Grading one submission after another: three students hand in a PDF, an
 * image and a text file; the teacher opens the first from the gradebook,
 * sees each previewed in the page, grades it and goes on with 'Наступна
 * неоцінена' until none is left; J/K move and G focuses the grade. The page
 * is scanned by axe on a desktop and on a phone, where nothing scrolls sideways.
 */
const teacher = DEMO_ACCOUNTS.find((account) => account.isTeacher)!;

/** A one-page PDF with a line of text, small but whole (a viewer draws it). */
function samplePdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = 'BT /F1 28 Tf 72 760 Td (Essay: autumn in poetry) Tj ET';
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A 2×2 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test('the teacher grades three submissions one after another, each previewed in the page', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const session = await apiSession(request, teacher);
  const course = await createCourseThroughApi(request, session.headers, {
    title: `Осіння поезія ${Date.now()}`,
    description: 'Читаємо вірші про осінь і пишемо про них.',
    category: 'Література',
  });
  const outline = await request.get(`/api/courses/${course._id}/outline`, {
    headers: session.headers,
  });
  const sectionId = ((await outline.json()) as { sections: { _id: string }[] }).sections[0]!._id;
  const created = await request.post(`/api/courses/${course._id}/assignments`, {
    headers: session.headers,
    data: {
      sectionId,
      title: 'Есе про осінь',
      instructions: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Одна сторінка.' }] }],
      },
      maxPoints: 12,
      published: true,
    },
  });
  expect(created.status()).toBe(201);
  const assignmentId = ((await created.json()) as { assignment: { _id: string } }).assignment._id;

  const tag = Date.now() % 10000;
  const works = [
    {
      name: `Андрій Грач ${tag}`,
      file: { name: 'Есе.pdf', mimeType: 'application/pdf', buffer: samplePdf() },
    },
    { name: `Богдана Грач ${tag}`, file: { name: 'Скан.png', mimeType: 'image/png', buffer: PNG } },
    {
      name: `Віра Грач ${tag}`,
      file: {
        name: 'Чернетка.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Осінь — пора очей зачарування.\nЛистя золоте.\n'),
      },
    },
  ];
  for (const work of works) {
    const student = await createStudent(request, work.name);
    const headers = (await apiSession(request, student)).headers;
    expect((await request.post(`/api/courses/${course._id}/enroll`, { headers })).status()).toBe(
      200,
    );
    const upload = await request.post('/api/courses/upload-homework', {
      headers,
      multipart: { courseId: course._id, assignmentId, file: work.file },
    });
    expect(upload.status()).toBe(201);
  }

  const context = await signedInContext(browser, request, baseURL!, teacher, {
    viewport: { width: 1366, height: 900 },
  });
  const page = await context.newPage();
  const position = page.getByText(/^\d+ з 3$/);
  const gradeField = page.getByLabel('Оцінка (бали)');
  const heading = page.getByRole('heading', { level: 2, name: /Грач/ });

  await test.step('a gradebook cell opens the grading page at that student, the PDF in view', async () => {
    await page.goto(`/mycourse-details/${course._id}/gradebook`);
    const row = page.getByRole('row', { name: new RegExp(works[0]!.name) });
    await row.getByRole('link', { name: 'здано' }).click();
    await expect(page).toHaveURL(new RegExp(`/assignments/${assignmentId}/grade\\?student=`));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Оцінювання: Есе про осінь' }),
    ).toBeVisible({ timeout: 30_000 });
    await expect(heading).toHaveText(works[0]!.name);
    await expect(position).toHaveText('1 з 3');
    const frame = page.locator('iframe[title="Перегляд: Есе.pdf"]');
    await expect(frame).toBeVisible();
    const box = await frame.boundingBox();
    expect(box!.height).toBeGreaterThan(400);
    // The frame loads the file itself (not a download, not a refusal).
    const src = await frame.getAttribute('src');
    const preview = await page.request.get(src!);
    expect(preview.status()).toBe(200);
    expect(preview.headers()['content-disposition']).toMatch(/^inline;/);
    await expect(page.getByText('/ 12', { exact: true })).toBeVisible();
    await waitForSettledPage(page);
    await expectNoSeriousViolations(page, testInfo, 'grading page (PDF)');
    await page.screenshot({ path: testInfo.outputPath('grading-1366x900.png'), fullPage: true });
  });

  await test.step("grade, then 'Наступна неоцінена', three times; then none is left", async () => {
    const grades = ['10', '11,5', '9'];
    for (const [index, grade] of grades.entries()) {
      await expect(heading).toHaveText(works[index]!.name);
      if (index === 1) {
        const image = page.getByRole('img', { name: 'Перегляд: Скан.png' });
        await expect(image).toBeVisible();
        // Shown, then decoded: its natural width is known once the file has come.
        await expect
          .poll(() => image.evaluate((node: HTMLImageElement) => node.naturalWidth))
          .toBe(2);
      }
      if (index === 2) await expect(page.getByText('Осінь — пора очей зачарування.')).toBeVisible();
      await gradeField.fill(grade);
      await page.getByLabel('Відгук').fill(`Відгук для ${works[index]!.name}`);
      await page.getByRole('button', { name: 'Зберегти оцінку' }).click();
      await expect(page.getByText('Оцінку збережено.')).toBeVisible();
      await expect(page.getByRole('option', { name: new RegExp(works[index]!.name) })).toHaveText(
        `${works[index]!.name} — ${grade} / 12`,
      );
      await page.getByRole('button', { name: 'Наступна неоцінена' }).click();
      if (index < 2) await expect(position).toHaveText(`${index + 2} з 3`);
    }
    await expect(page.getByText('Неоцінених робіт більше немає.')).toBeVisible();
    await expect(heading).toHaveText(works[2]!.name);
  });

  await test.step('J and K move, G focuses the grade (filled in for a regrade); typing is typing', async () => {
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('k');
    await expect(position).toHaveText('2 з 3');
    await expect(heading).toHaveText(works[1]!.name);
    await page.keyboard.press('k');
    await expect(position).toHaveText('1 з 3');
    await page.keyboard.press('j');
    await expect(position).toHaveText('2 з 3');
    await page.keyboard.press('g');
    await expect(gradeField).toBeFocused();
    await expect(gradeField).toHaveValue('11,5');
    await expect(page.getByLabel('Причина зміни оцінки')).toBeVisible();
    await page.keyboard.press('j');
    await expect(position).toHaveText('2 з 3');
    await expect(gradeField).toHaveValue('11,5j');
  });

  await test.step('the gradebook shows the points out of the maximum', async () => {
    await page.goto(`/mycourse-details/${course._id}/gradebook`);
    for (const [index, grade] of ['10', '11,5', '9'].entries()) {
      const row = page.getByRole('row', { name: new RegExp(works[index]!.name) });
      // A fresh load of the app: slow on a busy machine.
      await expect(row.getByText(`${grade} / 12`)).toBeVisible({ timeout: 30_000 });
    }
  });

  await test.step('on a phone the page fits the screen, the preview included', async () => {
    const phone = await signedInContext(browser, request, baseURL!, teacher, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const phonePage = await phone.newPage();
    await phonePage.goto(`/mycourse-details/${course._id}/assignments/${assignmentId}/grade`);
    await expect(phonePage.locator('iframe[title="Перегляд: Есе.pdf"]')).toBeVisible({
      timeout: 30_000,
    });
    await waitForSettledPage(phonePage);
    await expectNoSideScroll(phonePage, 'grading page on a phone');
    const frame = await phonePage.locator('iframe[title="Перегляд: Есе.pdf"]').boundingBox();
    expect(frame!.x).toBeGreaterThanOrEqual(0);
    expect(frame!.x + frame!.width).toBeLessThanOrEqual(390);
    await expectNoSeriousViolations(phonePage, testInfo, 'grading page (phone)');
    await phonePage.screenshot({
      path: testInfo.outputPath('grading-390x844.png'),
      fullPage: true,
    });
    await phone.close();
  });
  await context.close();
});
