import { QUIZ_ROUTES } from '@urok/contract';

export const quizPath = QUIZ_ROUTES.quiz;
export const attemptPath = QUIZ_ROUTES.attempt;
export const questionBankPath = QUIZ_ROUTES.questionBank;
