import type { QuizQuestion } from './quiz-questions';

/** The state of one round of the quiz. */
export interface QuizState {
  /** Index of the question on screen; equals the number of questions once finished. */
  current: number;
  score: number;
  /** The option chosen for the current question, null until the player answers. */
  chosen: number | null;
  finished: boolean;
}

export type QuizAction =
  { type: 'answer'; option: number } | { type: 'next' } | { type: 'restart' };

export const initialQuizState: QuizState = { current: 0, score: 0, chosen: null, finished: false };

/**
 * The quiz rules: one answer per question (the first counts), a right answer
 * scores a point, 'next' moves on only after an answer, and after the last
 * question the round is finished until a restart.
 */
export function quizReducer(
  questions: readonly QuizQuestion[],
  state: QuizState,
  action: QuizAction,
): QuizState {
  switch (action.type) {
    case 'answer': {
      const question = questions[state.current];
      if (state.finished || state.chosen !== null || !question) return state;
      if (action.option < 0 || action.option >= question.options.length) return state;
      return {
        ...state,
        chosen: action.option,
        score: state.score + (action.option === question.answer ? 1 : 0),
      };
    }
    case 'next': {
      if (state.finished || state.chosen === null) return state;
      const current = state.current + 1;
      return { ...state, current, chosen: null, finished: current >= questions.length };
    }
    case 'restart':
      return initialQuizState;
  }
}
