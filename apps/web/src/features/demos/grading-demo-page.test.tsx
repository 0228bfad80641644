import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GradingDemoPage } from './grading-demo-page';

async function setup() {
  await act(async () => {
    render(<GradingDemoPage />);
  });
  return userEvent.setup();
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('/test (demo grading page)', () => {
  it('lists the two demo students with their homework topics and a grade field each', async () => {
    await setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Grading demo' })).toBeTruthy();
    expect(document.title).toBe('Grading demo | Urok');
    const table = screen.getByRole('table', { name: 'Домашні завдання студентів' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(row('Олена Коваль')).getByText('Квадратні рівняння')).toBeTruthy();
    expect(screen.getByLabelText('Оцінка: Олена Коваль')).toBeTruthy();
    expect(screen.getByLabelText('Оцінка: Петро Шевченко')).toBeTruthy();
  });

  it("'Оцінити' with a blank grade does not lock the row and says why", async () => {
    const user = await setup();
    await user.click(within(row('Олена Коваль')).getByRole('button', { name: 'Оцінити' }));
    const input = screen.getByLabelText('Оцінка: Олена Коваль') as HTMLInputElement;
    expect(input.readOnly).toBe(false);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(within(row('Олена Коваль')).getByText('Введіть оцінку, щоб оцінити.')).toBeTruthy();
    expect(within(row('Олена Коваль')).getByRole('button', { name: 'Оцінити' })).toBeTruthy();
  });

  it("'Оцінити' with a grade locks that row for good; the other row stays open", async () => {
    const user = await setup();
    const input = screen.getByLabelText('Оцінка: Петро Шевченко') as HTMLInputElement;
    await user.type(input, '11');
    await user.click(within(row('Петро Шевченко')).getByRole('button', { name: 'Оцінити' }));
    expect(input.readOnly).toBe(true);
    expect(within(row('Петро Шевченко')).queryByRole('button', { name: 'Оцінити' })).toBeNull();
    expect(within(row('Петро Шевченко')).getByText('Оцінено')).toBeTruthy();
    await user.type(input, '9');
    expect(input.value).toBe('11');
    expect(within(row('Олена Коваль')).getByRole('button', { name: 'Оцінити' })).toBeTruthy();
  });

  it('Enter in a grade field grades too', async () => {
    const user = await setup();
    await user.type(screen.getByLabelText('Оцінка: Олена Коваль'), '12{Enter}');
    expect((screen.getByLabelText('Оцінка: Олена Коваль') as HTMLInputElement).readOnly).toBe(true);
  });

  it('adds course names to the local upload list, ignoring blank ones', async () => {
    const user = await setup();
    expect(screen.getByText('Список порожній.')).toBeTruthy();
    await user.type(screen.getByLabelText('Назва курсу'), 'Алгебра 9 клас');
    await user.click(screen.getByRole('button', { name: 'Додати' }));
    await user.click(screen.getByRole('button', { name: 'Додати' }));
    await user.type(screen.getByLabelText('Назва курсу'), 'Фізика{Enter}');
    const list = screen.getByRole('list', { name: 'Курси для завантаження' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Алгебра 9 клас', 'Фізика']);
    expect((screen.getByLabelText('Назва курсу') as HTMLInputElement).value).toBe('');
  });

  it('its logout button only shows an alert', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const user = await setup();
    await user.click(screen.getByRole('button', { name: 'Вийти з демо' }));
    expect(alert).toHaveBeenCalledWith('Це демонстраційна сторінка: вихід тут не виконується.');
    expect(screen.getByRole('heading', { level: 1, name: 'Grading demo' })).toBeTruthy();
  });
});
