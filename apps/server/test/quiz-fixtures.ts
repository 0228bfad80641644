import type { Attempt, Question, Quiz } from '@urok/contract/schemas';
import type { AppInstance } from '../src/app.ts';
import { bearer, type Account } from './helpers.ts';
import { paragraphDoc } from './content-fixtures.ts';

/** A clock a test moves by hand: the app's `now`. */
export class TestClock {
  constructor(public ms = Date.parse('2026-11-25T09:00:00.000Z')) {}
  readonly now = () => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
  iso(offsetMs = 0): string {
    return new Date(this.ms + offsetMs).toISOString();
  }
}

export const MINUTE = 60_000;

/** One question of each kind, with keys a test can answer by heart. */
export const SAMPLE_QUESTIONS: Record<string, Record<string, unknown>> = {
  single: {
    kind: 'single',
    text: paragraphDoc('Столиця України?'),
    options: [
      { id: 'a', text: 'Київ' },
      { id: 'b', text: 'Львів' },
      { id: 'c', text: 'Харків' },
    ],
    correct: ['a'],
    explanation: paragraphDoc('Київ — столиця з 1934 року.'),
  },
  multiple: {
    kind: 'multiple',
    text: paragraphDoc('Прості числа?'),
    points: 3,
    options: [
      { id: 'a', text: '2' },
      { id: 'b', text: '3' },
      { id: 'c', text: '5' },
      { id: 'd', text: '4' },
    ],
    correct: ['a', 'b', 'c'],
  },
  truefalse: { kind: 'truefalse', text: paragraphDoc('Земля кругла.'), correct: true },
  short: { kind: 'short', text: paragraphDoc('Рослина?'), accepted: ["м'ята", 'мента'] },
  numeric: {
    kind: 'numeric',
    text: paragraphDoc('g = ?'),
    points: 2,
    value: 9.81,
    tolerance: 0.01,
  },
  matching: {
    kind: 'matching',
    text: paragraphDoc('Столиці'),
    points: 2,
    pairs: [
      { left: 'Україна', right: 'Київ' },
      { left: 'Польща', right: 'Варшава' },
    ],
  },
  ordering: {
    kind: 'ordering',
    text: paragraphDoc('Від меншого'),
    points: 4,
    items: ['1', '2', '3', '4'],
  },
  essay: { kind: 'essay', text: paragraphDoc('Есе про осінь'), points: 5 },
};

async function call(
  app: AppInstance,
  account: Account,
  method: string,
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method: method as 'GET',
    url: `/api/${url}`,
    headers: bearer(account.token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export async function addQuestion(
  app: AppInstance,
  author: Account,
  courseId: string,
  body: Record<string, unknown>,
): Promise<Question> {
  const response = await call(app, author, 'POST', `courses/${courseId}/questions`, body);
  if (response.statusCode !== 201)
    throw new Error(`add question failed: ${response.statusCode} ${response.body}`);
  return response.json().question as Question;
}

export async function addQuiz(
  app: AppInstance,
  author: Account,
  courseId: string,
  body: Record<string, unknown>,
): Promise<Quiz> {
  const response = await call(app, author, 'POST', `courses/${courseId}/quizzes`, body);
  if (response.statusCode !== 201)
    throw new Error(`add quiz failed: ${response.statusCode} ${response.body}`);
  return response.json().quiz as Quiz;
}

export async function startAttempt(app: AppInstance, student: Account, quizId: string) {
  const response = await call(app, student, 'POST', `quizzes/${quizId}/attempts`);
  if (response.statusCode !== 201 && response.statusCode !== 200)
    throw new Error(`start attempt failed: ${response.statusCode} ${response.body}`);
  return response.json().attempt as Attempt;
}

export function answerSlot(
  app: AppInstance,
  student: Account,
  attemptId: string,
  slot: number,
  answer: unknown,
) {
  return call(app, student, 'PUT', `attempts/${attemptId}/answers/${slot}`, { answer });
}

export async function submit(app: AppInstance, student: Account, attemptId: string) {
  const response = await call(app, student, 'POST', `attempts/${attemptId}/submit`);
  if (response.statusCode !== 200)
    throw new Error(`submit failed: ${response.statusCode} ${response.body}`);
  return response.json().attempt as Attempt;
}

export { call as quizCall };
