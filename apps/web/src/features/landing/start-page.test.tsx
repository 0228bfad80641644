import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, type Course } from '@urok/contract';
import { createTestServices, type FakeReply } from '../../test/fake-api';
import { renderWithStore } from '../../test/render';
import { featuredCourses } from './featured-courses';
import { StartPage } from './start-page';

const FEATURED_COURSES = featuredCourses();

const course = (n: number, overrides: Partial<Course> = {}): Course => ({
  _id: `c${n}`,
  title: `Курс ${n}`,
  description: `Опис курсу ${n}`,
  category: 'Математика',
  homeworkTask: '',
  homeworkDueAt: null,
  coverUrl: null,
  author: { _id: 't1', username: 'Ірина' },
  enrolledCount: n,
  visibility: 'public',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

async function setup(replies: FakeReply[]) {
  const queue = [...replies];
  const api = createTestServices({
    [`GET ${API.courses}`]: () => queue.shift() ?? { status: 500 },
  });
  const view = await renderWithStore(
    <StartPage loadFeatured={() => Promise.resolve(FEATURED_COURSES)} />,
    {
      services: api.services,
      path: '/start',
    },
  );
  return { ...api, ...view };
}

const catalog = () => screen.getByRole('region', { name: 'Курси з каталогу' });

describe('/start', () => {
  it('says what Urok is and offers registration, sign-in and the teacher application', async () => {
    await setup([{ status: 200, body: { courses: [], nextCursor: null } }]);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Навчайтеся онлайн разом з Urok' }),
    ).toBeTruthy();
    expect(document.title).toBe('Start | Urok');
    expect(
      screen.getByRole('link', { name: 'Створити обліковий запис' }).getAttribute('href'),
    ).toBe('/register');
    expect(screen.getByRole('link', { name: 'Увійти до кабінету' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(screen.getByRole('link', { name: 'Подати заявку викладача' }).getAttribute('href')).toBe(
      '/future-teacher',
    );
    expect(screen.getByRole('link', { name: 'Зіграти у вікторину' }).getAttribute('href')).toBe(
      '/game',
    );
    expect(screen.getByRole('link', { name: 'Підтримати платформу' }).getAttribute('href')).toBe(
      '/donate',
    );
  });

  it('asks the real catalogue for 6 courses, anonymously; each card opens its course page and signs in to enrol there', async () => {
    const covered = course(1, { coverUrl: '/api/files/covers/abc.webp' });
    const { calls } = await setup([
      { status: 200, body: { courses: [covered, course(2)], nextCursor: 'x' } },
    ]);
    expect(calls[0]).toMatchObject({ method: 'GET', url: 'courses', authorization: undefined });
    const cards = await within(catalog()).findAllByRole('article');
    expect(cards).toHaveLength(2);
    const first = within(catalog()).getByRole('article', { name: 'Курс 1' });
    expect(within(first).getByText('Ірина')).toBeTruthy();
    expect(
      within(first)
        .getByRole('link', { name: 'Увійти, щоб записатися: Курс 1' })
        .getAttribute('href'),
    ).toBe(`/login?next=${encodeURIComponent(`/mycourse-details/${covered._id}`)}`);
    expect(within(first).getByRole('link', { name: 'Курс 1' }).getAttribute('href')).toBe(
      `/mycourse-details/${covered._id}`,
    );
    const cover = first.querySelector('img')!;
    expect(cover.getAttribute('src')).toBe('/api/files/covers/abc.webp');
    expect(cover.getAttribute('loading')).toBe('lazy');
    expect(cover.getAttribute('width')).toBe('640');
    expect(cover.getAttribute('height')).toBe('360');
  });

  it('an empty catalogue says courses are coming', async () => {
    await setup([{ status: 200, body: { courses: [], nextCursor: null } }]);
    expect(await within(catalog()).findByText(/Каталог поки порожній/)).toBeTruthy();
  });

  it('a failed catalogue load offers a retry', async () => {
    await setup([
      { status: 503 },
      { status: 200, body: { courses: [course(3)], nextCursor: null } },
    ]);
    const alert = await within(catalog()).findByRole('alert');
    expect(alert.textContent).toContain('Не вдалося завантажити курси.');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await within(catalog()).findByRole('article', { name: 'Курс 3' })).toBeTruthy();
  });

  it('links the featured programmes to their landing pages', async () => {
    await setup([{ status: 200, body: { courses: [], nextCursor: null } }]);
    const section = screen.getByRole('region', { name: 'Рекомендовані програми' });
    const links = await within(section).findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      FEATURED_COURSES.map((c) => `/course-details:${c.id}`),
    );
  });
});
