/**
 * /mycourse-details/{courseId}/quizzes/{quizId}/attempts/{attemptId}: its
 * student takes an open attempt here (a navigator, one question at a time
 * or all on one page, a countdown screen readers hear at 5 and 1 minutes,
 * each answer saved as it is given); a submitted one is reviewed as the
 * quiz allows; the author sees every answer and grades or overrides a slot.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { messages } from '@urok/contract';
import type { Attempt, AttemptQuestion } from '@urok/contract/schemas';
import { Button } from '../../components/ui/button';
import { TextAreaField, TextField } from '../../components/ui/fields';
import { Spinner } from '../../components/ui/spinner';
import { failureMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { useCheckedForm } from '../../lib/use-checked-form';
import { AnswerInput, AnswerText, QuestionText, isAnswered } from './question-inputs';
import { quizPath } from './quiz-paths';
import {
  quizzesApi,
  useAttemptQuery,
  useGradeSlotMutation,
  useQuizQuery,
  useSubmitAttemptMutation,
} from './quizzes-api';
import { readPendingAnswers, useAnswerQueue, type SaveState } from './use-answer-queue';
import { useApiDispatch } from '../../lib/api';

export function AttemptPage({ viewer }: { viewer: 'student' | 'teacher' }) {
  const { id: courseId = '', quizId = '', attemptId = '' } = useParams();
  const attempt = useAttemptQuery(attemptId);
  const quiz = useQuizQuery(quizId);
  const title = quiz.data?.title ?? '';
  useDocumentTitle(messages.attemptTitle(title));
  if (attempt.error)
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-8">
        <h1 className="text-2xl font-bold text-slate-900">{messages.quizLoadFailed}</h1>
        <div role="alert" className="space-y-3 text-sm text-red-800">
          <p>{failureMessage(attempt.error, messages.quizLoadFailed)}</p>
          <Button variant="secondary" onClick={() => void attempt.refetch()}>
            {messages.retry}
          </Button>
        </div>
      </div>
    );
  if (!attempt.data) return <Spinner className="py-16" />;
  const back = (
    <Link
      to={quizPath(courseId, quizId)}
      className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
    >
      ← {messages.quizBackToQuiz}
    </Link>
  );
  if (attempt.data.state === 'open' && viewer === 'student')
    return (
      <TakingView
        key={attempt.data._id}
        attempt={attempt.data}
        title={title}
        back={back}
        refetch={() => void attempt.refetch()}
      />
    );
  return <ReviewView attempt={attempt.data} title={title} back={back} viewer={viewer} />;
}

// ---------------------------------------------------------------- taking

function useCountdown(attempt: Attempt, onTimeUp: () => void) {
  // The server's clock rules: the countdown runs on the offset between its clock and ours.
  const offset = useMemo(() => Date.parse(attempt.serverTime) - Date.now(), [attempt.serverTime]);
  const deadline = attempt.deadline ? Date.parse(attempt.deadline) : null;
  const [now, setNow] = useState(() => Date.now() + offset);
  const upRef = useRef(onTimeUp);
  upRef.current = onTimeUp;
  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => {
      const current = Date.now() + offset;
      setNow(current);
      if (current >= deadline + 1000) {
        clearInterval(timer);
        upRef.current();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline, offset]);
  return deadline === null ? null : Math.max(0, deadline - now);
}

function formatLeft(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}

function Countdown({ left }: { left: number }) {
  const [announce, setAnnounce] = useState('');
  const said = useRef(new Set<number>());
  const minutes = Math.ceil(left / 60_000);
  useEffect(() => {
    for (const mark of [5, 1]) {
      if (left <= mark * 60_000 && left > (mark - 1) * 60_000 && !said.current.has(mark)) {
        said.current.add(mark);
        // Announced once per mark; the ticking clock itself stays silent.
        setAnnounce(messages.attemptMinutesLeft(mark));
      }
    }
  }, [left, minutes]);
  const urgent = left <= 60_000;
  return (
    <>
      <p
        role="timer"
        aria-live="off"
        className={`font-mono text-lg font-semibold tabular-nums ${urgent ? 'text-red-700' : 'text-slate-900'}`}
      >
        {messages.attemptTimeLeft(formatLeft(left))}
      </p>
      <p role="status" aria-live="assertive" className="sr-only" data-testid="countdown-announce">
        {announce}
      </p>
    </>
  );
}

function SaveIndicator({ state }: { state: SaveState }) {
  const text =
    state === 'retrying'
      ? messages.attemptRetrying
      : state === 'saving'
        ? messages.attemptSaving
        : messages.attemptSaved;
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="answer-save-state"
      className={`text-sm font-medium ${state === 'retrying' ? 'text-amber-800' : 'text-slate-700'}`}
    >
      {state === 'closed' ? '' : text}
    </p>
  );
}

function TakingView({
  attempt,
  title,
  back,
  refetch,
}: {
  attempt: Attempt;
  title: string;
  back: React.ReactNode;
  refetch: () => void;
}) {
  const dispatch = useApiDispatch();
  const [answers, setAnswers] = useState<Record<number, unknown>>(() => {
    const onDevice = readPendingAnswers(attempt._id);
    return Object.fromEntries(
      attempt.questions.map((question) => [
        question.slot,
        onDevice[question.slot] ? onDevice[question.slot]!.answer : question.answer,
      ]),
    );
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const queue = useAnswerQueue(attempt._id, {
    onClosed: refetch,
    onRefused: (message) => setRefusal(message),
  });
  const [current, setCurrent] = useState(attempt.questions[0]?.slot ?? 1);
  const [onePage, setOnePage] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [submit, submitting] = useSubmitAttemptMutation();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [offline, setOffline] = useState(typeof navigator !== 'undefined' && !navigator.onLine);
  const left = useCountdown(attempt, refetch);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const on = () => setOffline(false);
    const off = () => setOffline(true);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);

  const give = (slot: number) => (answer: unknown, options?: { typing?: boolean }) => {
    setAnswers((previous) => ({ ...previous, [slot]: answer }));
    setRefusal(null);
    queue.give(slot, answer, options);
  };
  const unanswered = attempt.questions
    .filter((question) => !isAnswered(answers[question.slot]))
    .map((question) => question.slot);
  const total = attempt.questions.length;
  const index = attempt.questions.findIndex((question) => question.slot === current);
  const go = (slot: number) => {
    setCurrent(slot);
    if (onePage) document.getElementById(`question-${slot}`)?.focus();
    else requestAnimationFrame(() => document.getElementById(`question-${slot}`)?.focus());
  };

  const finish = async () => {
    setSubmitError(null);
    await queue.drain();
    try {
      const done = await submit({ attemptId: attempt._id, quizId: attempt.quizId }).unwrap();
      dispatch(quizzesApi.util.upsertQueryData('attempt', attempt._id, done));
      requestAnimationFrame(() => headingRef.current?.focus());
    } catch (error) {
      setSubmitError(failureMessage(error, messages.quizSaveFailed));
    }
  };

  const shown = onePage ? attempt.questions : attempt.questions.filter((q) => q.slot === current);

  return (
    <div className="mx-auto w-full max-w-5xl space-y-4 px-4 py-6 sm:px-6">
      {back}
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="break-words text-2xl font-bold tracking-tight text-slate-900"
      >
        {messages.attemptTitle(title)}
      </h1>
      <div className="sticky top-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-slate-50/95 px-4 py-2 sm:mx-0 sm:rounded-lg sm:border">
        {left !== null ? <Countdown left={left} /> : <span />}
        <SaveIndicator state={queue.state} />
      </div>
      {offline && (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {messages.attemptOfflineKept}
        </p>
      )}
      {refusal && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {refusal}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-[14rem_1fr]">
        <nav aria-label={messages.attemptNavigator} className="lg:order-first">
          <ol className="flex flex-wrap gap-2">
            {attempt.questions.map((question) => {
              const answered = isAnswered(answers[question.slot]);
              return (
                <li key={question.slot}>
                  <button
                    type="button"
                    aria-label={messages.attemptNavItem(question.slot, answered)}
                    aria-current={!onePage && question.slot === current ? 'step' : undefined}
                    onClick={() => go(question.slot)}
                    className={`min-h-11 min-w-11 rounded-lg border text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
                      answered
                        ? 'border-indigo-600 bg-indigo-600 text-white'
                        : 'border-slate-300 bg-white text-slate-800'
                    } ${!onePage && question.slot === current ? 'ring-2 ring-amber-400 ring-offset-2' : ''}`}
                  >
                    {question.slot}
                  </button>
                </li>
              );
            })}
          </ol>
          <Button variant="ghost" className="mt-3" onClick={() => setOnePage((value) => !value)}>
            {onePage ? messages.attemptOneByOne : messages.attemptOnePage}
          </Button>
        </nav>
        <div className="min-w-0 space-y-6">
          {shown.map((question) => (
            <section
              key={question.slot}
              id={`question-${question.slot}`}
              tabIndex={-1}
              aria-labelledby={`question-${question.slot}-title`}
              className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 focus:outline-2 focus:outline-indigo-600 sm:p-6"
            >
              <h2
                id={`question-${question.slot}-title`}
                className="text-sm font-semibold uppercase tracking-wide text-slate-600"
              >
                {messages.attemptQuestionOf(question.slot, total)} ·{' '}
                {messages.attemptQuestionPoints(question.points)}
              </h2>
              <QuestionText doc={question.text} />
              <AnswerInput
                question={question}
                answer={answers[question.slot] ?? null}
                give={give(question.slot)}
              />
            </section>
          ))}
          {!onePage && (
            <div className="flex flex-wrap justify-between gap-2">
              <Button
                variant="secondary"
                disabled={index <= 0}
                onClick={() => go(attempt.questions[index - 1]!.slot)}
              >
                ← {messages.attemptPrev}
              </Button>
              <Button
                variant="secondary"
                disabled={index >= total - 1}
                onClick={() => go(attempt.questions[index + 1]!.slot)}
              >
                {messages.attemptNext} →
              </Button>
            </div>
          )}
          <div className="border-t border-slate-200 pt-4">
            {!confirming ? (
              <Button onClick={() => setConfirming(true)}>{messages.attemptFinish}</Button>
            ) : (
              <div
                role="alertdialog"
                aria-labelledby="finish-title"
                aria-describedby="finish-unanswered"
                className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4"
              >
                <p id="finish-title" className="font-semibold text-slate-900">
                  {messages.attemptFinishConfirm}
                </p>
                <p id="finish-unanswered" className="text-sm text-slate-800">
                  {messages.attemptUnanswered(unanswered)}
                </p>
                {submitError && (
                  <p role="alert" className="text-sm text-red-800">
                    {submitError}
                  </p>
                )}
                <div className="flex flex-wrap gap-2">
                  <Button autoFocus disabled={submitting.isLoading} onClick={() => void finish()}>
                    {messages.attemptFinishYes}
                  </Button>
                  <Button variant="secondary" onClick={() => setConfirming(false)}>
                    {messages.attemptFinishNo}
                  </Button>
                </div>
              </div>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

// ---------------------------------------------------------------- reviewing and grading

function ReviewView({
  attempt,
  title,
  back,
  viewer,
}: {
  attempt: Attempt;
  title: string;
  back: React.ReactNode;
  viewer: 'student' | 'teacher';
}) {
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:px-6">
      {back}
      <h1 tabIndex={-1} className="break-words text-2xl font-bold tracking-tight text-slate-900">
        {messages.attemptTitle(title)}
      </h1>
      {viewer === 'teacher' && (
        <p className="text-slate-700">{messages.attemptStudent(attempt.student.username)}</p>
      )}
      <section
        aria-labelledby="result-heading"
        className="rounded-xl border border-slate-200 bg-white p-4"
      >
        <h2 id="result-heading" className="text-lg font-semibold text-slate-900">
          {messages.attemptResult}
        </h2>
        <p className="text-2xl font-bold text-slate-900" data-testid="attempt-score">
          {messages.attemptScore(attempt.score, attempt.maxPoints)}
        </p>
        {attempt.pendingGrading && (
          <p className="text-sm text-slate-700">{messages.attemptPendingNote}</p>
        )}
        {!attempt.reviewAllowed && viewer === 'student' && (
          <p className="text-sm text-slate-700">{messages.attemptReviewHidden}</p>
        )}
      </section>
      {(attempt.reviewAllowed || viewer === 'teacher') &&
        attempt.questions.map((question) => (
          <ReviewedQuestion
            key={question.slot}
            attempt={attempt}
            question={question}
            canGrade={viewer === 'teacher' && attempt.state === 'submitted'}
            total={attempt.questions.length}
          />
        ))}
    </div>
  );
}

function ReviewedQuestion({
  attempt,
  question,
  canGrade,
  total,
}: {
  attempt: Attempt;
  question: AttemptQuestion;
  canGrade: boolean;
  total: number;
}) {
  const score = question.score ?? null;
  const full = score !== null && score >= question.points;
  return (
    <section
      aria-labelledby={`review-${question.slot}`}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`review-${question.slot}`} className="text-sm font-semibold text-slate-600">
          {messages.attemptQuestionOf(question.slot, total)}
        </h2>
        <p
          className={`text-sm font-semibold ${score === null ? 'text-slate-700' : full ? 'text-emerald-800' : 'text-amber-800'}`}
        >
          {messages.attemptQuestionScore(score, question.points)}
        </p>
      </div>
      <QuestionText doc={question.text} />
      <div className="rounded-lg bg-slate-50 p-3">
        <p className="text-xs font-semibold uppercase text-slate-600">
          {messages.attemptYourAnswer}
        </p>
        <AnswerText question={question} answer={question.answer} />
      </div>
      {question.correct !== undefined && question.correct !== null && (
        <div className="rounded-lg bg-emerald-50 p-3">
          <p className="text-xs font-semibold uppercase text-emerald-900">
            {messages.attemptRightAnswer}
          </p>
          <AnswerText question={question} answer={question.correct} />
        </div>
      )}
      {question.explanation && <QuestionText doc={question.explanation} />}
      {question.feedback && (
        <div className="rounded-lg bg-indigo-50 p-3">
          <p className="text-xs font-semibold uppercase text-indigo-900">
            {messages.attemptFeedback}
          </p>
          <p className="whitespace-pre-wrap break-words">{question.feedback}</p>
        </div>
      )}
      {canGrade && <GradeForm attempt={attempt} question={question} />}
    </section>
  );
}

const GRADE_FIELDS = ['points', 'feedback'] as const;

function GradeForm({ attempt, question }: { attempt: Attempt; question: AttemptQuestion }) {
  const [grade, state] = useGradeSlotMutation();
  const form = useCheckedForm(GRADE_FIELDS, {
    idPrefix: `grade-${question.slot}`,
    initial: {
      points:
        question.score === null || question.score === undefined
          ? ''
          : String(question.score).replace('.', ','),
      feedback: question.feedback ?? '',
    },
  });
  const { points, feedback } = form.values;
  const [done, setDone] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    form.clearErrors();
    setDone(false);
    try {
      await grade({
        attemptId: attempt._id,
        quizId: attempt.quizId,
        slot: question.slot,
        points,
        feedback,
      }).unwrap();
      setDone(true);
    } catch (failure) {
      // The refusal shows under the points, whichever part it names.
      form.showErrors(
        { message: null, fields: { points: failureMessage(failure, messages.quizSaveFailed) } },
        false,
      );
    }
  };
  return (
    <form
      ref={form.formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="space-y-3 border-t pt-3"
    >
      {question.kind !== 'essay' && (
        <p className="text-xs text-slate-600">
          {messages.attemptAutoScore(question.autoScore ?? null)}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <TextField
          {...form.field('points')}
          label={messages.attemptGradeLabel(question.points)}
          inputMode="decimal"
        />
        <TextAreaField
          {...form.field('feedback')}
          label={messages.attemptGradeFeedback}
          rows={2}
          maxLength={2000}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={state.isLoading}>
          {messages.attemptGradeSave}
        </Button>
        <p role="status" className="text-sm text-emerald-800">
          {done ? messages.attemptGraded : ''}
        </p>
      </div>
    </form>
  );
}
