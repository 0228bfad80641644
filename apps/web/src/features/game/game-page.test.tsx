import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GamePage } from './game-page';
import { quizQuestions } from './quiz-questions';

const QUIZ_QUESTIONS = quizQuestions();

async function setup() {
  await act(async () => {
    render(<GamePage />);
  });
  return userEvent.setup();
}

const progress = () => screen.getByRole('progressbar', { name: 'Прогрес вікторини' });

describe('/game', () => {
  it('shows the first question with its progress and score', async () => {
    await setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Game' })).toBeTruthy();
    expect(document.title).toBe('Game | Urok');
    expect(screen.getByText(`Питання 1 з ${QUIZ_QUESTIONS.length}`)).toBeTruthy();
    expect(screen.getByText('Рахунок: 0')).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 2, name: QUIZ_QUESTIONS[0]!.question }),
    ).toBeTruthy();
    expect(progress().getAttribute('aria-valuenow')).toBe('0');
  });

  it('gives feedback per answer, then moves on with the score kept', async () => {
    const user = await setup();
    const first = QUIZ_QUESTIONS[0]!;
    await user.click(screen.getByRole('button', { name: first.options[first.answer]! }));
    expect(screen.getByRole('status').textContent).toContain('Правильно!');
    expect(screen.getByText('Рахунок: 1')).toBeTruthy();
    expect(progress().getAttribute('aria-valuenow')).toBe('1');
    // The answered options are locked; the next step has the focus.
    for (const option of first.options)
      expect(
        (screen.getByRole('button', { name: new RegExp(`^${option}`) }) as HTMLButtonElement)
          .disabled,
      ).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Наступне питання' }));

    await user.click(screen.getByRole('button', { name: 'Наступне питання' }));
    const second = QUIZ_QUESTIONS[1]!;
    expect(screen.getByText(`Питання 2 з ${QUIZ_QUESTIONS.length}`)).toBeTruthy();
    const wrong = second.options.find((_, index) => index !== second.answer)!;
    await user.click(screen.getByRole('button', { name: wrong }));
    expect(screen.getByRole('status').textContent).toContain(
      `Неправильно. Правильна відповідь: ${second.options[second.answer]}.`,
    );
    expect(screen.getByText('Рахунок: 1')).toBeTruthy();
  });

  it('ends with the result and a replay that starts over', async () => {
    const user = await setup();
    for (const [index, question] of QUIZ_QUESTIONS.entries()) {
      // Right answers except the first one.
      const option =
        index === 0
          ? question.options.find((_, i) => i !== question.answer)!
          : question.options[question.answer]!;
      await user.click(screen.getByRole('button', { name: option }));
      const last = index === QUIZ_QUESTIONS.length - 1;
      await user.click(
        screen.getByRole('button', { name: last ? 'Показати результат' : 'Наступне питання' }),
      );
    }
    const total = QUIZ_QUESTIONS.length;
    expect(screen.getByRole('heading', { level: 2, name: 'Вікторину завершено' })).toBeTruthy();
    expect(screen.getByText(`Ваш результат: ${total - 1} з ${total}`)).toBeTruthy();
    expect(progress().getAttribute('aria-valuenow')).toBe(String(total));

    await user.click(screen.getByRole('button', { name: 'Зіграти ще раз' }));
    expect(screen.getByText(`Питання 1 з ${total}`)).toBeTruthy();
    expect(screen.getByText('Рахунок: 0')).toBeTruthy();
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 2, name: QUIZ_QUESTIONS[0]!.question }),
    );
  });
});
