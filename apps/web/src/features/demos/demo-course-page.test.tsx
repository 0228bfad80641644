import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { DemoCoursePage } from './demo-course-page';

async function renderAt(path: string) {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/course/:id" element={<DemoCoursePage />} />
        </Routes>
      </MemoryRouter>,
    );
  });
}

describe('/course/{id}', () => {
  it('shows the demo course: logo, company, title, description and profession', async () => {
    await renderAt('/course/4');
    expect(screen.getByRole('heading', { level: 1, name: 'JavaScript з нуля' })).toBeTruthy();
    expect(screen.getByText('Lviv Soft')).toBeTruthy();
    expect(screen.getByText('Frontend-розробник')).toBeTruthy();
    expect(screen.getByText(/Фінальний проєкт/)).toBeTruthy();
    const logo = document.querySelector('article img');
    expect(logo?.getAttribute('width')).toBe('56');
    expect(document.title).toBe('JavaScript з нуля | Urok');
  });

  it('links to the other demo courses, which open in place', async () => {
    await renderAt('/course/1');
    const links = screen
      .getByRole('navigation', { name: 'Other demo courses' })
      .querySelectorAll('a');
    expect(links).toHaveLength(10);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Екологія міста' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Екологія міста' })).toBeTruthy();
  });

  it.each(['/course/12', '/course/0', '/course/abc'])(
    "%s says 'Курс не знайдено' (no dot)",
    async (path) => {
      await renderAt(path);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Курс не знайдено');
    },
  );
});
