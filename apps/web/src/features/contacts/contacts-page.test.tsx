import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, type Contact } from '@urok/contract';
import { createTestServices, makeUser, type FakeReply } from '../../test/fake-api';
import { renderWithStore } from '../../test/render';
import { ContactsPage } from './contacts-page';

const anna: Contact = {
  _id: 't1',
  username: 'Анна Мельник',
  telephone: '+380501112233',
  email: 'anna@example.com',
  courses: [
    { _id: 'c1', title: 'Алгебра' },
    { _id: 'c2', title: 'Геометрія' },
  ],
};
const petro: Contact = {
  _id: 't2',
  username: 'Петро',
  telephone: '+380671112233',
  email: '',
  courses: [{ _id: 'c3', title: 'Фізика' }],
};

async function setup(replies: FakeReply[], viewer: 'student' | 'teacher' = 'student') {
  const queue = [...replies];
  const api = createTestServices({
    [`GET ${API.contacts}`]: () => queue.shift() ?? { status: 500 },
  });
  const user = makeUser({ isAdmin: viewer === 'teacher' });
  const view = await renderWithStore(<ContactsPage viewer={viewer} />, {
    services: api.services,
    path: '/contacts',
    preloadedState: {
      auth: {
        data: { token: 't', user },
        status: 'loaded',
        isAuthenticated: true,
        errorMessage: null,
      },
    },
  });
  return { ...api, ...view };
}

describe('/contacts (My Contacts)', () => {
  it("lists a student's teachers with telephone, email and the shared courses", async () => {
    const { calls } = await setup([{ status: 200, body: { contacts: [anna, petro] } }]);
    expect(screen.getByRole('heading', { level: 1, name: 'My Contacts' })).toBeTruthy();
    expect(document.title).toBe('My Contacts | Urok');
    expect(screen.getByText('Викладачі курсів, на які ви записані.')).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'GET', url: 'contacts' });

    const card = await screen.findByRole('article', { name: 'Анна Мельник' });
    expect(within(card).getByRole('link', { name: '+380501112233' }).getAttribute('href')).toBe(
      'tel:+380501112233',
    );
    expect(within(card).getByRole('link', { name: 'anna@example.com' }).getAttribute('href')).toBe(
      'mailto:anna@example.com',
    );
    expect(within(card).getByRole('link', { name: 'Геометрія' }).getAttribute('href')).toBe(
      '/mycourse-details/c2',
    );
    // No email: a dash, not an empty mailto link.
    const second = screen.getByRole('article', { name: 'Петро' });
    expect(within(second).queryByRole('link', { name: /@/ })).toBeNull();
    expect(within(second).getByText('—')).toBeTruthy();
  });

  it("a teacher's page speaks of students; an empty list says how contacts appear", async () => {
    await setup([{ status: 200, body: { contacts: [] } }], 'teacher');
    expect(screen.getByText('Студенти, записані на ваші курси.')).toBeTruthy();
    expect(await screen.findByText(/коли студенти запишуться на ваші курси/)).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('an empty student list points to the catalogue', async () => {
    await setup([{ status: 200, body: { contacts: [] } }]);
    expect(
      (await screen.findByRole('link', { name: 'Переглянути всі курси' })).getAttribute('href'),
    ).toBe('/course-grid-page');
  });

  it("a failure shows the server's message with a retry that loads again", async () => {
    await setup([
      { status: 401, body: { message: 'Увійдіть, щоб продовжити.', code: 'UNAUTHORIZED' } },
      { status: 200, body: { contacts: [anna] } },
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Увійдіть, щоб продовжити.');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByRole('article', { name: 'Анна Мельник' })).toBeTruthy();
  });
});
