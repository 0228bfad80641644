/**
 * /mycourse-details/{courseId}/quizzes/{quizId}: for a student the rules,
 * their attempts and 'Почати спробу'/'Продовжити'; for the author the
 * settings, the questions (from the bank, or N at random from a tag), the
 * attempts and the statistics.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { QUIZ_GRADINGS, QUIZ_LIMITS, QUIZ_REVIEWS, ROUTES, messages } from '@urok/contract';
import type { Quiz, QuizSlot } from '@urok/contract/schemas';
import { Button } from '../../components/ui/button';
import { CheckboxField, TextField } from '../../components/ui/fields';
import { SelectField } from '../../components/ui/select-field';
import { Spinner } from '../../components/ui/spinner';
import { failureMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { checkboxProps, flag, useFieldValues } from '../../lib/form-controls';
import { useCheckedForm } from '../../lib/use-checked-form';
import { QuestionText } from './question-inputs';
import { attemptPath, questionBankPath } from './quiz-paths';
import { QuizStatisticsView } from './quiz-statistics';
import {
  useDeleteQuizMutation,
  useQuestionsInfiniteQuery,
  useQuizAttemptsQuery,
  useQuizQuery,
  useStartAttemptMutation,
  useUpdateQuizMutation,
  type QuizChanges,
} from './quizzes-api';

const LINK = 'text-sm font-medium text-indigo-700 underline-offset-2 hover:underline';

export function QuizPage({ viewer }: { viewer: 'student' | 'teacher' }) {
  const { id: courseId = '', quizId = '' } = useParams();
  const quiz = useQuizQuery(quizId);
  useDocumentTitle(quiz.data?.title);
  if (quiz.error)
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-8">
        <h1 className="text-2xl font-bold text-slate-900">{messages.quizLoadFailed}</h1>
        <div role="alert" className="space-y-3 text-sm text-red-800">
          <p>{failureMessage(quiz.error, messages.quizLoadFailed)}</p>
          <Button variant="secondary" onClick={() => void quiz.refetch()}>
            {messages.retry}
          </Button>
        </div>
      </div>
    );
  if (!quiz.data) return <Spinner className="py-16" />;
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-6 sm:px-6">
      <Link to={ROUTES.myCourseDetails(courseId)} className={LINK}>
        ← {messages.quizBackToCourse}
      </Link>
      <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900">
        {quiz.data.title}
      </h1>
      {quiz.data.description && <QuestionText doc={quiz.data.description} />}
      {viewer === 'teacher' && quiz.data.slots ? (
        <AuthorQuiz quiz={quiz.data} courseId={courseId} />
      ) : (
        <StudentQuiz quiz={quiz.data} courseId={courseId} />
      )}
    </div>
  );
}

// ---------------------------------------------------------------- the student

function Rules({ quiz }: { quiz: Quiz }) {
  return (
    <section
      aria-labelledby="rules-heading"
      className="rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="rules-heading" className="mb-2 text-lg font-semibold text-slate-900">
        {messages.quizRules}
      </h2>
      <ul className="list-disc space-y-1 pl-5 text-slate-800">
        <li>{messages.quizSummary(quiz.questionCount, quiz.maxPoints)}</li>
        {quiz.opensAt && <li>{messages.quizRuleOpens(messages.quizDateTime(quiz.opensAt))}</li>}
        {quiz.closesAt && <li>{messages.quizRuleCloses(messages.quizDateTime(quiz.closesAt))}</li>}
        <li>
          {quiz.timeLimitMinutes
            ? messages.quizRuleTime(quiz.timeLimitMinutes)
            : messages.quizRuleNoTime}
        </li>
        <li>{messages.quizRuleAttempts(quiz.attemptsAllowed)}</li>
        <li>{messages.quizRuleGrading(messages.quizGradingNames[quiz.grading])}</li>
        <li>{messages.quizReviewNames[quiz.review]}</li>
      </ul>
    </section>
  );
}

function StudentQuiz({ quiz, courseId }: { quiz: Quiz; courseId: string }) {
  const navigate = useNavigate();
  const [start, starting] = useStartAttemptMutation();
  const [error, setError] = useState<string | null>(null);
  const attempts = quiz.attempts ?? [];
  const open = attempts.find((attempt) => attempt.state === 'open');
  const begin = async () => {
    setError(null);
    try {
      const attempt = await start(quiz._id).unwrap();
      void navigate(attemptPath(courseId, quiz._id, attempt._id));
    } catch (failure) {
      setError(failureMessage(failure, messages.quizCannotStart));
    }
  };
  return (
    <>
      <Rules quiz={quiz} />
      {attempts.length > 0 && (
        <section aria-labelledby="own-attempts" className="space-y-2">
          <h2 id="own-attempts" className="text-lg font-semibold text-slate-900">
            {messages.quizYourAttempts}
          </h2>
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {attempts.map((attempt, index) => (
              <li
                key={attempt._id}
                className="flex flex-wrap items-center justify-between gap-2 px-4 py-3"
              >
                <span className="font-medium text-slate-900">
                  {messages.quizAttemptN(index + 1)}
                </span>
                <span className="text-sm text-slate-700">
                  {attempt.state === 'open'
                    ? messages.quizAttemptOpen
                    : messages.quizPoints(attempt.score, attempt.maxPoints)}
                  {attempt.pendingGrading ? ` · ${messages.quizAttemptPending}` : ''}
                </span>
                {attempt.state === 'submitted' && (
                  <Link to={attemptPath(courseId, quiz._id, attempt._id)} className={LINK}>
                    {messages.quizReview}
                    <span className="sr-only"> {messages.quizAttemptN(index + 1)}</span>
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      {open ? (
        <Button onClick={() => void navigate(attemptPath(courseId, quiz._id, open._id))}>
          {messages.quizContinue}
        </Button>
      ) : quiz.canStart ? (
        <Button disabled={starting.isLoading} onClick={() => void begin()}>
          {messages.quizStart}
        </Button>
      ) : (
        <p className="text-slate-700">{messages.quizCannotStart}</p>
      )}
    </>
  );
}

// ---------------------------------------------------------------- the author

/** A datetime-local value (the viewer's time zone) of an ISO instant, and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

const SETTINGS_FIELDS = [
  'title',
  'opensAt',
  'closesAt',
  'timeLimitMinutes',
  'attemptsAllowed',
  'grading',
  'review',
  'shuffleQuestions',
  'shuffleOptions',
  'published',
  'slots',
] as const;

function AuthorQuiz({ quiz, courseId }: { quiz: Quiz; courseId: string }) {
  return (
    <>
      <p className="flex flex-wrap gap-4">
        <Link to={questionBankPath(courseId)} className={LINK}>
          {messages.bankLink}
        </Link>
      </p>
      <SettingsForm key={quiz._id} quiz={quiz} courseId={courseId} />
      <AttemptList quiz={quiz} courseId={courseId} />
      <QuizStatisticsView quizId={quiz._id} />
    </>
  );
}

function SettingsForm({ quiz, courseId }: { quiz: Quiz; courseId: string }) {
  const navigate = useNavigate();
  const [update] = useUpdateQuizMutation();
  const [remove] = useDeleteQuizMutation();
  const form = useCheckedForm(SETTINGS_FIELDS, {
    initial: {
      title: quiz.title,
      opensAt: toLocalInput(quiz.opensAt),
      closesAt: toLocalInput(quiz.closesAt),
      timeLimitMinutes: quiz.timeLimitMinutes === null ? '' : String(quiz.timeLimitMinutes),
      attemptsAllowed: String(quiz.attemptsAllowed),
      grading: quiz.grading,
      review: quiz.review,
      shuffleQuestions: flag(quiz.shuffleQuestions),
      shuffleOptions: flag(quiz.shuffleOptions),
      published: flag(quiz.published),
    },
  });
  const { values, field } = form;
  const [done, setDone] = useState(false);
  const [slots, setSlots] = useState<QuizSlot[]>(quiz.slots ?? []);
  const locked = quiz.hasAttempts === true;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.pending) return;
    setDone(false);
    const changes: QuizChanges = {
      title: values.title,
      opensAt: fromLocalInput(values.opensAt),
      closesAt: fromLocalInput(values.closesAt),
      timeLimitMinutes:
        values.timeLimitMinutes.trim() === '' ? null : Number(values.timeLimitMinutes),
      attemptsAllowed: Number(values.attemptsAllowed),
      grading: values.grading as Quiz['grading'],
      shuffleQuestions: values.shuffleQuestions === 'true',
      shuffleOptions: values.shuffleOptions === 'true',
      review: values.review as Quiz['review'],
      published: values.published === 'true',
      ...(locked ? {} : { slots }),
    };
    if (locked) {
      // Only what a quiz with attempts may still change.
      delete changes.timeLimitMinutes;
      delete changes.attemptsAllowed;
      delete changes.grading;
      delete changes.shuffleQuestions;
      delete changes.shuffleOptions;
    }
    form.setPending(true);
    try {
      await update({ quizId: quiz._id, changes }).unwrap();
      form.clearErrors();
      setDone(true);
    } catch (failure) {
      form.showServerFailure(failure as never, messages.quizSaveFailed);
    } finally {
      form.setPending(false);
    }
  };

  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      // Any change hides 'Збережено'.
      onChange={() => setDone(false)}
      aria-labelledby="settings-heading"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="settings-heading" className="text-lg font-semibold text-slate-900">
        {messages.quizSettings}
      </h2>
      {locked && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {messages.quizLocked}
        </p>
      )}
      <TextField
        {...field('title')}
        label={messages.quizTitleLabel}
        maxLength={QUIZ_LIMITS.quizTitle.max}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field('opensAt')} type="datetime-local" label={messages.quizOpensAt} />
        <TextField {...field('closesAt')} type="datetime-local" label={messages.quizClosesAt} />
        <TextField
          {...field('timeLimitMinutes')}
          inputMode="numeric"
          label={messages.quizTimeLimit}
          disabled={locked}
        />
        <TextField
          {...field('attemptsAllowed')}
          inputMode="numeric"
          label={messages.quizAttemptsAllowedLabel}
          disabled={locked}
        />
        <SelectField {...field('grading')} label={messages.quizGradingLabel} disabled={locked}>
          {QUIZ_GRADINGS.map((grading) => (
            <option key={grading} value={grading}>
              {messages.quizGradingNames[grading]}
            </option>
          ))}
        </SelectField>
        <SelectField {...field('review')} label={messages.quizReviewLabel}>
          {QUIZ_REVIEWS.map((review) => (
            <option key={review} value={review}>
              {messages.quizReviewNames[review]}
            </option>
          ))}
        </SelectField>
      </div>
      <CheckboxField
        {...checkboxProps(form, 'shuffleQuestions')}
        label={messages.quizShuffleQuestions}
        disabled={locked}
      />
      <CheckboxField
        {...checkboxProps(form, 'shuffleOptions')}
        label={messages.quizShuffleOptions}
        disabled={locked}
      />
      <SlotsEditor
        courseId={courseId}
        slots={slots}
        locked={locked}
        onChange={(next) => {
          setSlots(next);
          setDone(false);
        }}
        error={form.errors.fields.slots}
      />
      <CheckboxField {...checkboxProps(form, 'published')} label={messages.quizPublishedLabel} />
      {form.errors.message && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {form.errors.message}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={form.pending}>
          {messages.quizSave}
        </Button>
        <p role="status" className="text-sm text-emerald-800">
          {done ? messages.quizSaved : ''}
        </p>
        {!locked && (
          <Button
            variant="ghost"
            className="ml-auto text-red-700"
            onClick={() => {
              if (!window.confirm(messages.quizDeleteConfirm)) return;
              void remove(quiz._id)
                .unwrap()
                .then(() => navigate(ROUTES.myCourseDetails(courseId)))
                .catch((failure: unknown) =>
                  form.showServerFailure(failure as never, messages.quizSaveFailed),
                );
            }}
          >
            {messages.quizDelete}
          </Button>
        )}
      </div>
    </form>
  );
}

function SlotsEditor({
  courseId,
  slots,
  locked,
  onChange,
  error,
}: {
  courseId: string;
  slots: QuizSlot[];
  locked: boolean;
  onChange: (slots: QuizSlot[]) => void;
  error: string | undefined;
}) {
  const bank = useQuestionsInfiniteQuery({ courseId });
  const questions = bank.data?.pages.flatMap((page) => page.questions) ?? [];
  const tags = [...new Set(questions.flatMap((question) => question.tags))].sort();
  const picker = useFieldValues({ picked: '', tag: '', count: '1' });
  const { picked, tag, count } = picker.values;
  const titleOf = (questionId: string) => {
    const question = questions.find((q) => q._id === questionId);
    return question ? questionTitle(question.text) : questionId;
  };
  const move = (from: number, to: number) => {
    const next = [...slots];
    const [slot] = next.splice(from, 1);
    next.splice(to, 0, slot!);
    onChange(next);
  };
  const used = new Set(slots.flatMap((slot) => ('questionId' in slot ? [slot.questionId] : [])));
  return (
    <fieldset className="space-y-3" aria-describedby={error ? 'slots-error' : undefined}>
      <legend className="text-base font-semibold text-slate-900">{messages.quizQuestions}</legend>
      {slots.length === 0 ? (
        <p className="text-sm text-slate-700">{messages.quizNoSlots}</p>
      ) : (
        <ol className="space-y-2">
          {slots.map((slot, index) => (
            <li
              key={'questionId' in slot ? slot.questionId : `tag-${slot.tag}-${index}`}
              className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 px-3 py-2"
            >
              <span className="w-6 text-sm font-semibold text-slate-600">{index + 1}.</span>
              <span className="min-w-0 grow break-words text-slate-800">
                {'questionId' in slot
                  ? titleOf(slot.questionId)
                  : messages.quizSlotRandom(slot.count, slot.tag)}
              </span>
              {!locked && (
                <span className="flex gap-1">
                  <Button
                    variant="secondary"
                    aria-label={messages.quizSlotUp(index + 1)}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="secondary"
                    aria-label={messages.quizSlotDown(index + 1)}
                    disabled={index === slots.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    ↓
                  </Button>
                  <Button
                    variant="secondary"
                    aria-label={messages.quizSlotRemove(index + 1)}
                    onClick={() => onChange(slots.filter((_, i) => i !== index))}
                  >
                    ✕
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {error && (
        <p id="slots-error" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {!locked && (
        <div className="grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-2">
          <div className="space-y-1.5">
            <SelectField
              id="slot-question"
              name="slots"
              label={messages.quizAddQuestion}
              {...picker.bind('picked')}
            >
              <option value="">{messages.attemptMatchNone}</option>
              {questions
                .filter((question) => !used.has(question._id))
                .map((question) => (
                  <option key={question._id} value={question._id}>
                    {questionTitle(question.text)}
                  </option>
                ))}
            </SelectField>
            <Button
              variant="secondary"
              disabled={picked === ''}
              onClick={() => {
                onChange([...slots, { questionId: picked }]);
                picker.setValues({ picked: '' });
              }}
            >
              {messages.quizAddQuestionAction}
            </Button>
          </div>
          <div className="space-y-1.5">
            <p className="text-sm font-medium text-slate-800">{messages.quizAddRandom}</p>
            <div className="grid grid-cols-[5rem_1fr] gap-2">
              <TextField
                id="slot-count"
                label={messages.quizRandomCount}
                inputMode="numeric"
                {...picker.bind('count')}
              />
              <SelectField id="slot-tag" label={messages.quizRandomTag} {...picker.bind('tag')}>
                <option value="">{messages.attemptMatchNone}</option>
                {tags.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </SelectField>
            </div>
            <Button
              variant="secondary"
              disabled={tag === '' || !(Number(count) >= 1)}
              onClick={() => {
                onChange([...slots, { tag, count: Math.floor(Number(count)) }]);
                picker.setValues({ tag: '' });
              }}
            >
              {messages.quizAddRandomAction}
            </Button>
          </div>
        </div>
      )}
    </fieldset>
  );
}

/** The first line of a question's text, for lists. */
export function questionTitle(doc: Quiz['description']): string {
  const parts: string[] = [];
  const walk = (node: unknown) => {
    if (parts.join('').length > 120 || typeof node !== 'object' || node === null) return;
    const value = node as {
      type?: string;
      text?: string;
      attrs?: { latex?: string };
      content?: unknown[];
    };
    if (value.type === 'text' && value.text) parts.push(value.text);
    if ((value.type === 'inlineMath' || value.type === 'blockMath') && value.attrs?.latex)
      parts.push(value.attrs.latex);
    for (const child of value.content ?? []) walk(child);
    if (value.type === 'paragraph' || value.type === 'heading') parts.push(' ');
  };
  walk(doc);
  const text = parts.join('').replace(/\s+/g, ' ').trim();
  return text.length > 120 ? `${text.slice(0, 119)}…` : text || '—';
}

function AttemptList({ quiz, courseId }: { quiz: Quiz; courseId: string }) {
  const attempts = useQuizAttemptsQuery(quiz._id);
  return (
    <section aria-labelledby="attempts-heading" className="space-y-2">
      <h2 id="attempts-heading" className="text-lg font-semibold text-slate-900">
        {messages.quizAttemptsHeading}
      </h2>
      {attempts.error && (
        <p role="alert" className="text-sm text-red-800">
          {failureMessage(attempts.error, messages.quizLoadFailed)}
        </p>
      )}
      {attempts.data && attempts.data.length === 0 && (
        <p className="text-slate-700">{messages.quizNoAttempts}</p>
      )}
      {attempts.data && attempts.data.length > 0 && (
        <div
          className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
          tabIndex={0}
          role="region"
          aria-labelledby="attempts-heading"
        >
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {messages.quizAttemptStudent}
                </th>
                <th scope="col" className="px-3 py-2">
                  {messages.quizAttemptState}
                </th>
                <th scope="col" className="px-3 py-2">
                  {messages.quizAttemptScore}
                </th>
                <th scope="col" className="px-3 py-2">
                  {messages.quizAttemptStarted}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {attempts.data.map((attempt) => (
                <tr key={attempt._id}>
                  <td className="px-3 py-2">
                    <Link to={attemptPath(courseId, quiz._id, attempt._id)} className={LINK}>
                      {attempt.student.username}
                    </Link>
                  </td>
                  <td className="px-3 py-2">
                    {attempt.state === 'open'
                      ? messages.quizAttemptOpen
                      : attempt.pendingGrading
                        ? messages.quizAttemptPending
                        : messages.quizAttemptSubmitted}
                  </td>
                  <td className="px-3 py-2 tabular-nums">
                    {messages.quizPoints(attempt.score, attempt.maxPoints)}
                  </td>
                  <td className="px-3 py-2">{messages.quizDateTime(attempt.startedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
