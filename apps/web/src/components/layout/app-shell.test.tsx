import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { STORAGE_KEYS } from '@urok/contract';
import { AppShell } from './app-shell';

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

async function renderShell({ isAdmin = false, isOperator = false } = {}) {
  const onLogout = vi.fn();
  await act(async () => {
    render(
      <MemoryRouter initialEntries={['/my-courselist']}>
        <AppShell user={{ username: 'olena', isAdmin, isOperator }} onLogout={onLogout}>
          <p>content</p>
          <Location />
        </AppShell>
      </MemoryRouter>,
    );
  });
  return { onLogout, user: userEvent.setup() };
}

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });

function mockDesktop(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('signed-in shell', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("student sidebar: 'MENU', the 'Курси' group, 'OTHERS' with 'Профіль' and logout", async () => {
    const { onLogout, user } = await renderShell();
    const sidebar = within(nav());
    expect(sidebar.getByRole('heading', { name: 'MENU' })).toBeTruthy();
    expect(sidebar.getByRole('heading', { name: 'OTHERS' })).toBeTruthy();
    expect(sidebar.getByRole('button', { name: 'Курси' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(sidebar.getByRole('link', { name: 'Всі курси' }).getAttribute('href')).toBe(
      '/course-grid-page',
    );
    expect(sidebar.getByRole('link', { name: 'Мої курси' }).getAttribute('href')).toBe(
      '/my-courselist',
    );
    expect(sidebar.queryByRole('link', { name: 'Створити курс' })).toBeNull();
    expect(sidebar.getByRole('link', { name: 'Профіль' }).getAttribute('href')).toBe('/settings');
    await user.click(sidebar.getByRole('button', { name: 'Вийти з кабінету' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it("an operator's sidebar has the 'ОПЕРАТОР' section with the console's pages; nobody else's does", async () => {
    await renderShell({ isOperator: true });
    const sidebar = within(nav());
    expect(sidebar.getByRole('heading', { name: 'ОПЕРАТОР' })).toBeTruthy();
    expect(
      [
        ['Огляд', '/admin'],
        ['Заявки', '/admin/applications'],
        ['Користувачі', '/admin/users'],
        ['Курси платформи', '/admin/courses'],
        ['Журнал дій', '/admin/audit'],
      ].map(([name]) => sidebar.getByRole('link', { name }).getAttribute('href')),
    ).toEqual(['/admin', '/admin/applications', '/admin/users', '/admin/courses', '/admin/audit']);
  });

  it("no 'ОПЕРАТОР' section for a teacher or a student", async () => {
    await renderShell({ isAdmin: true });
    expect(within(nav()).queryByRole('heading', { name: 'ОПЕРАТОР' })).toBeNull();
    expect(within(nav()).queryByRole('link', { name: 'Журнал дій' })).toBeNull();
  });

  it("teacher sidebar: 'TEACHER MENU' and 'Створити курс'", async () => {
    await renderShell({ isAdmin: true });
    const sidebar = within(nav());
    expect(sidebar.getByRole('heading', { name: 'TEACHER MENU' })).toBeTruthy();
    expect(sidebar.getByRole('link', { name: 'Створити курс' }).getAttribute('href')).toBe(
      '/courseCreate',
    );
  });

  it("the 'Курси' group collapses and expands", async () => {
    const { user } = await renderShell();
    const toggle = within(nav()).getByRole('button', { name: 'Курси' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(nav()).queryByRole('link', { name: 'Всі курси' })).toBeNull();
    await user.click(toggle);
    expect(within(nav()).getByRole('link', { name: 'Всі курси' })).toBeTruthy();
  });

  it('user menu: username and role label, four items, Escape closes it', async () => {
    const { onLogout, user } = await renderShell({ isAdmin: true });
    const button = screen.getByRole('button', { name: /olena/ });
    expect(button.textContent).toContain('Викладач');
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    await user.click(button);
    const menu = screen.getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'My Profile',
      'My Contacts',
      'Account Settings',
      'Log Out',
    ]);
    expect(items.slice(0, 3).map((item) => item.getAttribute('href'))).toEqual([
      '/profile',
      '/contacts',
      '/settings',
    ]);
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);

    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Log Out' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it("the student's role label is 'Студент'", async () => {
    await renderShell();
    expect(screen.getByRole('button', { name: /olena/ }).textContent).toContain('Студент');
  });

  it('the header search goes to /course-grid-page?q=…', async () => {
    const { user } = await renderShell();
    const search = screen.getByRole('search');
    await user.type(within(search).getByLabelText('Пошук курсів'), 'react basics{Enter}');
    expect(screen.getByTestId('location').textContent).toBe('/course-grid-page?q=react+basics');
  });

  it('mobile drawer: the menu button opens it, Escape or a click outside closes it; the state persists', async () => {
    const { user } = await renderShell();
    const open = screen.getByRole('button', { name: 'Відкрити меню' });
    const sidebar = document.getElementById(open.getAttribute('aria-controls') ?? '')!;
    expect(open.getAttribute('aria-expanded')).toBe('false');
    expect(sidebar.className).toContain('invisible');

    await user.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(sidebar.className).not.toContain('invisible');
    expect(window.localStorage.getItem(STORAGE_KEYS.sidebarOpen)).toBe('true');

    await user.keyboard('{Escape}');
    expect(open.getAttribute('aria-expanded')).toBe('false');
    expect(window.localStorage.getItem(STORAGE_KEYS.sidebarOpen)).toBe('false');

    await user.click(open);
    fireEvent.pointerDown(sidebar);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(screen.getByText('content'));
    expect(open.getAttribute('aria-expanded')).toBe('false');
  });

  it('a persisted open drawer is open after a reload', async () => {
    window.localStorage.setItem(STORAGE_KEYS.sidebarOpen, 'true');
    await renderShell();
    expect(
      screen.getByRole('button', { name: 'Відкрити меню' }).getAttribute('aria-expanded'),
    ).toBe('true');
  });

  it("desktop: the 'sidebar-expanded' flag persists and collapses the sidebar to a rail", async () => {
    mockDesktop(true);
    const { user } = await renderShell();
    const collapse = screen.getByRole('button', { name: 'Згорнути бічну панель' });
    expect(window.localStorage.getItem(STORAGE_KEYS.sidebarExpanded)).toBe('true');
    await user.click(collapse);
    expect(window.localStorage.getItem(STORAGE_KEYS.sidebarExpanded)).toBe('false');
    expect(
      screen.getByRole('button', { name: 'Розгорнути бічну панель' }).getAttribute('aria-expanded'),
    ).toBe('false');
    // Labels stay for screen readers; the group's links hide until the rail expands.
    expect(within(nav()).queryByRole('link', { name: 'Всі курси' })).toBeNull();
    await user.click(within(nav()).getByRole('button', { name: 'Курси' }));
    expect(window.localStorage.getItem(STORAGE_KEYS.sidebarExpanded)).toBe('true');
    expect(within(nav()).getByRole('link', { name: 'Всі курси' })).toBeTruthy();
  });
});
