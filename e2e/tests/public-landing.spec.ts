import { featuredCourseCopy } from '../../packages/contract/src/copy/featured-courses.ts';
import { PUBLIC_LANDING_IDS, SIGNED_IN_LANDING_IDS } from '../../packages/contract/src/paths.ts';
import { createStudent, expect, signIn, test } from '../fixtures.ts';

/** The featured courses in Ukrainian, the language these tests speak. */
const FEATURED_COURSES = featuredCourseCopy.courses;

/** The featured course shown on /course-details:N. */
function featured(id: number) {
  const course = FEATURED_COURSES.find((candidate) => candidate.id === id);
  if (!course) throw new Error(`no featured course ${id}`);
  return course;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe('/start', () => {
  test('shows the heading, the real catalogue and the featured programmes', async ({
    page,
    request,
  }) => {
    await page.goto('/start');
    await expect(page).toHaveTitle('Start | Urok');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Навчайтеся онлайн разом з Urok' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Як це працює' })).toBeVisible();

    // The catalogue preview comes from the real API: the demo data has six courses.
    const catalog = page.getByRole('region', { name: 'Курси з каталогу' });
    const cards = catalog.getByRole('article');
    await expect(cards).toHaveCount(6);
    const response = await request.get('/api/courses', { params: { limit: 100 } });
    expect(response.status()).toBe(200);
    const { courses } = (await response.json()) as {
      courses: { title: string; author: { username: string } }[];
    };
    expect(courses.length).toBeGreaterThanOrEqual(6);
    const catalogTitles = courses.map((course) => course.title);
    const shownTitles = await cards.getByRole('heading', { level: 3 }).allInnerTexts();
    expect(shownTitles).toHaveLength(6);
    for (const title of shownTitles) expect(catalogTitles).toContain(title.trim());
    // Each card names its teacher and leads a signed-out visitor to sign in, then back to it.
    const first = cards.first();
    await expect(first).toContainText('Викладач');
    await expect(first.getByRole('link', { name: /^Увійти, щоб записатися: / })).toHaveAttribute(
      'href',
      /^\/login\?next=%2Fmycourse-details%2F[\w-]+$/,
    );

    // Featured programmes: every public landing page is linked.
    const programmes = page.getByRole('region', { name: 'Рекомендовані програми' });
    for (const id of PUBLIC_LANDING_IDS) {
      await expect(
        programmes.getByRole('link', { name: new RegExp(`^${escape(featured(id).title)}`) }),
      ).toHaveAttribute('href', `/course-details:${id}`);
    }
  });

  for (const [name, path] of [
    ['Створити обліковий запис', '/register'],
    ['Увійти до кабінету', '/login'],
    ['Подати заявку викладача', '/future-teacher'],
    ['Стати викладачем', '/future-teacher'],
    ['Зіграти у вікторину', '/game'],
    ['Підтримати платформу', '/donate'],
  ] as const) {
    test(`the call to action '${name}' leads to ${path}`, async ({ page }) => {
      await page.goto('/start');
      await page.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  test('a featured programme opens its landing page', async ({ page }) => {
    await page.goto('/start');
    const course = featured(4);
    await page
      .getByRole('region', { name: 'Рекомендовані програми' })
      .getByRole('link', { name: new RegExp(`^${escape(course.title)}`) })
      .click();
    await expect(page).toHaveURL(/\/course-details:4$/);
    await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  });
});

test.describe('/course-details:N signed out', () => {
  for (const id of PUBLIC_LANDING_IDS) {
    test(`/course-details:${id} renders its course`, async ({ page }) => {
      const course = featured(id);
      await page.goto(`/course-details:${id}`);
      await expect(page).toHaveURL(new RegExp(`/course-details:${id}$`));
      await expect(
        page.getByRole('heading', { level: 1, name: course.title, exact: true }),
      ).toBeVisible();
      await expect(page).toHaveTitle(`${course.title} | Urok`);
      await expect(page.getByRole('heading', { name: 'Чого ви навчитеся' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Програма курсу' })).toBeVisible();
      await expect(page.getByText(course.teacher.name)).toBeVisible();
    });
  }

  test('/course-details:3 does not exist and goes to /start', async ({ page }) => {
    await page.goto('/course-details:3');
    await expect(page).toHaveURL(/\/start$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Навчайтеся онлайн разом з Urok' }),
    ).toBeVisible();
  });

  test('the enrol call leads to /register', async ({ page }) => {
    await page.goto('/course-details:2');
    await expect(page.getByText('Створіть обліковий запис — це безкоштовно.')).toBeVisible();
    await page.getByRole('link', { name: 'Записатися на курс' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  });

  test('the other programmes link to each other', async ({ page }) => {
    await page.goto('/course-details:12');
    const others = page.getByRole('navigation', { name: 'Інші програми' });
    await expect(others.getByRole('link')).toHaveCount(PUBLIC_LANDING_IDS.length - 1);
    await others.getByRole('link', { name: featured(13).title }).click();
    await expect(page).toHaveURL(/\/course-details:13$/);
    await expect(page.getByRole('heading', { level: 1, name: featured(13).title })).toBeVisible();
  });
});

test.describe('/course-details signed in', () => {
  test('the signed-in landing pages and the bare /course-details index', async ({
    page,
    request,
  }) => {
    test.slow(); // seven pages in one session
    const student = await createStudent(request, 'Landing Student');
    await signIn(page, student, '/course-details');
    await expect(page).toHaveURL(/\/course-details$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Рекомендовані програми' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Рекомендовані програми | Urok');
    const index = page.getByRole('main').getByRole('article');
    await expect(index).toHaveCount(SIGNED_IN_LANDING_IDS.length);
    for (const id of SIGNED_IN_LANDING_IDS) {
      await expect(
        page.getByRole('link', { name: featured(id).title, exact: true }).first(),
      ).toHaveAttribute('href', `/course-details:${id}`);
    }

    for (const id of SIGNED_IN_LANDING_IDS) {
      const course = featured(id);
      await page.goto(`/course-details:${id}`);
      await expect(page, `/course-details:${id}`).toHaveURL(new RegExp(`/course-details:${id}$`));
      await expect(
        page.getByRole('heading', { level: 1, name: course.title, exact: true }),
      ).toBeVisible();
      await expect(page).toHaveTitle(`${course.title} | Urok`);
      // The way back to the index of the signed-in table.
      await expect(page.getByRole('link', { name: /Усі рекомендовані програми/ })).toHaveAttribute(
        'href',
        '/course-details',
      );
    }
  });

  test('/course-details:3 goes to /my-courselist', async ({ page, request }) => {
    const student = await createStudent(request, 'Landing Three');
    await signIn(page, student, '/course-details:3');
    await expect(page).toHaveURL(/\/my-courselist$/);
  });

  test('the enrol call leads to the catalogue', async ({ page, request }) => {
    const student = await createStudent(request, 'Landing Enrol');
    await signIn(page, student, '/course-details:5');
    await expect(page.getByRole('heading', { level: 1, name: featured(5).title })).toBeVisible();
    await expect(page.getByText('Курс чекає на вас у каталозі.')).toBeVisible();
    await page.getByRole('link', { name: 'Записатися на курс' }).click();
    await expect(page).toHaveURL(/\/course-grid-page$/);
  });
});
