import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import {
  ADMIN_API,
  adminMessages,
  messages,
  type AdminCourse,
  type AdminStats,
  type AdminUser,
  type AuditEntry,
  type DecidedApplication,
  type User,
} from '@urok/contract';
import { createAppStore } from '../../app/store';
import type { SignedInContext } from '../../lib/signed-in-user';
import {
  createTestServices,
  makeUser,
  type FakeHandler,
  type FakeReply,
} from '../../test/fake-api';
import { adminApi } from './admin-api';
import { AdminApplicationsPage } from './applications-page';
import { AdminAuditPage } from './audit-page';
import { AdminCoursesPage } from './courses-page';
import { AdminOverviewPage } from './overview-page';
import { AdminUsersPage } from './users-page';

const operator: User = makeUser({ _id: 'op', username: 'Оператор Платформи', isOperator: true });

async function renderPage(page: ReactNode, routes: Record<string, FakeReply | FakeHandler>) {
  const api = createTestServices({
    [`GET ${ADMIN_API.settings}`]: { status: 200, body: { timeZone: 'Europe/Kyiv' } },
    ...routes,
  });
  const store = createAppStore(api.services);
  // The school's time zone is asked once, before the page's own calls, which the tests follow.
  await store.dispatch(adminApi.endpoints.adminSettings.initiate());
  api.calls.splice(0);
  const context: SignedInContext = { user: operator };
  await act(async () => {
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/admin']}>
          <Routes>
            <Route element={<Outlet context={context} />}>
              <Route path="/admin" element={page} />
            </Route>
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
  });
  return { ...api, store, user: userEvent.setup() };
}

function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return { ...makeUser({ _id: 'u1', username: 'Андрій Мельник' }), isBlocked: false, ...overrides };
}

function makeApplication(overrides: Partial<DecidedApplication> = {}): DecidedApplication {
  return {
    _id: 'a1',
    fullName: 'Оксана Петренко',
    telephone: '+380671234567',
    email: 'oksana@example.com',
    subject: 'Математика',
    experience: '8 років у школі',
    motivation: 'Хочу ділитися знаннями з ширшою аудиторією.',
    status: 'pending',
    createdAt: '2026-01-02T10:00:00.000Z',
    decidedAt: null,
    decisionNote: '',
    ...overrides,
  };
}

describe('/admin (figures)', () => {
  it('shows the figures and an accessible bar chart of the last 30 days', async () => {
    const perDay = Array.from({ length: 30 }, (_, i) => ({
      day: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
      count: i === 29 ? 4 : i % 3,
    }));
    const stats: AdminStats = {
      users: { students: 12, teachers: 3, operators: 1 },
      courses: 7,
      submissions: { total: 40, last7Days: 9, perDay },
      applications: { pending: 2 },
      storageBytes: 3 * 1024 * 1024,
    };
    await renderPage(<AdminOverviewPage />, {
      [`GET ${ADMIN_API.stats}`]: { status: 200, body: stats },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Огляд платформи' })).toBeTruthy();
    expect(document.title).toBe('Огляд платформи | Urok');
    expect(screen.getByText('Студенти').nextElementSibling?.textContent).toBe('12');
    expect(screen.getByText('за 7 днів: 9')).toBeTruthy();
    expect(screen.getByText('3.0 МБ')).toBeTruthy();
    const pending = screen.getByRole('link', { name: /Заявки, що чекають/ });
    expect(pending.getAttribute('href')).toBe('/admin/applications');
    const chart = screen.getByRole('img', { name: /Надіслані роботи за останні 30 днів/ });
    const total = perDay.reduce((sum, d) => sum + d.count, 0);
    expect(chart.getAttribute('aria-labelledby')).toBeTruthy();
    expect(chart.querySelector('desc')?.textContent).toContain(`усього ${total} робіт`);
    expect(chart.querySelectorAll('rect')).toHaveLength(30);
    expect(chart.querySelectorAll('rect')[29]!.querySelector('title')?.textContent).toMatch(/: 4$/);
  });

  it("a failed load shows the server's message and retries", async () => {
    const replies: FakeReply[] = [
      { status: 500, body: { message: 'Збій' } },
      {
        status: 200,
        body: {
          users: { students: 0, teachers: 0, operators: 1 },
          courses: 0,
          submissions: { total: 0, last7Days: 0, perDay: [] },
          applications: { pending: 0 },
          storageBytes: 0,
        },
      },
    ];
    const { user } = await renderPage(<AdminOverviewPage />, {
      [`GET ${ADMIN_API.stats}`]: () => replies.shift()!,
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Збій');
    await user.click(within(alert).getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByText('Оператори')).toBeTruthy();
  });
});

describe('/admin/applications', () => {
  it('lists the pending queue with the full text, approves with a note, and drops it from the queue', async () => {
    const older = makeApplication({ _id: 'a1' });
    const newer = makeApplication({ _id: 'a2', fullName: 'Богдан Ткач', subject: 'Фізика' });
    let queue = [newer, older];
    const { calls, user } = await renderPage(<AdminApplicationsPage />, {
      [`GET ${ADMIN_API.applications}`]: () => ({ status: 200, body: { applications: queue } }),
      [`POST ${ADMIN_API.approve('a2')}`]: (call) => {
        queue = [older];
        return {
          status: 200,
          body: {
            application: {
              ...newer,
              status: 'approved',
              decisionNote: (call.body as { note: string }).note,
            },
          },
        };
      },
    });
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Богдан Ткач',
      'Оксана Петренко',
    ]);
    expect(calls[0]).toMatchObject({ url: ADMIN_API.applications, params: { status: 'pending' } });
    const card = screen.getByRole('article', { name: 'Богдан Ткач' });
    expect(within(card).getByText('Хочу ділитися знаннями з ширшою аудиторією.')).toBeTruthy();
    await user.type(within(card).getByLabelText('Примітка до рішення'), 'Досвід підтверджено');
    await user.click(within(card).getByRole('button', { name: 'Схвалити' }));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: ADMIN_API.approve('a2'),
      body: { note: 'Досвід підтверджено' },
    });
    expect(await screen.findByText('Заявку схвалено.')).toBeTruthy();
    // The queue is read again after the approval: the card goes when that answer arrives.
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Богдан Ткач' })).toBeNull());
  });

  it('a note over the limit is refused before sending; a decision taken elsewhere (409) reloads the queue', async () => {
    let decided = false;
    const { calls, user } = await renderPage(<AdminApplicationsPage />, {
      [`GET ${ADMIN_API.applications}`]: () => ({
        status: 200,
        body: { applications: decided ? [] : [makeApplication()] },
      }),
      [`POST ${ADMIN_API.reject('a1')}`]: () => {
        decided = true;
        return {
          status: 409,
          body: { message: 'Application a1 is already approved.', code: 'CONFLICT' },
        };
      },
    });
    const card = await screen.findByRole('article', { name: 'Оксана Петренко' });
    const note = within(card).getByLabelText('Примітка до рішення');
    await user.click(note);
    await user.paste('я'.repeat(1001));
    await user.click(within(card).getByRole('button', { name: 'Відхилити' }));
    expect(await within(card).findByText(messages.adminNoteTooLong)).toBeTruthy();
    expect(document.activeElement).toBe(note);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(note);
    await user.click(within(card).getByRole('button', { name: 'Відхилити' }));
    expect(await screen.findByText('Цю заявку вже розглянуто: список оновлено.')).toBeTruthy();
    expect(await screen.findByText('Заявок немає.')).toBeTruthy();
  });
});

describe('/admin/users', () => {
  it('searches by name or telephone with a role filter, and pages on', async () => {
    const { calls, user } = await renderPage(<AdminUsersPage />, {
      [`GET ${ADMIN_API.users}`]: (call) =>
        call.params?.cursor
          ? {
              status: 200,
              body: { users: [makeAdminUser({ _id: 'u3', username: 'Третій' })], nextCursor: null },
            }
          : {
              status: 200,
              body: {
                users: [
                  makeAdminUser(),
                  makeAdminUser({ _id: 'op', username: operator.username, isOperator: true }),
                ],
                nextCursor: 'next',
              },
            },
    });
    const table = await screen.findByRole('region', { name: 'Користувачі' });
    expect(
      within(table).getByRole('rowheader', { name: /Оператор Платформи/ }).textContent,
    ).toContain('Це ви');
    await user.selectOptions(screen.getByLabelText('Роль'), 'teacher');
    await user.type(screen.getByRole('searchbox', { name: "Ім'я або телефон" }), '0671');
    await user.click(screen.getByRole('button', { name: 'Знайти' }));
    expect(calls.at(-1)).toMatchObject({
      url: ADMIN_API.users,
      params: { q: '0671', role: 'teacher' },
    });
    await user.click(await screen.findByRole('button', { name: 'Показати ще' }));
    expect(await screen.findByRole('rowheader', { name: /Третій/ })).toBeTruthy();
    expect(calls.at(-1)?.params).toMatchObject({ cursor: 'next', q: '0671', role: 'teacher' });
  });

  it('blocks only after a confirmation, and an operator has no block action', async () => {
    const { calls, user } = await renderPage(<AdminUsersPage />, {
      [`GET ${ADMIN_API.users}`]: {
        status: 200,
        body: {
          users: [
            makeAdminUser(),
            makeAdminUser({ _id: 'o2', username: 'Інший Оператор', isOperator: true }),
          ],
          nextCursor: null,
        },
      },
      [`POST ${ADMIN_API.block('u1')}`]: {
        status: 200,
        body: { user: makeAdminUser({ isBlocked: true }) },
      },
    });
    await screen.findByRole('region', { name: 'Користувачі' });
    expect(screen.queryByRole('button', { name: 'Заблокувати: Інший Оператор' })).toBeNull();
    // Nor a reset link: the server refuses one for an operator's account.
    expect(
      screen.queryByRole('button', { name: 'Посилання для скидання пароля: Інший Оператор' }),
    ).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Зняти роль оператора: Інший Оператор' }),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Заблокувати: Андрій Мельник' }));
    const confirm = screen.getByRole('group', { name: /Заблокувати Андрій Мельник\?/ });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Скасувати' }));
    expect(screen.queryByRole('group', { name: /Заблокувати/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Заблокувати: Андрій Мельник' }));
    const again = screen.getByRole('group', { name: /Заблокувати Андрій Мельник\?/ });
    expect(document.activeElement).toBe(within(again).getByRole('button', { name: 'Заблокувати' }));
    await user.click(within(again).getByRole('button', { name: 'Заблокувати' }));
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: ADMIN_API.block('u1') });
    expect(await screen.findByText('Заблоковано')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Розблокувати: Андрій Мельник' })).toBeTruthy();
  });

  it("shows the server's refusal (the last operator) beside the account", async () => {
    const { user } = await renderPage(<AdminUsersPage />, {
      [`GET ${ADMIN_API.users}`]: {
        status: 200,
        body: {
          users: [makeAdminUser({ _id: 'op', username: operator.username, isOperator: true })],
          nextCursor: null,
        },
      },
      [`PUT ${ADMIN_API.userOperator('op')}`]: {
        status: 409,
        body: { message: messages.lastOperator, code: 'CONFLICT' },
      },
    });
    await user.click(
      await screen.findByRole('button', { name: `Зняти роль оператора: ${operator.username}` }),
    );
    await user.click(screen.getByRole('button', { name: 'Зняти роль оператора' }));
    expect((await screen.findByText(messages.lastOperator)).getAttribute('role')).toBe('alert');
  });

  it('shows a reset link once, with a copy button, and forgets it when closed', async () => {
    const url = 'https://urok.example/reset-password?token=abc';
    const { store, user } = await renderPage(<AdminUsersPage />, {
      [`GET ${ADMIN_API.users}`]: {
        status: 200,
        body: { users: [makeAdminUser()], nextCursor: null },
      },
      [`POST ${ADMIN_API.resetLink('u1')}`]: {
        status: 201,
        body: { url, expiresAt: '2026-01-02T11:00:00.000Z' },
      },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Посилання для скидання пароля: Андрій Мельник' }),
    );
    await user.click(screen.getByRole('button', { name: 'Посилання для скидання пароля' }));
    const field = await screen.findByLabelText('Одноразове посилання');
    expect((field as HTMLInputElement).value).toBe(url);
    expect(screen.getByText(/Показується лише зараз/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Копіювати' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(screen.getByRole('button', { name: 'Скопійовано' })).toBeTruthy();
    expect(JSON.stringify(store.getState())).not.toContain('token=abc');
    await user.click(screen.getByRole('button', { name: 'Закрити' }));
    expect(screen.queryByLabelText('Одноразове посилання')).toBeNull();
  });
});

describe('/admin/courses', () => {
  it('searches every course and hides one after a confirmation', async () => {
    const course: AdminCourse = {
      _id: 'c1',
      title: 'Python для початківців',
      description: 'Опис',
      category: 'Програмування',
      homeworkTask: '',
      homeworkDueAt: null,
      coverUrl: null,
      author: { _id: 't1', username: 'Олена Коваленко' },
      enrolledCount: 3,
      visibility: 'public',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      hidden: false,
    };
    const { calls, user } = await renderPage(<AdminCoursesPage />, {
      [`GET ${ADMIN_API.courses}`]: { status: 200, body: { courses: [course], nextCursor: null } },
      [`PUT ${ADMIN_API.courseVisibility('c1')}`]: (call) => ({
        status: 200,
        body: { course: { ...course, hidden: (call.body as { hidden: boolean }).hidden } },
      }),
    });
    const card = await screen.findByRole('article', { name: 'Python для початківців' });
    await user.type(screen.getByRole('searchbox', { name: 'Назва, опис або категорія' }), 'python');
    await user.click(screen.getByRole('button', { name: 'Знайти' }));
    expect(calls.at(-1)).toMatchObject({ url: ADMIN_API.courses, params: { q: 'python' } });
    await user.click(
      within(await screen.findByRole('article', { name: 'Python для початківців' })).getByRole(
        'button',
        { name: 'Приховати' },
      ),
    );
    const confirm = screen.getByRole('group', { name: /Приховати «Python для початківців»\?/ });
    await user.click(within(confirm).getByRole('button', { name: 'Приховати' }));
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', body: { hidden: true } });
    expect(await screen.findByText('Курс приховано.')).toBeTruthy();
    expect(screen.getByText('Приховано')).toBeTruthy();
    expect(card).toBeTruthy();
  });
});

describe('/admin/audit', () => {
  it('lists entries newest first with who, what and on what, and pages on', async () => {
    const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
      _id: 'e1',
      at: '2026-01-02T10:00:00.000Z',
      actor: {
        _id: 'op-7',
        username: 'Оператор Платформи',
        telephone: '+380671234567',
        kind: 'operator',
      },
      action: 'user.block',
      target: { type: 'user', _id: 'u1', label: 'Андрій Мельник (+380501110002)' },
      details: {},
      ...overrides,
    });
    const { calls, user } = await renderPage(<AdminAuditPage />, {
      [`GET ${ADMIN_API.audit}`]: (call) =>
        call.params?.cursor
          ? {
              status: 200,
              body: {
                entries: [
                  entry({
                    _id: 'e3',
                    actor: { _id: null, username: 'root', telephone: null, kind: 'cli' },
                    action: 'application.approve',
                    details: { note: 'Добре', teacher: { _id: 'u2', username: 'Оксана' } },
                  }),
                ],
                nextCursor: null,
              },
            }
          : {
              status: 200,
              body: {
                entries: [
                  entry({}),
                  entry({
                    _id: 'e2',
                    action: 'course.visibility',
                    details: { from: 'visible', to: 'hidden' },
                  }),
                ],
                nextCursor: 'more',
              },
            },
    });
    const table = await screen.findByRole('region', { name: 'Журнал дій' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Блокування', 'Видимість курсу']);
    expect(within(table).getAllByText('Оператор Платформи')).toHaveLength(2);
    // A name is the operator's to edit: the telephone they had then and their id name them.
    expect(within(table).getAllByText('тел. +380671234567')).toHaveLength(2);
    expect(within(table).getAllByText('ID op-7')).toHaveLength(2);
    // The details in Ukrainian: the names, and a change's values.
    expect(within(table).getByText('Було: у каталозі')).toBeTruthy();
    expect(within(table).getByText('Стало: прихований')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Показати ще' }));
    expect(await screen.findByText('Командний рядок (root)')).toBeTruthy();
    expect(screen.getByText('Викладач: Оксана')).toBeTruthy();
    expect(screen.getByText('Примітка: Добре')).toBeTruthy();
    expect(calls.at(-1)?.params).toEqual({ cursor: 'more' });
    expect(screen.queryByRole('button', { name: 'Показати ще' })).toBeNull();
  });
});

describe('the console’s times and decisions', () => {
  const blockEntry: AuditEntry = {
    _id: 'e9',
    // 22:30 UTC on 10 March is already 11 March, 00:30, in Kyiv (UTC+2).
    at: '2026-03-10T22:30:00.000Z',
    actor: { _id: 'op', username: 'Оператор Платформи', telephone: null, kind: 'operator' },
    action: 'user.block',
    target: { type: 'user', _id: 'u1', label: 'Андрій Мельник (+380501110002)' },
    details: { reason: 'Спам' },
  };

  it('shows times in the school’s time zone the server names, never UTC', async () => {
    await renderPage(<AdminAuditPage />, {
      [`GET ${ADMIN_API.settings}`]: { status: 200, body: { timeZone: 'Europe/Kyiv' } },
      [`GET ${ADMIN_API.audit}`]: {
        status: 200,
        body: { entries: [blockEntry], nextCursor: null },
      },
    });
    const time = await screen.findByText(/00:30/);
    expect(time.textContent).toMatch(/^11 бер\. 2026 р\., 00:30 GMT\+2$/);
    expect(time.textContent).not.toMatch(/UTC/);
    expect(screen.getByText('Причина: Спам')).toBeTruthy();
  });

  it('follows another zone when the server is set to one', async () => {
    await renderPage(<AdminAuditPage />, {
      [`GET ${ADMIN_API.settings}`]: { status: 200, body: { timeZone: 'America/New_York' } },
      [`GET ${ADMIN_API.audit}`]: {
        status: 200,
        body: { entries: [blockEntry], nextCursor: null },
      },
    });
    expect(await screen.findByText(/10 бер\. 2026 р\., 18:30 GMT-4/)).toBeTruthy();
  });

  it('filters the audit log by who, what and the days, and shows the server’s refusal', async () => {
    const { calls, user } = await renderPage(<AdminAuditPage />, {
      [`GET ${ADMIN_API.audit}`]: (call) =>
        call.params?.from === '2026-03-12'
          ? { status: 400, body: { message: messages.auditRangeInvalid } }
          : { status: 200, body: { entries: [blockEntry], nextCursor: null } },
    });
    await screen.findByRole('region', { name: 'Журнал дій' });
    const filters = screen.getByRole('search', { name: adminMessages.auditFilterHeading });
    await user.type(within(filters).getByLabelText(adminMessages.auditFilterActor), ' Оператор ');
    await user.selectOptions(
      within(filters).getByLabelText(adminMessages.auditFilterAction),
      'Блокування',
    );
    await user.type(within(filters).getByLabelText(adminMessages.auditFilterFrom), '2026-03-11');
    await user.type(within(filters).getByLabelText(adminMessages.auditFilterTo), '2026-03-11');
    await user.click(within(filters).getByRole('button', { name: adminMessages.auditFilterApply }));
    await waitFor(() =>
      expect(calls.at(-1)?.params).toEqual({
        actor: 'Оператор',
        action: 'user.block',
        from: '2026-03-11',
        to: '2026-03-11',
      }),
    );
    const from = within(filters).getByLabelText(adminMessages.auditFilterFrom);
    await user.clear(from);
    await user.type(from, '2026-03-12');
    await user.click(within(filters).getByRole('button', { name: adminMessages.auditFilterApply }));
    expect(await screen.findByText(messages.auditRangeInvalid)).toBeTruthy();
    await user.click(within(filters).getByRole('button', { name: adminMessages.auditFilterReset }));
    await waitFor(() => expect(calls.at(-1)?.params).toEqual({}));
  });

  it('sends an operator’s reason with a block, and none when left empty', async () => {
    const { calls, user } = await renderPage(<AdminUsersPage />, {
      [`GET ${ADMIN_API.users}`]: {
        status: 200,
        body: {
          users: [makeAdminUser(), makeAdminUser({ _id: 'u2', username: 'Олег Бойко' })],
          nextCursor: null,
        },
      },
      [`POST ${ADMIN_API.block('u1')}`]: {
        status: 200,
        body: { user: makeAdminUser({ isBlocked: true }) },
      },
      [`POST ${ADMIN_API.block('u2')}`]: {
        status: 200,
        body: { user: makeAdminUser({ _id: 'u2', username: 'Олег Бойко', isBlocked: true }) },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Заблокувати: Андрій Мельник' }));
    const box = screen.getByRole('group', { name: /Заблокувати Андрій Мельник\?/ });
    await user.type(within(box).getByLabelText(adminMessages.reasonLabel), '  Спам у коментарях ');
    await user.click(within(box).getByRole('button', { name: 'Заблокувати' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === ADMIN_API.block('u1'))?.body).toEqual({
        reason: 'Спам у коментарях',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Заблокувати: Олег Бойко' }));
    const second = screen.getByRole('group', { name: /Заблокувати Олег Бойко\?/ });
    await user.click(within(second).getByRole('button', { name: 'Заблокувати' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === ADMIN_API.block('u2'))?.body).toEqual({}),
    );
  });
});
