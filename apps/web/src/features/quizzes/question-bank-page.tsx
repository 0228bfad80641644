/**
 * /mycourse-details/{courseId}/questions (the author): the course's question
 * bank — searched and filtered by tag, each question created, edited or
 * deleted; GIFT or Aiken imported from a paste or a file (each wrong question
 * shown with its line, nothing created until all are right); GIFT exported.
 */
import { useDeferredValue, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { ROUTES, messages, webUiMessages, type ImportFormat } from '@urok/contract';
import type { Question } from '@urok/contract/schemas';
import { Button } from '../../components/ui/button';
import { TextAreaField, TextField } from '../../components/ui/fields';
import { SelectField } from '../../components/ui/select-field';
import { Spinner } from '../../components/ui/spinner';
import { failureMessage } from '../../lib/api';
import { useFieldValues } from '../../lib/form-controls';
import { useDocumentTitle } from '../../lib/document-title';
import { saveBlob } from '../../lib/save-file';
import { QuestionForm } from './question-form';
import { questionTitle } from './quiz-page';
import {
  useDeleteQuestionMutation,
  useExportQuestionsMutation,
  useImportQuestionsMutation,
  useQuestionsInfiniteQuery,
  type ImportFailure,
} from './quizzes-api';

export function QuestionBankPage() {
  const { id: courseId = '' } = useParams();
  useDocumentTitle(messages.bankTitle);
  const filter = useFieldValues({ search: '', tag: '' });
  const { tag } = filter.values;
  const q = useDeferredValue(filter.values.search.trim());
  const list = useQuestionsInfiniteQuery({
    courseId,
    ...(tag ? { tag } : {}),
    ...(q ? { q } : {}),
  });
  const all = useQuestionsInfiniteQuery({ courseId });
  const tags = [
    ...new Set((all.data?.pages ?? []).flatMap((page) => page.questions.flatMap((x) => x.tags))),
  ].sort();
  const [editing, setEditing] = useState<Question | 'new' | null>(null);
  const [removeQuestion] = useDeleteQuestionMutation();
  const [exportGift, exporting] = useExportQuestionsMutation();
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const questions = list.data?.pages.flatMap((page) => page.questions) ?? [];

  const remove = async (question: Question) => {
    if (!window.confirm(messages.bankDeleteConfirm(questionTitle(question.text)))) return;
    setNotice(null);
    try {
      await removeQuestion(question._id).unwrap();
    } catch (failure) {
      setNotice({ error: true, text: failureMessage(failure, messages.quizSaveFailed) });
    }
  };
  const download = async () => {
    setNotice(null);
    try {
      const text = await exportGift({ courseId, ...(tag ? { tag } : {}) }).unwrap();
      saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), 'questions.gift.txt');
    } catch (failure) {
      setNotice({ error: true, text: failureMessage(failure, messages.quizLoadFailed) });
    }
  };

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-6 sm:px-6">
      <Link
        to={ROUTES.myCourseDetails(courseId)}
        className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
      >
        ← {messages.quizBackToCourse}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{messages.bankTitle}</h1>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setEditing('new')}>{messages.bankNew}</Button>
          <Button
            variant="secondary"
            disabled={exporting.isLoading}
            onClick={() => void download()}
          >
            {tag ? messages.bankExportTagged(tag) : messages.bankExport}
          </Button>
        </div>
      </div>
      {notice && (
        <p
          role={notice.error ? 'alert' : 'status'}
          className={`rounded-lg px-3 py-2 text-sm ${notice.error ? 'bg-red-50 text-red-800' : 'bg-emerald-50 text-emerald-900'}`}
        >
          {notice.text}
        </p>
      )}
      {editing && (
        <QuestionForm
          key={editing === 'new' ? 'new' : editing._id}
          courseId={courseId}
          question={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <ImportForm
        courseId={courseId}
        onImported={(count) => setNotice({ error: false, text: messages.bankImportDone(count) })}
      />
      <section aria-labelledby="bank-list-heading" className="space-y-3">
        <h2 id="bank-list-heading" className="sr-only">
          {messages.bankTitle}
        </h2>
        <div className="grid gap-3 sm:grid-cols-[1fr_14rem]">
          <TextField
            id="bank-search"
            type="search"
            label={messages.bankSearchLabel}
            {...filter.bind('search')}
          />
          <SelectField id="bank-tag" label={messages.bankTagLabel} {...filter.bind('tag')}>
            <option value="">{messages.bankAllTags}</option>
            {tags.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </SelectField>
        </div>
        {list.error && (
          <p role="alert" className="text-sm text-red-800">
            {failureMessage(list.error, messages.quizLoadFailed)}
          </p>
        )}
        {list.isLoading && <Spinner className="py-8" />}
        {list.data && questions.length === 0 && (
          <p className="text-slate-700">{q || tag ? messages.bankNoMatch : messages.bankEmpty}</p>
        )}
        {questions.length > 0 && (
          <ul
            className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
            data-testid="question-list"
          >
            {questions.map((question) => (
              <li key={question._id} className="flex flex-wrap items-start gap-3 px-4 py-3">
                <div className="min-w-0 grow space-y-1">
                  <p className="break-words font-medium text-slate-900">
                    {questionTitle(question.text)}
                  </p>
                  <p className="text-xs text-slate-600">
                    {messages.quizKindNames[question.kind]} ·{' '}
                    {messages.attemptQuestionPoints(question.points)}
                    {question.tags.length > 0 ? ` · ${question.tags.join(', ')}` : ''}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button variant="secondary" onClick={() => setEditing(question)}>
                    {messages.bankEdit}
                    <span className="sr-only">: {questionTitle(question.text)}</span>
                  </Button>
                  <Button
                    variant="ghost"
                    className="text-red-700"
                    onClick={() => void remove(question)}
                  >
                    {messages.bankDelete}
                    <span className="sr-only">: {questionTitle(question.text)}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {list.hasNextPage && (
          <Button
            variant="secondary"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {messages.bankMore}
          </Button>
        )}
      </section>
    </div>
  );
}

function ImportForm({
  courseId,
  onImported,
}: {
  courseId: string;
  onImported: (count: number) => void;
}) {
  const [importQuestions, state] = useImportQuestionsMutation();
  const form = useFieldValues({ format: 'gift', text: '', tag: '' });
  const { text, tag } = form.values;
  const format = form.values.format as ImportFormat;
  const [failure, setFailure] = useState<{
    message: string;
    errors: { line: number; message: string }[];
  } | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      const result = await importQuestions({
        courseId,
        format,
        text,
        ...(tag.trim() ? { tag: tag.trim() } : {}),
      }).unwrap();
      form.setValues({ text: '' });
      onImported(result.created.length);
    } catch (error) {
      const errors = (error as ImportFailure).errors ?? [];
      setFailure({ message: failureMessage(error, messages.quizSaveFailed), errors });
      requestAnimationFrame(() => alertRef.current?.focus());
    }
  };
  return (
    <details className="rounded-xl border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer text-lg font-semibold text-slate-900">
        {messages.bankImportHeading}
      </summary>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            id="import-format"
            label={messages.bankImportFormat}
            {...form.bind('format')}
          >
            <option value="gift">{webUiMessages.importFormatGift}</option>
            <option value="aiken">{webUiMessages.importFormatAiken}</option>
          </SelectField>
          <div className="space-y-1.5">
            <label htmlFor="import-file" className="block text-sm font-medium text-slate-800">
              {messages.bankImportFile}
            </label>
            <input
              id="import-file"
              type="file"
              accept=".txt,.gift,text/plain"
              className="block w-full text-sm"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void file.text().then((text) => form.setValues({ text }));
              }}
            />
          </div>
        </div>
        <div className="[&_textarea]:font-mono">
          <TextAreaField
            id="import-text"
            label={messages.bankImportText}
            rows={10}
            spellCheck={false}
            {...form.bind('text')}
          />
        </div>
        <TextField
          id="import-tag"
          label={messages.bankImportTag}
          maxLength={40}
          {...form.bind('tag')}
        />
        {failure && (
          <div
            ref={alertRef}
            tabIndex={-1}
            role="alert"
            className="space-y-1 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            <p className="font-semibold">{failure.message}</p>
            {failure.errors.length > 0 && (
              <ul className="list-disc pl-5" data-testid="import-errors">
                {failure.errors.map((error) => (
                  <li key={`${error.line}-${error.message}`}>
                    {messages.bankImportLine(error.line, error.message)}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <Button type="submit" disabled={state.isLoading || text.trim() === ''}>
          {messages.bankImportAction}
        </Button>
      </form>
    </details>
  );
}
