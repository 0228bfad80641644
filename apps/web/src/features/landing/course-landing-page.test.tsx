import { describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { CourseLandingPage, type LandingAudience } from './course-landing-page';
import { featuredCourses } from './featured-courses';

const FEATURED_COURSES = featuredCourses();

async function renderLanding(
  landingId: number | undefined,
  audience: LandingAudience,
  load = () => Promise.resolve(FEATURED_COURSES),
) {
  await act(async () => {
    render(
      <MemoryRouter>
        <CourseLandingPage landingId={landingId} audience={audience} loadCourses={load} />
      </MemoryRouter>,
    );
  });
}

describe('/course-details:N', () => {
  it('shows the course: programme, teacher, outcomes, duration and level, titled by the course', async () => {
    await renderLanding(4, 'public');
    const course = FEATURED_COURSES.find((c) => c.id === 4)!;
    expect(screen.getByRole('heading', { level: 1, name: course.title })).toBeTruthy();
    expect(document.title).toBe(`${course.title} | Urok`);
    expect(screen.getByRole('heading', { name: 'Програма курсу' })).toBeTruthy();
    for (const module of course.modules) expect(screen.getByText(module.title)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Викладач' })).toBeTruthy();
    expect(screen.getByText(course.teacher.name)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Чого ви навчитеся' })).toBeTruthy();
    expect(screen.getByText(course.outcomes[0]!)).toBeTruthy();
    expect(screen.getByText(`${course.weeks} тиж.`)).toBeTruthy();
    expect(screen.getByText(course.level, { selector: 'dd' })).toBeTruthy();
  });

  it('signed out, enrolling starts with registration; other programmes link to public pages', async () => {
    await renderLanding(1, 'public');
    expect(screen.getByRole('link', { name: 'Записатися на курс' }).getAttribute('href')).toBe(
      '/register',
    );
    const others = within(screen.getByRole('navigation', { name: 'Інші програми' })).getAllByRole(
      'link',
    );
    expect(others.map((link) => link.getAttribute('href'))).toEqual(
      [2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].map((id) => `/course-details:${id}`),
    );
  });

  it('signed in, enrolling goes to the catalogue, and only the signed-in pages are linked', async () => {
    await renderLanding(2, 'signedIn');
    expect(screen.getByRole('link', { name: 'Записатися на курс' }).getAttribute('href')).toBe(
      '/course-grid-page',
    );
    expect(
      screen.getByRole('link', { name: /Усі рекомендовані програми/ }).getAttribute('href'),
    ).toBe('/course-details');
    const others = within(screen.getByRole('navigation', { name: 'Інші програми' })).getAllByRole(
      'link',
    );
    expect(others.map((link) => link.getAttribute('href'))).toEqual(
      [1, 4, 5, 6, 7].map((id) => `/course-details:${id}`),
    );
  });

  it('the bare /course-details lists the featured courses a signed-in user can open', async () => {
    await renderLanding(undefined, 'signedIn');
    expect(screen.getByRole('heading', { level: 1, name: 'Рекомендовані програми' })).toBeTruthy();
    expect(document.title).toBe('Рекомендовані програми | Urok');
    const articles = screen.getAllByRole('article');
    expect(articles).toHaveLength(6);
    expect(within(articles[0]!).getByRole('link').getAttribute('href')).toBe('/course-details:1');
  });

  it('a failed data load shows an error with a retry', async () => {
    let fail = true;
    await renderLanding(5, 'public', () =>
      fail ? Promise.reject(new Error('offline')) : Promise.resolve(FEATURED_COURSES),
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Не вдалося завантажити програму курсу.');
    fail = false;
    await act(async () => {
      within(alert).getByRole('button', { name: 'Спробувати ще раз' }).click();
    });
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: FEATURED_COURSES.find((c) => c.id === 5)!.title,
      }),
    ).toBeTruthy();
  });
});
