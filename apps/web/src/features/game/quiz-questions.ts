import { gameCopy, type QuizQuestion } from '@urok/contract';

export type { QuizQuestion };

/** The questions of /game, about learning and school subjects, in the active language. */
export function quizQuestions(): readonly QuizQuestion[] {
  return gameCopy.questions;
}
