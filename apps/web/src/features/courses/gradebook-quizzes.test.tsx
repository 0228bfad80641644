import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, LEARNING_API, ROUTES } from '@urok/contract';
import type { Gradebook as GradebookData, UserGrades } from '@urok/contract/schemas';
import { createTestServices } from '../../test/fake-api';
import { Gradebook } from './gradebook';
import { GradesPage } from './grades-page';
import { makeCourse, renderCoursePage, student, teacher } from './testing';

const quizColumn = {
  _id: 'q1',
  kind: 'quiz' as const,
  title: 'Контрольна з кінематики',
  maxPoints: 10,
  dueAt: null,
};
const essayColumn = { ...quizColumn, _id: 'q2', title: 'Твір-роздум', maxPoints: 7.5 };

const gradebook: GradebookData = {
  assignments: [
    {
      _id: 'a1',
      kind: 'assignment',
      title: 'Лабораторна 1',
      maxPoints: 20,
      dueAt: null,
    },
    quizColumn,
    essayColumn,
  ],
  students: [
    {
      _id: 's1',
      username: 'Олена Петренко',
      percent: 70,
      cells: {
        a1: { status: 'missing', points: null, grade: null, homeworkId: null },
        q1: {
          status: 'graded',
          points: 7,
          grade: '7',
          homeworkId: null,
          attemptId: 'at1',
          openAttemptId: 'at9',
        },
        q2: {
          status: 'submitted',
          points: 2.5,
          grade: '2,5',
          homeworkId: null,
          attemptId: 'at2',
          openAttemptId: null,
        },
      },
    },
    {
      _id: 's2',
      username: 'Петро Іваненко',
      percent: null,
      cells: {
        a1: { status: 'missing', points: null, grade: null, homeworkId: null },
        q1: {
          status: 'missing',
          points: null,
          grade: null,
          homeworkId: null,
          attemptId: null,
          openAttemptId: 'at3',
        },
        q2: {
          status: 'missing',
          points: null,
          grade: null,
          homeworkId: null,
          attemptId: null,
          openAttemptId: null,
        },
      },
    },
  ],
};

describe('quizzes in the gradebook', () => {
  it('shows each quiz as a column with its points out of its maximum, its state and the attempt', async () => {
    const { services } = createTestServices({
      [`GET ${API.createdCourses}`]: { status: 200, body: { createdCourses: [makeCourse()] } },
      [`GET ${LEARNING_API.gradebook('c1')}`]: { status: 200, body: gradebook },
    });
    await renderCoursePage(<Gradebook courseId="c1" title="Фізика" />, {
      services,
      user: teacher,
      route: ROUTES.gradebook(':id'),
      path: ROUTES.gradebook('c1'),
    });

    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Студент',
      'Лабораторна 1Максимум 20 балів',
      'Контрольна з кінематикиТест · Максимум 10 балів',
      'Твір-роздумТест · Максимум 7,5 балів',
      '%',
    ]);
    expect(
      within(table).getByRole('link', { name: 'Контрольна з кінематики' }).getAttribute('href'),
    ).toBe(ROUTES.quiz('c1', 'q1'));

    const [, olena, petro] = within(table).getAllByRole('row');
    const olenaCells = within(olena!).getAllByRole('cell');
    // The assignment keeps its own cell; each quiz shows '7 / 10' and its state.
    expect(olenaCells[0]!.textContent).toBe('не здано');
    expect(olenaCells[1]!.textContent).toBe('7 / 10оціненоспроба триває');
    expect(olenaCells[2]!.textContent).toBe('2,5 / 7,5есе чекає перевірки');
    // The counted attempt opens for review (a retake in progress does not hide it).
    expect(
      within(olenaCells[1]!)
        .getByRole('link', {
          name: '7 / 10, оцінено, спроба триває — Спроба: Олена Петренко, «Контрольна з кінематики»',
        })
        .getAttribute('href'),
    ).toBe(ROUTES.quizAttempt('c1', 'q1', 'at1'));
    expect(within(olenaCells[2]!).getByRole('link').getAttribute('href')).toBe(
      ROUTES.quizAttempt('c1', 'q2', 'at2'),
    );

    const petroCells = within(petro!).getAllByRole('cell');
    expect(petroCells[1]!.textContent).toBe('спроба триває');
    expect(within(petroCells[1]!).getByRole('link').getAttribute('href')).toBe(
      ROUTES.quizAttempt('c1', 'q1', 'at3'),
    );
    // Not attempted: a state and nothing to open.
    expect(petroCells[2]!.textContent).toBe('не розпочато');
    expect(within(petroCells[2]!).queryByRole('link')).toBeNull();

    // Opening a cell goes to the attempt's page.
    await userEvent.setup().click(within(petroCells[1]!).getByRole('link'));
    expect(screen.getByTestId('location').textContent).toBe(ROUTES.quizAttempt('c1', 'q1', 'at3'));
  });

  it("lists a student's quizzes in 'Мої оцінки' with their points and state", async () => {
    const item = (overrides: Partial<UserGrades['courses'][number]['assignments'][number]>) => ({
      ...quizColumn,
      status: 'missing' as const,
      points: null,
      grade: null,
      feedback: null,
      attemptId: null,
      openAttemptId: null,
      ...overrides,
    });
    const grades: UserGrades = {
      courses: [
        {
          _id: 'c1',
          title: 'Фізика, 9 клас',
          percent: 70,
          assignments: [
            item({ status: 'graded', points: 7, grade: '7', attemptId: 'at1' }),
            item({
              _id: 'q2',
              title: 'Твір-роздум',
              maxPoints: 7.5,
              status: 'submitted',
              points: 2.5,
            }),
            item({ _id: 'q3', title: 'Тест про сили', openAttemptId: 'at4' }),
            item({ _id: 'q4', title: 'Підсумковий тест' }),
          ],
        },
      ],
    };
    const { services } = createTestServices({
      [`GET ${LEARNING_API.userGrades(student._id)}`]: { status: 200, body: grades },
    });
    await renderCoursePage(<GradesPage />, {
      services,
      user: student,
      route: ROUTES.grades,
      path: ROUTES.grades,
    });

    const items = await screen.findAllByRole('listitem');
    expect(items.map((entry) => entry.textContent)).toEqual([
      'Контрольна з кінематикиТест · Без терміну7 / 10оцінено',
      'Твір-роздумТест · Без терміну2,5 / 7,5есе чекає перевірки',
      'Тест про силиТест · Без терміну—спроба триває',
      'Підсумковий тестТест · Без терміну—не розпочато',
    ]);
    expect(
      within(items[0]!).getByRole('link', { name: 'Контрольна з кінематики' }).getAttribute('href'),
    ).toBe(ROUTES.quiz('c1', 'q1'));
  });
});
