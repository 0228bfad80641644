import { useEffect, useReducer, useRef } from 'react';
import { messages, siteMessages } from '@urok/contract';
import { Button } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/document-title';
import { initialQuizState, quizReducer, type QuizAction, type QuizState } from './quiz';
import { quizQuestions, type QuizQuestion } from './quiz-questions';

function verdict(score: number, total: number): string {
  if (score >= total * 0.8) return siteMessages.gameVerdictGreat;
  if (score >= total * 0.5) return siteMessages.gameVerdictGood;
  return siteMessages.gameVerdictTryAgain;
}

/** /game: a short quiz with a score, progress, feedback per answer and a replay. */
export function GamePage({ questions = quizQuestions() }: { questions?: readonly QuizQuestion[] }) {
  useDocumentTitle(messages.pageGame);
  const [state, dispatch] = useReducer(
    (current: QuizState, action: QuizAction) => quizReducer(questions, current, action),
    initialQuizState,
  );
  const total = questions.length;
  const question = questions[state.current];
  const answered = state.chosen !== null;
  const questionRef = useRef<HTMLHeadingElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  // Focus follows the game: the answered options are disabled, so the next step takes it.
  const focusTarget = useRef<'question' | 'next' | 'result' | null>(null);

  useEffect(() => {
    const target = focusTarget.current;
    focusTarget.current = null;
    if (target === 'question') questionRef.current?.focus();
    if (target === 'next') nextRef.current?.focus();
    if (target === 'result') resultRef.current?.focus();
  }, [state]);

  const act = (action: QuizAction, focus: typeof focusTarget.current) => {
    focusTarget.current = focus;
    dispatch(action);
  };

  const progress = state.finished ? total : state.current + (answered ? 1 : 0);

  return (
    <section className="mx-auto w-full max-w-2xl space-y-6 px-4 py-8 sm:px-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {messages.pageGame}
        </h1>
        <p className="text-sm text-slate-600">{siteMessages.gameLead}</p>
      </div>

      <div className="space-y-2">
        <div className="flex items-center justify-between text-sm font-medium text-slate-700">
          <span>
            {state.finished
              ? siteMessages.gameOverHeading
              : siteMessages.gameProgress(state.current + 1, total)}
          </span>
          <span>{siteMessages.gameScore(state.score)}</span>
        </div>
        <div
          role="progressbar"
          aria-label={siteMessages.gameProgressLabel}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={progress}
          className="h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full rounded-full bg-indigo-600 transition-[width] motion-reduce:transition-none"
            style={{ width: `${(progress / total) * 100}%` }}
          />
        </div>
      </div>

      {state.finished || !question ? (
        <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
          <h2
            ref={resultRef}
            tabIndex={-1}
            className="text-xl font-bold text-slate-900 focus:outline-none"
          >
            {siteMessages.gameOverHeading}
          </h2>
          <p className="text-lg font-semibold text-indigo-700">
            {siteMessages.gameResult(state.score, total)}
          </p>
          <p className="text-sm text-slate-600">{verdict(state.score, total)}</p>
          <Button onClick={() => act({ type: 'restart' }, 'question')}>
            {siteMessages.gameReplay}
          </Button>
        </div>
      ) : (
        <div className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <h2
            ref={questionRef}
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900 focus:outline-none"
          >
            {question.question}
          </h2>
          <ul aria-label={siteMessages.gameAnswers} className="grid gap-3">
            {question.options.map((option, index) => {
              const isAnswer = index === question.answer;
              const isChosen = index === state.chosen;
              const tone = !answered
                ? 'border-slate-300 bg-white hover:border-indigo-400 hover:bg-indigo-50'
                : isAnswer
                  ? 'border-emerald-600 bg-emerald-50 text-emerald-900'
                  : isChosen
                    ? 'border-red-600 bg-red-50 text-red-900'
                    : 'border-slate-200 bg-white text-slate-500';
              return (
                <li key={option}>
                  <button
                    type="button"
                    disabled={answered}
                    onClick={() => act({ type: 'answer', option: index }, 'next')}
                    className={`flex min-h-11 w-full items-center justify-between gap-3 rounded-lg border-2 px-4 py-2 text-left text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-default ${tone}`}
                  >
                    <span>{option}</span>
                    {answered && isChosen && (
                      <span className="sr-only">({siteMessages.gameChosen})</span>
                    )}
                    {answered && (isAnswer || isChosen) && (
                      <span aria-hidden="true" className="text-base font-bold">
                        {isAnswer ? '✓' : '✗'}
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
          <div role="status" aria-live="polite" className="min-h-6">
            {answered && (
              <div className="space-y-1 text-sm">
                <p
                  className={`font-semibold ${state.chosen === question.answer ? 'text-emerald-800' : 'text-red-800'}`}
                >
                  {state.chosen === question.answer
                    ? siteMessages.gameCorrect
                    : siteMessages.gameWrong(question.options[question.answer] ?? '')}
                </p>
                <p className="text-slate-700">{question.explanation}</p>
              </div>
            )}
          </div>
          {answered && (
            <div className="flex justify-end">
              <Button
                ref={nextRef}
                onClick={() =>
                  act({ type: 'next' }, state.current + 1 >= total ? 'result' : 'question')
                }
              >
                {state.current + 1 >= total ? siteMessages.gameFinish : siteMessages.gameNext}
              </Button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
