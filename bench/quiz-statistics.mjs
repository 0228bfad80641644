#!/usr/bin/env node
// The statistics of a quiz of 30 questions over 1,000 submitted attempts
// (apps/server/src/features/quizzes/quiz-statistics.ts), in one process: the
// first call (cold: nothing compiled yet) and the median and worst of the
// calls after it, each as CPU time (process.cpuUsage) and wall time. The
// computation is synchronous on one thread, so its CPU time is what it costs
// whatever else the machine runs; the wall time says how long it took on this
// machine at this moment (on a shared, loaded host, many times more). The attempts are made up once, deterministically: every
// kind of question, answers as a class gives them (a few options, many
// different short answers, an essay text each). `npm run bench` reports it as
// one line; `node bench/quiz-statistics.mjs` prints the JSON alone.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const root = path.resolve(import.meta.dirname, '..');

export const QUIZ_STATISTICS = { attempts: 1000, questions: 30, runs: 20, targetMs: 300 };

/** A small deterministic generator (mulberry32), so every run measures the same attempts. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KINDS = [
  'single',
  'multiple',
  'truefalse',
  'short',
  'numeric',
  'matching',
  'ordering',
  'essay',
];

export function makeAttempts({ attempts, questions }) {
  const next = random(25);
  const bank = Array.from({ length: questions }, (_, i) => ({
    questionId: `q${String(i).padStart(2, '0')}`,
    kind: KINDS[i % KINDS.length],
    points: 1 + (i % 3),
    difficulty: next() * 2 - 1,
    title: `Питання ${i + 1}`,
  }));
  const list = Array.from({ length: attempts }, (_, a) => {
    const ability = next() * 4 - 2;
    const items = bank.map((question) => {
      const right = next() < 1 / (1 + Math.exp(question.difficulty - ability));
      const score = right ? question.points : next() < 0.3 ? question.points / 2 : 0;
      const answer =
        question.kind === 'essay'
          ? `Твір учня ${a}`
          : question.kind === 'short'
            ? right
              ? 'шевченко'
              : `відповідь ${Math.floor(next() * 200)}`
            : right
              ? 'a'
              : String.fromCharCode(98 + Math.floor(next() * 4));
      return {
        questionId: question.questionId,
        kind: question.kind,
        points: question.points,
        score,
        answer,
      };
    });
    return { score: items.reduce((sum, item) => sum + item.score, 0), questions: items };
  });
  const maxPoints = bank.reduce((sum, question) => sum + question.points, 0);
  return { maxPoints, attempts: list, questions: bank };
}

export async function benchQuizStatistics() {
  const { computeQuizStatistics } = await import(
    pathToFileURL(path.join(root, 'apps/server/src/features/quizzes/quiz-statistics.ts')).href
  );
  const input = makeAttempts(QUIZ_STATISTICS);
  const time = () => {
    const cpu = process.cpuUsage();
    const start = process.hrtime.bigint();
    const result = computeQuizStatistics(input);
    const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
    const used = process.cpuUsage(cpu);
    if (result.attempts !== QUIZ_STATISTICS.attempts) throw new Error('statistics miscounted');
    return { cpuMs: (used.user + used.system) / 1000, wallMs };
  };
  const cold = time();
  const warm = Array.from({ length: QUIZ_STATISTICS.runs }, time);
  const sorted = (key) => warm.map((run) => run[key]).sort((a, b) => a - b);
  const median = (key) => sorted(key)[warm.length >> 1];
  return {
    ...QUIZ_STATISTICS,
    cold,
    warmMedian: { cpuMs: median('cpuMs'), wallMs: median('wallMs') },
    warmMax: { cpuMs: sorted('cpuMs').at(-1), wallMs: sorted('wallMs').at(-1) },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href)
  console.log(JSON.stringify(await benchQuizStatistics()));
