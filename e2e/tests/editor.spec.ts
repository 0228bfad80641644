import { apiSession, expectNoSeriousViolations, waitForSettledPage } from '../a11y.ts';
import { createCourseThroughApi, DEMO_ACCOUNTS, expect, signIn, test } from '../fixtures.ts';

/**
 * The lesson editor as a teacher meets it: it opens without a console error
 * (the strict CSP allows no injected <style>), links come from a popover over
 * the selection, a lesson is published from the editor (with a warning when it
 * is empty), and the outline's rename and delete keep the keyboard's place.
 */
const teacher = DEMO_ACCOUNTS.find((account) => account.isTeacher)!;

async function courseWithLesson(request: Parameters<typeof apiSession>[0], title: string) {
  const session = await apiSession(request, teacher);
  const course = await createCourseThroughApi(request, session.headers, {
    title: `Редактор ${title} ${Date.now()}`,
    description: 'Курс для перевірки редактора уроків.',
    category: 'Інформатика',
  });
  const outline = (await (
    await request.get(`/api/courses/${course._id}/outline`, { headers: session.headers })
  ).json()) as { sections: { _id: string }[] };
  const created = await request.post(`/api/courses/${course._id}/lessons`, {
    headers: session.headers,
    data: {
      sectionId: outline.sections[0]!._id,
      title,
      body: { type: 'doc', content: [{ type: 'paragraph' }] },
    },
  });
  expect(created.status()).toBe(201);
  const { lesson } = (await created.json()) as { lesson: { _id: string } };
  return { session, course, lessonId: lesson._id };
}

test('the lesson editor opens without a console error and passes axe', async ({
  page,
  request,
}, testInfo) => {
  const { course, lessonId } = await courseWithLesson(request, 'Без помилок');
  const styleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') styleErrors.push(message.text());
  });
  await signIn(page, teacher, `/mycourse-details/${course._id}/lessons/${lessonId}/edit`);
  await waitForSettledPage(page);
  await expect(page.getByRole('textbox', { name: 'Текст уроку' })).toBeVisible();
  // TipTap's own rules come from our stylesheet: no <style> element is injected.
  await expect(page.locator('style[data-tiptap-style]')).toHaveCount(0);
  const whiteSpace = await page
    .getByRole('textbox', { name: 'Текст уроку' })
    .evaluate((element) => getComputedStyle(element).whiteSpace);
  expect(whiteSpace).toBe('break-spaces');
  expect(styleErrors).toEqual([]);
  await expectNoSeriousViolations(page, testInfo, 'lesson editor');
});

test('a link from the popover over the selection, and publishing with the empty-lesson warning', async ({
  page,
  request,
}, testInfo) => {
  const { session, course, lessonId } = await courseWithLesson(request, 'Посилання');
  await signIn(page, teacher, `/mycourse-details/${course._id}/lessons/${lessonId}/edit`);
  const text = page.getByRole('textbox', { name: 'Текст уроку' });

  // An empty lesson: a warning in the page, nothing sent until it is confirmed.
  await page.getByRole('button', { name: 'Опублікувати', exact: true }).click();
  const warning = page.getByRole('alertdialog');
  await expect(warning).toContainText('студенти побачать порожню сторінку');
  await warning.getByRole('button', { name: 'Скасувати' }).click();
  await expect(warning).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Опублікувати', exact: true })).toBeFocused();

  await text.click();
  await page.keyboard.type('Побудуйте графік у GeoGebra');
  await page.keyboard.press('Shift+Home');
  await page.getByRole('button', { name: 'Посилання', exact: true }).click();
  const popover = page.getByRole('dialog', { name: 'Посилання на виділений текст' });
  const field = popover.getByLabel('Адреса посилання (https://… або mailto:…)');
  await expect(field).toBeFocused();
  // Just under the selection, inside the viewport.
  const box = (await popover.boundingBox())!;
  const textBox = (await text.boundingBox())!;
  expect(box.y).toBeGreaterThan(textBox.y);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  for (const [name, size] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1366, height: 900 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: testInfo.outputPath(`editor-link-popover-${name}.png`) });
  }
  await expectNoSeriousViolations(page, testInfo, 'lesson editor with the link popover');

  await field.fill('javascript:alert(1)');
  await popover.getByRole('button', { name: 'Додати', exact: true }).click();
  await expect(popover).toContainText('лише http://, https:// або mailto:');
  await field.fill('geogebra.org');
  await field.press('Enter');
  await expect(popover).toHaveCount(0);
  await expect(text).toBeFocused();
  await expect(text.getByRole('link', { name: 'Побудуйте графік у GeoGebra' })).toHaveAttribute(
    'href',
    'https://geogebra.org',
  );

  // Esc closes a popover opened with Ctrl+K and gives the text back its focus.
  await page.keyboard.press('Control+k');
  await expect(popover).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popover).toHaveCount(0);
  await expect(text).toBeFocused();

  // With text, publishing needs no warning; the text is saved first.
  await page.getByRole('button', { name: 'Опублікувати', exact: true }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByTestId('publish-state')).toHaveText(
    'Урок опубліковано: студенти курсу його бачать.',
  );
  const saved = (await (
    await request.get(`/api/lessons/${lessonId}`, { headers: session.headers })
  ).json()) as { lesson: { published: boolean; body: unknown } };
  expect(saved.lesson.published).toBe(true);
  expect(JSON.stringify(saved.lesson.body)).toContain('https://geogebra.org');
});

test('an empty lesson is published after the warning is confirmed', async ({ page, request }) => {
  const { session, course, lessonId } = await courseWithLesson(request, 'Порожній');
  await signIn(page, teacher, `/mycourse-details/${course._id}/lessons/${lessonId}/edit`);
  await page.getByRole('button', { name: 'Опублікувати', exact: true }).click();
  await page.getByRole('button', { name: 'Опублікувати порожній урок' }).click();
  await expect(page.getByTestId('publish-state')).toHaveText(
    'Урок опубліковано: студенти курсу його бачать.',
  );
  const saved = (await (
    await request.get(`/api/lessons/${lessonId}`, { headers: session.headers })
  ).json()) as { lesson: { published: boolean } };
  expect(saved.lesson.published).toBe(true);
});

test('the outline: rename takes the focus and Esc cancels; a delete keeps the keyboard’s place', async ({
  page,
  request,
}) => {
  const { session, course } = await courseWithLesson(request, 'Перший урок');
  const outline = (await (
    await request.get(`/api/courses/${course._id}/outline`, { headers: session.headers })
  ).json()) as { sections: { _id: string; title: string }[] };
  const section = outline.sections[0]!;
  for (const title of ['Другий урок', 'Третій урок']) {
    const created = await request.post(`/api/courses/${course._id}/lessons`, {
      headers: session.headers,
      data: {
        sectionId: section._id,
        title,
        body: { type: 'doc', content: [{ type: 'paragraph' }] },
      },
    });
    expect(created.status()).toBe(201);
  }
  const other = await request.post(`/api/courses/${course._id}/sections`, {
    headers: session.headers,
    data: { title: 'Другий розділ' },
  });
  expect(other.status()).toBe(201);
  const { section: second } = (await other.json()) as { section: { _id: string } };
  const only = await request.post(`/api/courses/${course._id}/lessons`, {
    headers: session.headers,
    data: {
      sectionId: second._id,
      title: 'Один урок',
      body: { type: 'doc', content: [{ type: 'paragraph' }] },
    },
  });
  expect(only.status()).toBe(201);
  await signIn(page, teacher, `/mycourse-details/${course._id}`);
  const outlineEditor = page.locator('#course-outline');

  await outlineEditor.getByRole('button', { name: 'Перейменувати' }).first().click();
  const field = outlineEditor.getByLabel('Назва розділу');
  await expect(field).toBeFocused();
  await page.keyboard.type('Зовсім інша назва');
  await page.keyboard.press('Escape');
  await expect(field).toHaveCount(0);
  await expect(outlineEditor.getByRole('heading', { name: section.title })).toBeVisible();
  await expect(outlineEditor.getByRole('button', { name: 'Перейменувати' }).first()).toBeFocused();

  const remove = async (title: string) => {
    await outlineEditor.getByRole('button', { name: `Видалити урок «${title}»` }).click();
    await expect(
      outlineEditor.getByRole('button', { name: 'Видалити', exact: true }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(outlineEditor.getByRole('link', { name: title })).toHaveCount(0);
  };
  await remove('Другий урок');
  await expect(outlineEditor.getByRole('link', { name: 'Третій урок' })).toBeFocused();
  await remove('Третій урок');
  await expect(outlineEditor.getByRole('link', { name: 'Перший урок' })).toBeFocused();
  // The only item of a section: its heading takes the focus.
  await remove('Один урок');
  await expect(outlineEditor.getByRole('heading', { name: 'Другий розділ' })).toBeFocused();
});
