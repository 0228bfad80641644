import { describe, expect, it } from 'vitest';
import { initialQuizState, quizReducer, type QuizState } from './quiz';
import { quizQuestions, type QuizQuestion } from './quiz-questions';

const QUIZ_QUESTIONS = quizQuestions();

const questions: QuizQuestion[] = [
  { id: 'q1', question: '1 + 1?', options: ['1', '2', '3', '4'], answer: 1, explanation: '' },
  { id: 'q2', question: '2 + 2?', options: ['4', '5', '6', '7'], answer: 0, explanation: '' },
];
const step = (state: QuizState, ...actions: Parameters<typeof quizReducer>[2][]) =>
  actions.reduce((current, action) => quizReducer(questions, current, action), state);

describe('the quiz rules', () => {
  it('ships 8 to 10 questions, each with a valid answer and distinct options', () => {
    expect(QUIZ_QUESTIONS.length).toBeGreaterThanOrEqual(8);
    expect(QUIZ_QUESTIONS.length).toBeLessThanOrEqual(10);
    expect(new Set(QUIZ_QUESTIONS.map((q) => q.id)).size).toBe(QUIZ_QUESTIONS.length);
    for (const question of QUIZ_QUESTIONS) {
      expect(question.options[question.answer]).toBeDefined();
      expect(new Set(question.options).size).toBe(question.options.length);
    }
  });

  it('a right answer scores a point, a wrong one does not', () => {
    expect(step(initialQuizState, { type: 'answer', option: 1 })).toMatchObject({
      score: 1,
      chosen: 1,
    });
    expect(step(initialQuizState, { type: 'answer', option: 2 })).toMatchObject({
      score: 0,
      chosen: 2,
    });
  });

  it('only the first answer to a question counts', () => {
    expect(
      step(initialQuizState, { type: 'answer', option: 0 }, { type: 'answer', option: 1 }),
    ).toMatchObject({ score: 0, chosen: 0 });
  });

  it("'next' moves on only after an answer", () => {
    expect(step(initialQuizState, { type: 'next' })).toBe(initialQuizState);
    expect(step(initialQuizState, { type: 'answer', option: 1 }, { type: 'next' })).toEqual({
      current: 1,
      score: 1,
      chosen: null,
      finished: false,
    });
  });

  it('finishes after the last question, then ignores answers until a restart', () => {
    const finished = step(
      initialQuizState,
      { type: 'answer', option: 1 },
      { type: 'next' },
      { type: 'answer', option: 0 },
      { type: 'next' },
    );
    expect(finished).toEqual({ current: 2, score: 2, chosen: null, finished: true });
    expect(step(finished, { type: 'answer', option: 0 }, { type: 'next' })).toBe(finished);
    expect(step(finished, { type: 'restart' })).toEqual(initialQuizState);
  });

  it('ignores an option that does not exist', () => {
    expect(step(initialQuizState, { type: 'answer', option: 7 })).toBe(initialQuizState);
  });
});
