/**
 * A question of an attempt as a student answers it, one control per kind,
 * each reachable and usable by keyboard alone; and an answer written out
 * for review (the student's own, or the right one when review allows it).
 */
import { useId, useState, type ChangeEvent } from 'react';
import { messages, parseNumber, type LessonDocument } from '@urok/contract';
import type { AttemptQuestion } from '@urok/contract/schemas';
import { LessonDocumentView } from '../../components/document/lesson-document';

const noImages = () => undefined;

export function QuestionText({ doc }: { doc: LessonDocument }) {
  return <LessonDocumentView doc={doc} imageUrl={noImages} />;
}

type Give = (answer: unknown, options?: { typing?: boolean }) => void;

const CHOICE =
  'flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2.5 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600';
const INPUT =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-600/30';

/** True when `answer` says something (an empty text or list is no answer). */
export function isAnswered(answer: unknown): boolean {
  if (answer === null || answer === undefined) return false;
  const value = answer as Record<string, unknown>;
  if (typeof value.text === 'string') return value.text.trim() !== '';
  if (Array.isArray(value.optionIds)) return value.optionIds.length > 0;
  if (Array.isArray(value.matches)) return value.matches.some((match) => match !== null);
  return true;
}

export function AnswerInput({
  question,
  answer,
  give,
}: {
  question: AttemptQuestion;
  answer: unknown;
  give: Give;
}) {
  const id = useId();
  const value = (answer ?? {}) as Record<string, unknown>;
  switch (question.kind) {
    case 'single':
    case 'truefalse': {
      const options =
        question.kind === 'single'
          ? (question.options ?? []).map((option) => ({ key: option.id, text: option.text }))
          : [
              { key: 'true', text: messages.questionTrue },
              { key: 'false', text: messages.questionFalse },
            ];
      const chosen =
        question.kind === 'single'
          ? value.optionId
          : typeof value.value === 'boolean'
            ? String(value.value)
            : undefined;
      return (
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium text-slate-700">
            {messages.attemptChoose}
          </legend>
          {options.map((option) => (
            <label key={option.key} className={CHOICE}>
              <input
                type="radio"
                name={`${id}-choice`}
                className="mt-1 size-4 accent-indigo-600"
                checked={chosen === option.key}
                onChange={() =>
                  give(
                    question.kind === 'single'
                      ? { optionId: option.key }
                      : { value: option.key === 'true' },
                  )
                }
              />
              <span className="break-words">{option.text}</span>
            </label>
          ))}
        </fieldset>
      );
    }
    case 'multiple': {
      const chosen = Array.isArray(value.optionIds) ? (value.optionIds as string[]) : [];
      return (
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium text-slate-700">
            {messages.attemptChoose}
          </legend>
          {(question.options ?? []).map((option) => (
            <label key={option.id} className={CHOICE}>
              <input
                type="checkbox"
                className="mt-1 size-4 accent-indigo-600"
                checked={chosen.includes(option.id)}
                onChange={(event) =>
                  give({
                    optionIds: event.target.checked
                      ? [...chosen, option.id]
                      : chosen.filter((other) => other !== option.id),
                  })
                }
              />
              <span className="break-words">{option.text}</span>
            </label>
          ))}
        </fieldset>
      );
    }
    case 'short':
    case 'essay': {
      const text = typeof value.text === 'string' ? value.text : '';
      const typed = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        give({ text: event.target.value }, { typing: true });
      return (
        <div className="space-y-1">
          <label htmlFor={`${id}-text`} className="block text-sm font-medium text-slate-700">
            {messages.attemptYourAnswer}
          </label>
          {question.kind === 'short' ? (
            <input
              id={`${id}-text`}
              className={INPUT}
              value={text}
              maxLength={200}
              autoComplete="off"
              onChange={typed}
            />
          ) : (
            <>
              <textarea
                id={`${id}-text`}
                className={INPUT}
                rows={8}
                value={text}
                maxLength={20_000}
                aria-describedby={`${id}-count`}
                onChange={typed}
              />
              <p id={`${id}-count`} className="text-xs text-slate-600">
                {messages.attemptEssayCount(text.length)}
              </p>
            </>
          )}
        </div>
      );
    }
    case 'numeric':
      return <NumericInput value={value.value} give={give} />;
    case 'matching': {
      const lefts = question.lefts ?? [];
      const matches = Array.isArray(value.matches)
        ? (value.matches as (string | null)[])
        : lefts.map(() => null);
      return (
        <div className="space-y-3">
          {lefts.map((left, index) => (
            <div key={left} className="grid gap-1 sm:grid-cols-2 sm:items-center sm:gap-3">
              <label htmlFor={`${id}-m${index}`} className="break-words text-slate-800">
                {left}
              </label>
              <select
                id={`${id}-m${index}`}
                aria-label={messages.attemptMatchFor(left)}
                className={INPUT}
                value={matches[index] ?? ''}
                onChange={(event) => {
                  const next = lefts.map((_, i) => matches[i] ?? null);
                  next[index] = event.target.value === '' ? null : event.target.value;
                  give({ matches: next });
                }}
              >
                <option value="">{messages.attemptMatchNone}</option>
                {(question.rights ?? []).map((right) => (
                  <option key={right} value={right}>
                    {right}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
      );
    }
    case 'ordering': {
      const order = Array.isArray(value.order)
        ? (value.order as string[])
        : [...(question.items ?? [])];
      const move = (from: number, to: number) => {
        const next = [...order];
        const [item] = next.splice(from, 1);
        next.splice(to, 0, item!);
        give({ order: next });
      };
      return (
        <ol className="space-y-2">
          {order.map((item, index) => (
            <li
              key={item}
              className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-1.5"
            >
              <span className="w-6 shrink-0 text-sm font-semibold text-slate-600">
                {index + 1}.
              </span>
              <span className="grow break-words">{item}</span>
              <button
                type="button"
                className="min-h-11 min-w-11 rounded-md border border-slate-300 text-slate-800 hover:bg-slate-50 disabled:opacity-40"
                aria-label={messages.attemptMoveUp(item)}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="min-h-11 min-w-11 rounded-md border border-slate-300 text-slate-800 hover:bg-slate-50 disabled:opacity-40"
                aria-label={messages.attemptMoveDown(item)}
                disabled={index === order.length - 1}
                onClick={() => move(index, index + 1)}
              >
                ↓
              </button>
            </li>
          ))}
        </ol>
      );
    }
    default:
      return null;
  }
}

/** A number as typed ("3,14" too): sent once it reads as a number. */
function NumericInput({ value, give }: { value: unknown; give: Give }) {
  const id = useId();
  const [text, setText] = useState(typeof value === 'number' ? String(value) : '');
  const parsed = parseNumber(text);
  const invalid = text.trim() !== '' && parsed === null;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {messages.attemptYourAnswer}
      </label>
      <input
        id={id}
        className={`${INPUT} max-w-xs`}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        aria-invalid={invalid ? 'true' : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          setText(event.target.value);
          const number = parseNumber(event.target.value);
          if (event.target.value.trim() === '') give(null, { typing: true });
          else if (number !== null) give({ value: number }, { typing: true });
        }}
      />
      <p id={`${id}-hint`} className={`text-xs ${invalid ? 'text-red-700' : 'text-slate-600'}`}>
        {messages.attemptNumberHint}
      </p>
    </div>
  );
}

/** An answer written out: options by their text, matches beside their lefts, an order as a list. */
export function AnswerText({ question, answer }: { question: AttemptQuestion; answer: unknown }) {
  if (!isAnswered(answer))
    return <p className="text-sm italic text-slate-600">{messages.attemptNoAnswer}</p>;
  const value = answer as Record<string, unknown>;
  const optionText = (optionId: unknown) =>
    question.options?.find((option) => option.id === optionId)?.text ?? String(optionId);
  switch (question.kind) {
    case 'single':
      return <p className="break-words">{optionText(value.optionId)}</p>;
    case 'multiple':
      return (
        <ul className="list-disc pl-5">
          {(value.optionIds as string[]).map((optionId) => (
            <li key={optionId} className="break-words">
              {optionText(optionId)}
            </li>
          ))}
        </ul>
      );
    case 'truefalse':
      return <p>{value.value ? messages.questionTrue : messages.questionFalse}</p>;
    case 'numeric':
      return <p>{String(value.value).replace('.', ',')}</p>;
    case 'matching':
      return (
        <ul className="space-y-1">
          {(question.lefts ?? []).map((left, index) => (
            <li key={left} className="break-words">
              {left} → {(value.matches as (string | null)[])[index] ?? '—'}
            </li>
          ))}
        </ul>
      );
    case 'ordering':
      return (
        <ol className="list-decimal pl-5">
          {(value.order as string[]).map((item) => (
            <li key={item} className="break-words">
              {item}
            </li>
          ))}
        </ol>
      );
    default:
      return <p className="whitespace-pre-wrap break-words">{String(value.text ?? '')}</p>;
  }
}
