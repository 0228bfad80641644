/**
 * Creating or editing a question of the bank, every kind of section 14: its
 * text and explanation as documents (formulas included), points, tags and
 * the kind's key. The server checks the key's meaning (questionKeyProblem);
 * its message shows beside the field it names.
 */
import { useState, type FormEvent } from 'react';
import {
  QUESTION_KINDS,
  QUIZ_LIMITS,
  messages,
  parseNumber,
  type LessonDocument,
  type QuestionKind,
} from '@urok/contract';
import type { Question, QuestionBodyInput } from '@urok/contract/schemas';
import { DocumentField } from '../../components/editor/document-field';
import { Button } from '../../components/ui/button';
import { TextAreaField, TextField } from '../../components/ui/fields';
import { SelectField } from '../../components/ui/select-field';
import { bindEntry } from '../../lib/form-controls';
import { useCheckedForm } from '../../lib/use-checked-form';
import type { ApiFailure } from '../../lib/api-error';
import { useCreateQuestionMutation, useUpdateQuestionMutation } from './quizzes-api';

const FIELDS = [
  'kind',
  'text',
  'points',
  'tags',
  'options',
  'correct',
  'accepted',
  'value',
  'tolerance',
  'pairs',
  'items',
  'explanation',
] as const;

/** The message of the kind's key (options, answers, pairs…), which its fields refer to. */
const KEY_ERROR_ID = 'question-key-error';

interface OptionRow {
  id: string;
  text: string;
  right: boolean;
  credit?: number | undefined;
}

const hasText = (doc: LessonDocument | null) =>
  doc !== null && JSON.stringify(doc).match(/"(text|latex)":"[^"]*\S/) !== null;

function nextOptionId(rows: OptionRow[]): string {
  for (let i = 0; ; i += 1) {
    const id = i < 26 ? String.fromCharCode(97 + i) : `o${i}`;
    if (!rows.some((row) => row.id === id)) return id;
  }
}

export function QuestionForm({
  courseId,
  question,
  onDone,
}: {
  courseId: string;
  question: Question | null;
  onDone: () => void;
}) {
  const [create] = useCreateQuestionMutation();
  const [update] = useUpdateQuestionMutation();
  const form = useCheckedForm(FIELDS, {
    idPrefix: 'question',
    initial: {
      kind: question?.kind ?? 'single',
      points: String(question?.points ?? 1).replace('.', ','),
      tags: (question?.tags ?? []).join(', '),
      correct: question?.correct === false ? 'false' : 'true',
      accepted: (question?.accepted ?? [])
        .map((entry) => (typeof entry === 'string' ? entry : entry.text))
        .join('\n'),
      value: question?.value === undefined ? '' : String(question.value),
      tolerance: String(question?.tolerance ?? 0),
    },
  });
  const { field, values } = form;
  const kind = values.kind as QuestionKind;
  const { points, tags, accepted, value, tolerance } = values;
  const truth = values.correct;
  const [text, setText] = useState<LessonDocument | null>(question?.text ?? null);
  const [explanation, setExplanation] = useState<LessonDocument | null>(
    question?.explanation ?? null,
  );
  const correctIds = Array.isArray(question?.correct) ? question.correct : [];
  const [options, setOptions] = useState<OptionRow[]>(
    question?.options?.map((option) => ({
      id: option.id,
      text: option.text,
      right: correctIds.includes(option.id),
      credit: option.credit,
    })) ?? [
      { id: 'a', text: '', right: true },
      { id: 'b', text: '', right: false },
    ],
  );
  const [pairs, setPairs] = useState(
    question?.pairs ?? [
      { left: '', right: '' },
      { left: '', right: '' },
    ],
  );
  const [items, setItems] = useState(question?.items ?? ['', '']);

  const body = (): QuestionBodyInput | null => {
    const common = {
      text: text as LessonDocument,
      points: parseNumber(points) ?? Number.NaN,
      tags: tags
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ''),
      explanation: hasText(explanation) ? explanation : null,
    };
    switch (kind) {
      case 'single':
      case 'multiple':
        return {
          kind,
          ...common,
          options: options.map((option) => ({
            id: option.id,
            text: option.text,
            ...(option.credit !== undefined ? { credit: option.credit } : {}),
          })),
          correct: options.filter((option) => option.right).map((option) => option.id),
        } as QuestionBodyInput;
      case 'truefalse':
        return { kind, ...common, correct: truth === 'true' } as QuestionBodyInput;
      case 'short': {
        const previous = question?.accepted ?? [];
        return {
          kind,
          ...common,
          // An entry kept as it was keeps its credit (a Moodle import's partial answers).
          accepted: accepted
            .split('\n')
            .map((line) => line.trim())
            .filter((line) => line !== '')
            .map(
              (line) =>
                previous.find((entry) => typeof entry !== 'string' && entry.text === line) ?? line,
            ),
        } as QuestionBodyInput;
      }
      case 'numeric':
        return {
          kind,
          ...common,
          value: parseNumber(value) ?? Number.NaN,
          tolerance: parseNumber(tolerance) ?? Number.NaN,
          ...(question?.alternatives ? { alternatives: question.alternatives } : {}),
        } as QuestionBodyInput;
      case 'matching':
        return { kind, ...common, pairs } as QuestionBodyInput;
      case 'ordering':
        return { kind, ...common, items } as QuestionBodyInput;
      default:
        return { kind: 'essay', ...common } as QuestionBodyInput;
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.pending) return;
    if (!hasText(text)) {
      form.showErrors({ message: null, fields: { text: messages.questionTextRequired } } as never);
      return;
    }
    const request = body();
    if (!request) return;
    form.setPending(true);
    try {
      if (question) await update({ questionId: question._id, body: request }).unwrap();
      else await create({ courseId, body: request }).unwrap();
      form.clearErrors();
      onDone();
    } catch (failure) {
      form.showServerFailure(failure as ApiFailure, messages.quizSaveFailed);
    } finally {
      form.setPending(false);
    }
  };

  const errors = form.errors.fields;
  const keyError =
    errors.options ??
    errors.correct ??
    errors.accepted ??
    errors.value ??
    errors.tolerance ??
    errors.pairs ??
    errors.items;
  /** A field of the kind's key: its message is the one above the explanation. */
  const keyField = (name: 'accepted' | 'value' | 'tolerance') => ({
    ...field(name),
    error: errors[name] === undefined ? undefined : '',
    describedBy: KEY_ERROR_ID,
  });

  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby="question-form-heading"
      className="space-y-4 rounded-xl border border-indigo-200 bg-white p-4 sm:p-6"
    >
      <h2 id="question-form-heading" className="text-lg font-semibold text-slate-900">
        {question ? messages.questionFormEdit : messages.questionFormNew}
      </h2>
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <SelectField {...field('kind')} label={messages.questionKind}>
          {QUESTION_KINDS.map((name) => (
            <option key={name} value={name}>
              {messages.quizKindNames[name]}
            </option>
          ))}
        </SelectField>
        <TextField {...field('points')} label={messages.questionPointsLabel} inputMode="decimal" />
      </div>
      <DocumentField
        id="question-text"
        label={messages.questionText}
        initial={question?.text ?? null}
        onChange={setText}
        error={errors.text}
      />

      {(kind === 'single' || kind === 'multiple') && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">{messages.questionOptions}</legend>
          {options.map((option, index) => (
            <div key={option.id} className="flex flex-wrap items-end gap-2">
              <div className="min-w-0 grow">
                <TextField
                  id={`option-${option.id}`}
                  name={index === 0 ? 'options' : undefined}
                  label={messages.questionOptionLabel(index + 1)}
                  maxLength={QUIZ_LIMITS.optionText}
                  {...bindEntry(options, setOptions, index, 'text')}
                />
              </div>
              <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input
                  type={kind === 'single' ? 'radio' : 'checkbox'}
                  name="option-right"
                  className="size-5 accent-indigo-600"
                  aria-label={messages.questionOptionRight(index + 1)}
                  checked={option.right}
                  onChange={(event) =>
                    setOptions(
                      options.map((row) =>
                        row === option
                          ? { ...row, right: event.target.checked, credit: undefined }
                          : kind === 'single'
                            ? { ...row, right: false, credit: undefined }
                            : row,
                      ),
                    )
                  }
                />
                <span aria-hidden="true">✓</span>
              </label>
              <Button
                variant="secondary"
                aria-label={messages.questionRemove(messages.questionOptionLabel(index + 1))}
                disabled={options.length <= QUIZ_LIMITS.options.min}
                onClick={() => setOptions(options.filter((row) => row !== option))}
              >
                ✕
              </Button>
            </div>
          ))}
          <Button
            variant="secondary"
            disabled={options.length >= QUIZ_LIMITS.options.max}
            onClick={() =>
              setOptions([...options, { id: nextOptionId(options), text: '', right: false }])
            }
          >
            {messages.questionAddOption}
          </Button>
        </fieldset>
      )}
      {kind === 'truefalse' && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">
            {messages.questionTrueFalseRight}
          </legend>
          {(['true', 'false'] as const).map((option) => (
            <label key={option} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="correct"
                className="size-5 accent-indigo-600"
                value={option}
                checked={truth === option}
                onChange={field('correct').onChange}
              />
              {option === 'true' ? messages.questionTrue : messages.questionFalse}
            </label>
          ))}
        </fieldset>
      )}
      {kind === 'short' && (
        <TextAreaField {...keyField('accepted')} label={messages.questionAccepted} rows={3} />
      )}
      {kind === 'numeric' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...keyField('value')} label={messages.questionValue} inputMode="decimal" />
          <TextField
            {...keyField('tolerance')}
            label={messages.questionTolerance}
            inputMode="decimal"
          />
        </div>
      )}
      {kind === 'matching' && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">{messages.questionPairs}</legend>
          {pairs.map((_, index) => (
            <div key={index} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
              <TextField
                id={`pair-left-${index}`}
                name={index === 0 ? 'pairs' : undefined}
                label={messages.questionPairLeft(index + 1)}
                {...bindEntry(pairs, setPairs, index, 'left')}
              />
              <TextField
                id={`pair-right-${index}`}
                label={messages.questionPairRight(index + 1)}
                {...bindEntry(pairs, setPairs, index, 'right')}
              />
              <Button
                variant="secondary"
                aria-label={messages.questionRemove(messages.questionPairLeft(index + 1))}
                disabled={pairs.length <= QUIZ_LIMITS.pairs.min}
                onClick={() => setPairs(pairs.filter((_, i) => i !== index))}
              >
                ✕
              </Button>
            </div>
          ))}
          <Button
            variant="secondary"
            disabled={pairs.length >= QUIZ_LIMITS.pairs.max}
            onClick={() => setPairs([...pairs, { left: '', right: '' }])}
          >
            {messages.questionAddPair}
          </Button>
        </fieldset>
      )}
      {kind === 'ordering' && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">{messages.questionItems}</legend>
          {items.map((item, index) => (
            <div key={index} className="flex items-end gap-2">
              <div className="grow">
                <TextField
                  id={`item-${index}`}
                  name={index === 0 ? 'items' : undefined}
                  label={messages.questionItemLabel(index + 1)}
                  {...bindEntry(items, setItems, index)}
                />
              </div>
              <Button
                variant="secondary"
                aria-label={messages.questionRemove(messages.questionItemLabel(index + 1))}
                disabled={items.length <= QUIZ_LIMITS.items.min}
                onClick={() => setItems(items.filter((_, i) => i !== index))}
              >
                ✕
              </Button>
            </div>
          ))}
          <Button
            variant="secondary"
            disabled={items.length >= QUIZ_LIMITS.items.max}
            onClick={() => setItems([...items, ''])}
          >
            {messages.questionAddItem}
          </Button>
        </fieldset>
      )}
      {kind === 'essay' && <p className="text-sm text-slate-700">{messages.questionEssayHint}</p>}
      {keyError && (
        <p
          id={KEY_ERROR_ID}
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {keyError}
        </p>
      )}
      <DocumentField
        id="question-explanation"
        label={messages.questionExplanation}
        initial={question?.explanation ?? null}
        onChange={setExplanation}
        error={errors.explanation}
      />
      <TextField {...field('tags')} label={messages.questionTagsLabel} />
      {form.errors.message && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {form.errors.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={form.pending}>
          {messages.questionSave}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {messages.questionCancel}
        </Button>
      </div>
    </form>
  );
}
