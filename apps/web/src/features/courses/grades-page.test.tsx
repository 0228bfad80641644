import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LEARNING_API, ROUTES } from '@urok/contract';
import { createTestServices, type FakeReply } from '../../test/fake-api';
import { GradesPage } from './grades-page';
import { renderCoursePage, student } from './testing';

describe("/grades ('Мої оцінки')", () => {
  it('shows the calendar section with the grades, not while they load (it would move below them)', async () => {
    let answer: (reply: FakeReply) => void = () => {};
    const { services } = createTestServices({
      [`GET ${LEARNING_API.userGrades(student._id)}`]: () =>
        new Promise<FakeReply>((resolve) => (answer = resolve)),
    });
    await renderCoursePage(<GradesPage />, {
      services,
      user: student,
      route: ROUTES.grades,
      path: ROUTES.grades,
    });
    expect((await screen.findAllByRole('status')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Отримати посилання на календар' })).toBeNull();
    await act(async () => answer({ status: 200, body: { courses: [] } }));
    expect(
      await screen.findByRole('button', { name: 'Отримати посилання на календар' }),
    ).toBeTruthy();
  });

  it('shows a new calendar address once, to copy, and keeps it out of the store', async () => {
    const first = 'https://urok.example/api/calendar/secret-one.ics';
    const second = 'https://urok.example/api/calendar/secret-two.ics';
    let feeds = 0;
    const { services, calls } = createTestServices({
      [`GET ${LEARNING_API.userGrades(student._id)}`]: {
        status: 200,
        body: { courses: [] },
      },
      [`POST ${LEARNING_API.calendarFeed}`]: () => ({
        status: 201,
        body: { url: ++feeds === 1 ? first : second },
      }),
    });
    const { store } = await renderCoursePage(<GradesPage />, {
      services,
      user: student,
      route: ROUTES.grades,
      path: ROUTES.grades,
    });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Отримати посилання на календар' }));
    const field = await screen.findByLabelText<HTMLInputElement>('Приватне посилання на календар');
    expect(field.value).toBe(first);
    await user.click(screen.getByRole('button', { name: 'Копіювати' }));
    expect(await navigator.clipboard.readText()).toBe(first);
    expect(screen.getByRole('button', { name: 'Скопійовано.' })).toBeTruthy();

    // A new address replaces the old one, and is not 'copied' yet.
    await user.click(screen.getByRole('button', { name: 'Створити нове посилання' }));
    expect(await screen.findByDisplayValue(second)).toBe(field);
    expect(screen.getByRole('button', { name: 'Копіювати' })).toBeTruthy();

    expect(calls.filter((call) => call.url === LEARNING_API.calendarFeed)).toHaveLength(2);
    expect(JSON.stringify(store.getState())).not.toMatch(/secret-(one|two)/);
  });
});
