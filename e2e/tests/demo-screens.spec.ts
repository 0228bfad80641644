import { DEMO_COURSES } from '../../apps/server/src/db/demo-data.ts';
import { createStudent, DEMO_ACCOUNTS, expect, signIn, test } from '../fixtures.ts';
import type { Locator, Page } from '@playwright/test';

const teacher = DEMO_ACCOUNTS.find((account) => account.isTeacher)!;
const students = DEMO_ACCOUNTS.filter((account) => !account.isTeacher && !account.isOperator);

/** The contact card of one person on /contacts. */
const contactCard = (page: Page, name: string) =>
  page.getByRole('main').getByRole('article', { name });

async function expectContact(card: Locator, person: { telephone: string; email: string }) {
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: person.telephone })).toHaveAttribute(
    'href',
    `tel:${person.telephone}`,
  );
  await expect(card.getByRole('link', { name: person.email })).toHaveAttribute(
    'href',
    `mailto:${person.email}`,
  );
}

test.describe('/contacts', () => {
  test('the demo teacher sees the demo students with telephone and email', async ({ page }) => {
    await signIn(page, teacher, '/contacts');
    await expect(page).toHaveURL(/\/contacts$/);
    await expect(page).toHaveTitle('My Contacts | Urok');
    await expect(page.getByRole('heading', { level: 1, name: 'My Contacts' })).toBeVisible();
    await expect(page.getByText('Студенти, записані на ваші курси.')).toBeVisible();
    for (const student of students) {
      await expectContact(contactCard(page, student.username), student);
    }
    // A teacher's contacts are students, not the teacher.
    await expect(contactCard(page, teacher.username)).toHaveCount(0);
  });

  test('a demo student sees the teacher', async ({ page }) => {
    const student = students[0]!;
    await signIn(page, student, '/contacts');
    await expect(page.getByText('Викладачі курсів, на які ви записані.')).toBeVisible();
    const card = contactCard(page, teacher.username);
    await expectContact(card, teacher);
    // The contact lists the student's courses of that teacher, each linked to the course page.
    const enrolled = DEMO_COURSES.filter((course) => course.students.includes(student.telephone));
    expect(enrolled.length).toBeGreaterThan(0);
    for (const course of enrolled) {
      await expect(card.getByRole('link', { name: course.title, exact: true })).toHaveAttribute(
        'href',
        /^\/mycourse-details\/.+/,
      );
    }
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
  });

  test('a fresh student with no courses sees the empty state', async ({ page, request }) => {
    const student = await createStudent(request, 'Lonely Student');
    await signIn(page, student, '/contacts');
    await expect(
      page.getByText("Поки немає контактів: запишіться на курс, і тут з'явиться його викладач."),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Переглянути всі курси' }).click();
    await expect(page).toHaveURL(/\/course-grid-page$/);
  });

  test('signed out, /contacts goes to /start', async ({ page }) => {
    await page.goto('/contacts');
    await expect(page).toHaveURL(/\/start$/);
  });
});

test.describe('/vacancylist', () => {
  test('ten jobs; tags filter with OR, chips remove, Clear shows all again', async ({
    page,
    request,
  }) => {
    const student = await createStudent(request, 'Job Seeker');
    await signIn(page, student, '/vacancylist');
    await expect(page).toHaveTitle('Vacancies | Urok');
    await expect(page.getByRole('heading', { level: 1, name: 'Vacancies' })).toBeVisible();
    const main = page.getByRole('main');
    const jobs = main.getByRole('article');
    const filters = page.getByRole('region', { name: 'Filters' });
    await expect(jobs).toHaveCount(10);
    await expect(page.getByText('Showing 10 of 10 jobs')).toBeVisible();
    await expect(filters).toHaveCount(0);

    const tag = (name: string) =>
      page.getByRole('list', { name: 'Tags' }).getByRole('button', { name, exact: true });
    const withTag = (name: string) => jobs.filter({ has: tag(name) });
    // Expected counts computed from what is rendered before filtering.
    const pythonJobs = await withTag('Python').count();
    const reactJobs = await withTag('React').count();
    const either = await jobs.filter({ has: tag('Python').or(tag('React')) }).count();
    expect(pythonJobs).toBeGreaterThan(0);
    expect(reactJobs).toBeGreaterThan(0);
    // Neither tag alone covers the union: the test tells OR from a single tag (and from AND).
    expect(either).toBeGreaterThan(Math.max(pythonJobs, reactJobs));
    const bothPositions = await jobs
      .filter({ has: tag('Python').or(tag('React')) })
      .getByRole('heading', { level: 2 })
      .allInnerTexts();

    await tag('Python').first().click();
    await expect(filters.getByRole('button', { name: 'Remove filter Python' })).toBeVisible();
    await expect(jobs).toHaveCount(pythonJobs);
    await expect(page.getByText(`Showing ${pythonJobs} of 10 jobs`)).toBeVisible();
    for (const job of await jobs.all())
      await expect(job.getByRole('button', { name: 'Python', exact: true })).toBeVisible();

    // The second tag is clicked on a job still shown; the list grows to either tag's jobs.
    await tag('React').first().click();
    await expect(filters.getByRole('button', { name: 'Remove filter React' })).toBeVisible();
    await expect(filters.getByRole('button', { name: /^Remove filter / })).toHaveCount(2);
    await expect(jobs).toHaveCount(either);
    await expect(page.getByText(`Showing ${either} of 10 jobs`)).toBeVisible();
    expect(await jobs.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(bothPositions);

    // Clicking a selected tag again does not add a second chip.
    await tag('React').first().click();
    await expect(filters.getByRole('button', { name: /^Remove filter / })).toHaveCount(2);

    // A chip click removes that tag only.
    await filters.getByRole('button', { name: 'Remove filter Python' }).click();
    await expect(filters.getByRole('button', { name: 'Remove filter Python' })).toHaveCount(0);
    await expect(jobs).toHaveCount(reactJobs);

    await filters.getByRole('button', { name: 'Clear' }).click();
    await expect(filters).toHaveCount(0);
    await expect(jobs).toHaveCount(10);
    await expect(page.getByText('Showing 10 of 10 jobs')).toBeVisible();
  });
});

test.describe('/course/{id}', () => {
  test('ids 1 and 11 render their course; an unknown id says it is not found', async ({
    page,
    request,
  }) => {
    const student = await createStudent(request, 'Demo Course Student');
    await signIn(page, student, '/course/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Основи вебдизайну' })).toBeVisible();
    await expect(page).toHaveTitle('Основи вебдизайну | Urok');
    await expect(page.getByText('Profession:')).toBeVisible();
    const others = page.getByRole('navigation', { name: 'Other demo courses' });
    await expect(others.getByRole('link')).toHaveCount(10);

    await others.getByRole('link', { name: 'Як навчатися онлайн' }).click();
    await expect(page).toHaveURL(/\/course\/11$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Як навчатися онлайн' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Як навчатися онлайн | Urok');

    for (const unknown of ['12', '999', 'abc']) {
      await page.goto(`/course/${unknown}`);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Курс не знайдено', exact: true }),
        unknown,
      ).toBeVisible();
      await expect(page).toHaveTitle('Курс не знайдено | Urok');
    }
  });
});

test.describe('/test', () => {
  test('grading locks only with a grade, for good; the upload list adds; the demo logout only alerts', async ({
    page,
    request,
  }) => {
    const student = await createStudent(request, 'Grading Viewer');
    await signIn(page, student, '/test');
    await expect(page).toHaveTitle('Grading demo | Urok');
    await expect(page.getByRole('heading', { level: 1, name: 'Grading demo' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Домашні завдання студентів' });
    const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
    await expect(rows).toHaveCount(2);

    const olena = rows.filter({ hasText: 'Олена Коваль' });
    const petro = rows.filter({ hasText: 'Петро Шевченко' });
    await expect(olena).toContainText('Квадратні рівняння');
    await expect(petro).toContainText('Фотосинтез у рослин');
    const grade = olena.getByRole('textbox', { name: 'Оцінка: Олена Коваль' });
    const gradeAction = olena.getByRole('button', { name: 'Оцінити' });

    // Blank (or only spaces): the row does not lock.
    await gradeAction.click();
    await expect(olena.getByText('Введіть оцінку, щоб оцінити.')).toBeVisible();
    await expect(grade).toHaveAttribute('aria-invalid', 'true');
    await expect(gradeAction).toBeVisible();
    await expect(grade).toBeEditable();
    await grade.fill('   ');
    await gradeAction.click();
    await expect(gradeAction).toBeVisible();
    await expect(olena.getByText('Оцінено')).toHaveCount(0);

    // With a grade it locks, and cannot be unlocked.
    await grade.fill('11');
    await gradeAction.click();
    await expect(olena.getByText('Оцінено')).toBeVisible();
    await expect(olena.getByRole('button')).toHaveCount(0);
    await expect(grade).toHaveValue('11');
    await expect(grade).not.toBeEditable();
    await grade.focus();
    await page.keyboard.type('2');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Enter');
    await expect(grade).toHaveValue('11');
    await expect(olena.getByText('Оцінено')).toBeVisible();

    // The other row is independent.
    await expect(petro.getByRole('button', { name: 'Оцінити' })).toBeVisible();
    await expect(petro.getByRole('textbox', { name: 'Оцінка: Петро Шевченко' })).toBeEditable();

    // The local course-name upload list.
    const uploads = page.getByRole('region', { name: 'Курси для завантаження' });
    await expect(uploads.getByText('Список порожній.')).toBeVisible();
    await uploads.getByLabel('Назва курсу').fill('Алгебра, 9 клас');
    await uploads.getByRole('button', { name: 'Додати' }).click();
    await expect(uploads.getByRole('listitem')).toHaveText(['Алгебра, 9 клас']);
    await expect(uploads.getByLabel('Назва курсу')).toHaveValue('');
    await expect(uploads.getByText('Список порожній.')).toHaveCount(0);
    await uploads.getByLabel('Назва курсу').fill('Геометрія');
    await uploads.getByLabel('Назва курсу').press('Enter');
    await expect(uploads.getByRole('listitem')).toHaveText(['Алгебра, 9 клас', 'Геометрія']);

    // The demo logout shows an alert and does not sign out.
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Вийти з демо' }).click();
    await expect
      .poll(() => alerts)
      .toEqual(['alert: Це демонстраційна сторінка: вихід тут не виконується.']);
    await expect(page).toHaveURL(/\/test$/);
    await expect(page.getByRole('button', { name: /Grading Viewer/ })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await page.reload();
    await expect(page).toHaveURL(/\/test$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Grading demo' })).toBeVisible();
  });
});
