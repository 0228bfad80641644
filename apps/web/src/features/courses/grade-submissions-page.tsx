import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  ASSIGNMENT_LIMITS,
  COURSE_LIMITS,
  ROUTES,
  checkGrade,
  courseMessages,
  gradesMessages,
  gradingMessages,
  messages,
  parsePoints,
  type Homework,
  type UserWithHomework,
} from '@urok/contract';
import { Button } from '../../components/ui/button';
import { TextAreaField, TextField, controlProps } from '../../components/ui/fields';
import { FormAlert } from '../../components/ui/form-alert';
import { Spinner } from '../../components/ui/spinner';
import { asFailure, useApiDispatch } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import type { FormErrors } from '../../lib/form-errors';
import { useCheckedForm } from '../../lib/use-checked-form';
import { CommentThread } from './components/comment-thread';
import { GradeHistory } from './components/grade-history';
import { LoadError } from './components/page-frame';
import { SubmissionFacts } from './components/submission-facts';
import { formatDateTime, formatGrade } from './format';
import { useAssignmentQuery } from './grading-api';
import {
  homeworkApi,
  useGradeHomeworkMutation,
  useHomeworkFileLinkQuery,
  useHomeworkTextQuery,
  useRegradeHomeworkMutation,
  useSubmissionsQuery,
} from './homework-api';

/** One student who handed the assignment in: their submissions, newest first. */
interface StudentWork {
  _id: string;
  username: string;
  submissions: Homework[];
  /** The one to grade: the newest ungraded submission, else the newest. */
  current: Homework;
  ungraded: boolean;
}

const byName = new Intl.Collator('uk');

/** The students who submitted to the assignment, by name (as the gradebook lists them). */
function studentWorks(users: UserWithHomework[], assignmentId: string): StudentWork[] {
  const works: StudentWork[] = [];
  for (const user of users) {
    const submissions = user.homework.filter((entry) => entry.assignmentId === assignmentId);
    if (submissions.length === 0) continue;
    const open = submissions.find((entry) => entry.grade === null);
    works.push({
      _id: user._id,
      username: user.username,
      submissions,
      current: open ?? submissions[0]!,
      ungraded: open !== undefined,
    });
  }
  return works.sort((a, b) => byName.compare(a.username, b.username));
}

/** Longer text is cut for the page (the whole file stays a download away). */
const TEXT_PREVIEW_CHARS = 100_000;

type PreviewKind = 'pdf' | 'image' | 'text' | null;

function previewKind(mimeType: string): PreviewKind {
  if (mimeType === 'application/pdf') return 'pdf';
  if (mimeType === 'image/jpeg' || mimeType === 'image/png' || mimeType === 'image/webp')
    return 'image';
  return mimeType === 'text/plain' ? 'text' : null;
}

/** The submission in the page: a PDF in a frame, an image, text as text, else the download only. */
function SubmissionPreview({ homework }: { homework: Homework }) {
  const kind = previewKind(homework.mimeType);
  const link = useHomeworkFileLinkQuery(homework._id, {
    skip: kind !== 'pdf' && kind !== 'image',
  });
  const text = useHomeworkTextQuery(homework._id, { skip: kind !== 'text' });
  const title = gradingMessages.previewTitle(homework.fileName);
  const frame = 'w-full rounded-lg border border-slate-200 bg-slate-50';

  if (kind === null)
    return <p className="text-sm text-slate-700">{gradingMessages.previewUnavailable}</p>;
  if (link.isError || text.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {gradingMessages.previewFailed}
      </p>
    );
  if (kind === 'text') {
    if (text.currentData === undefined) return <Spinner />;
    const shortened = text.currentData.length > TEXT_PREVIEW_CHARS;
    return (
      <div className="space-y-2">
        <pre
          tabIndex={0}
          aria-label={title}
          className={`${frame} max-h-[70vh] overflow-auto whitespace-pre-wrap break-words p-4 font-mono text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600`}
        >
          {shortened ? text.currentData.slice(0, TEXT_PREVIEW_CHARS) : text.currentData}
        </pre>
        {shortened && <p className="text-xs text-slate-600">{gradingMessages.textShortened}</p>}
      </div>
    );
  }
  const url = link.currentData;
  if (!url) return <Spinner />;
  const inline = `${url}&inline=1`;
  return kind === 'pdf' ? (
    <iframe title={title} src={inline} className={`${frame} h-[75vh] min-h-96`} />
  ) : (
    <img
      src={inline}
      alt={title}
      className={`${frame} mx-auto h-auto max-h-[75vh] object-contain`}
    />
  );
}

type GradeField = 'grade' | 'feedback' | 'reason';
const GRADE_FIELDS: readonly GradeField[] = ['grade', 'feedback', 'reason'];

/**
 * The grade out of the maximum and the feedback; a graded submission's
 * current grade is filled in, and changing it needs the reason a regrade
 * keeps in the history.
 */
function GradePanel({
  homework,
  maxPoints,
  gradeRef,
  onSaved,
}: {
  homework: Homework;
  maxPoints: number;
  gradeRef: RefObject<HTMLInputElement | null>;
  onSaved: () => void;
}) {
  const id = useId();
  const dispatch = useApiDispatch();
  const [gradeHomework] = useGradeHomeworkMutation();
  const [regradeHomework] = useRegradeHomeworkMutation();
  const alertId = `${id}-alert`;
  const maxId = `${id}-max`;
  const form = useCheckedForm(GRADE_FIELDS, {
    initial: { grade: homework.grade ?? '', feedback: homework.feedback ?? '' },
    idPrefix: id,
    alertId,
  });
  const { values, field, errors } = form;
  const [saved, setSaved] = useState(false);
  const regrade = homework.grade !== null;
  const grade = controlProps(field('grade'));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.pending) return;
    setSaved(false);
    const fields: FormErrors<GradeField>['fields'] = {};
    const checked = checkGrade(values);
    if (checked) for (const field of checked.fields) fields[field] = checked.message;
    if (!fields.grade && parsePoints(values.grade, maxPoints) === null)
      fields.grade = messages.gradePointsInvalid(maxPoints);
    if (regrade && values.reason.trim().length < ASSIGNMENT_LIMITS.regradeReason.min)
      fields.reason = messages.regradeReasonInvalid;
    if (Object.keys(fields).length > 0) {
      form.showErrors({ message: null, fields });
      return;
    }
    form.clearErrors();
    form.setPending(true);
    const result = regrade
      ? await regradeHomework({ homeworkId: homework._id, ...values })
      : await gradeHomework({ homeworkId: homework._id, ...values });
    form.setPending(false);
    if (!result.error) {
      form.setValues({ grade: result.data.grade ?? '', reason: '' });
      setSaved(true);
      onSaved();
      return;
    }
    const failure = asFailure(result.error, courseMessages.gradeFailed);
    if (!regrade && failure.status === 409) {
      // Graded meanwhile (another tab): show the grade that is there.
      form.showErrors({ message: messages.alreadyGraded, fields: {} }, false);
      dispatch(homeworkApi.util.invalidateTags([{ type: 'Submissions', id: homework.courseId }]));
      return;
    }
    form.showServerFailure(failure, courseMessages.gradeFailed);
  };

  return (
    <form
      ref={form.formRef}
      noValidate
      aria-label={
        regrade
          ? gradesMessages.regradeFormName(homework.fileName)
          : courseMessages.gradeFormName(homework.fileName)
      }
      onSubmit={(event) => void submit(event)}
      // Any change hides 'Збережено'.
      onChange={() => setSaved(false)}
      aria-busy={form.pending}
      className="space-y-3"
    >
      {regrade && <p className="text-sm text-slate-700">{gradingMessages.regradeNote}</p>}
      <div className="space-y-1">
        <label htmlFor={`${id}-grade`} className="block text-sm font-medium text-slate-900">
          {gradingMessages.labelGrade}
        </label>
        <div className="flex items-center gap-2">
          <input
            ref={gradeRef}
            {...grade}
            maxLength={COURSE_LIMITS.grade.max}
            inputMode="decimal"
            autoComplete="off"
            // The maximum first, then the message, if any.
            aria-describedby={[maxId, grade['aria-describedby']].filter(Boolean).join(' ')}
            className={`min-h-11 w-28 rounded-lg border bg-white px-3 py-2 text-lg font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 ${
              errors.fields.grade ? 'border-red-700' : 'border-slate-400'
            }`}
          />
          <span id={maxId} className="text-lg font-semibold text-slate-700">
            <span aria-hidden="true">{gradingMessages.outOf(maxPoints)}</span>
            <span className="sr-only">{gradesMessages.maxPointsNote(maxPoints)}</span>
          </span>
        </div>
        {errors.fields.grade && (
          <p id={`${id}-grade-error`} className="text-sm font-medium text-red-800">
            {errors.fields.grade}
          </p>
        )}
      </div>
      <TextAreaField
        {...field('feedback')}
        rows={3}
        label={courseMessages.labelFeedback}
        maxLength={COURSE_LIMITS.feedback.max}
      />
      {regrade && (
        <TextField
          {...field('reason')}
          label={gradesMessages.labelRegradeReason}
          maxLength={ASSIGNMENT_LIMITS.regradeReason.max}
        />
      )}
      <FormAlert id={alertId} message={errors.message} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={form.pending} aria-busy={form.pending}>
          {regrade ? gradingMessages.saveRegrade : gradingMessages.saveGrade}
        </Button>
        <p role="status" className="text-sm font-medium text-emerald-900">
          {saved ? gradingMessages.saved : ''}
        </p>
      </div>
    </form>
  );
}

/** Whether a key press is typing (into a field or an editable element), not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target.closest('input, textarea, select') !== null)
  );
}

/**
 * /mycourse-details/{courseId}/assignments/{assignmentId}/grade (the author):
 * one student's submission at a time — previewed in the page — with the grade
 * out of the maximum, feedback and the comment thread; the student list, the
 * position, previous/next and 'Наступна неоцінена' move on (J/K, G focuses the
 * grade). `?student=` opens that student's work (a gradebook cell's link).
 */
export function GradeSubmissionsPage() {
  const { id: courseId = '', assignmentId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const assignmentQuery = useAssignmentQuery(assignmentId);
  const assignment = assignmentQuery.currentData;
  const submissions = useSubmissionsQuery(courseId);
  const gradeRef = useRef<HTMLInputElement>(null);
  const nextUngradedRef = useRef<HTMLButtonElement>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useDocumentTitle(
    assignment ? gradingMessages.heading(assignment.title) : gradingMessages.pageGrading,
  );

  const users = submissions.currentData;
  const works = useMemo(
    () => (users ? studentWorks(users, assignmentId) : undefined),
    [users, assignmentId],
  );
  const wanted = search.get('student');
  const found = works?.findIndex((work) => work._id === wanted) ?? -1;
  const index =
    works && found === -1
      ? Math.max(
          0,
          works.findIndex((work) => work.ungraded),
        )
      : found;
  const work = works?.[index];
  const homework =
    work?.submissions.find((entry) => entry._id === search.get('submission')) ?? work?.current;

  // Without ?student= (or naming no one here) the page settles on a student and says so in the
  // address, so grading that student (no longer the first ungraded) does not move the page on.
  const settled = work?._id;
  useEffect(() => {
    if (!settled || found !== -1) return;
    if (wanted !== null) setNotice(gradingMessages.studentNotFound);
    setSearch({ student: settled }, { replace: true });
  }, [settled, found, wanted, setSearch]);

  const go = (target: StudentWork | undefined, submissionId?: string) => {
    if (!target) return;
    setNotice(null);
    setSearch(
      submissionId ? { student: target._id, submission: submissionId } : { student: target._id },
    );
  };
  const step = (by: number) => {
    if (!works || works.length === 0) return;
    go(works[(index + by + works.length) % works.length]);
  };
  const nextUngraded = () => {
    if (!works) return;
    for (let offset = 1; offset < works.length; offset += 1) {
      const candidate = works[(index + offset) % works.length]!;
      if (candidate.ungraded) {
        go(candidate);
        return;
      }
    }
    setNotice(gradingMessages.noneUngraded);
  };

  // J/K move, G focuses the grade: not while typing in a field.
  const keys = useRef({ step, gradeRef });
  keys.current = { step, gradeRef };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTyping(event.target)) return;
      if (event.code === 'KeyJ') keys.current.step(1);
      else if (event.code === 'KeyK') keys.current.step(-1);
      else if (event.code === 'KeyG') {
        event.preventDefault();
        keys.current.gradeRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const back = (
    <Link
      to={ROUTES.assignment(courseId, assignmentId)}
      className="inline-flex min-h-11 items-center text-sm font-medium text-indigo-700 hover:underline"
    >
      ← {gradingMessages.backToAssignment}
    </Link>
  );

  if (!assignment || assignment.courseId !== courseId) {
    const failure = assignmentQuery.isError
      ? asFailure(assignmentQuery.error, gradesMessages.assignmentLoadFailed)
      : null;
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-8 sm:px-6">
        {back}
        <h1 className="text-2xl font-bold text-slate-900">{gradingMessages.pageGrading}</h1>
        {assignment || failure?.status === 404 || failure?.status === 403 ? (
          <p role="alert" className="text-sm text-slate-700">
            {messages.assignmentNotFound}
          </p>
        ) : failure ? (
          <LoadError message={failure.message} onRetry={() => void assignmentQuery.refetch()} />
        ) : (
          <Spinner />
        )}
      </div>
    );
  }

  const { maxPoints } = assignment;
  const button =
    'inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600';

  return (
    <div className="mx-auto w-full max-w-7xl space-y-4 px-4 py-6 sm:px-6">
      {back}
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere] sm:text-3xl">
          {gradingMessages.heading(assignment.title)}
        </h1>
        <p className="text-sm text-slate-700">{gradesMessages.maxPointsNote(maxPoints)}</p>
      </header>
      {submissions.isError ? (
        <LoadError
          message={courseMessages.submissionsLoadFailed}
          onRetry={() => void submissions.refetch()}
        />
      ) : !works ? (
        <Spinner />
      ) : !work || !homework ? (
        <p className="text-sm text-slate-700">{gradesMessages.noSubmissionsYet}</p>
      ) : (
        <>
          <nav
            aria-label={gradingMessages.navigation}
            className="space-y-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
          >
            <div className="flex flex-wrap items-end gap-3">
              <div className="min-w-0 flex-1 basis-64 space-y-1">
                <label
                  htmlFor="grading-student"
                  className="block text-sm font-medium text-slate-900"
                >
                  {gradingMessages.labelStudent}
                </label>
                <select
                  id="grading-student"
                  value={work._id}
                  onChange={(event) => go(works.find((entry) => entry._id === event.target.value))}
                  className="min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  {works.map((entry) => (
                    <option key={entry._id} value={entry._id}>
                      {gradingMessages.studentEntry(
                        entry.username,
                        entry.ungraded
                          ? gradingMessages.notGraded
                          : (formatGrade(entry.current, maxPoints) ?? gradingMessages.notGraded),
                      )}
                    </option>
                  ))}
                </select>
              </div>
              <p
                className="min-h-11 content-center text-sm font-semibold text-slate-900"
                aria-live="polite"
              >
                {gradingMessages.position(index + 1, works.length)}
              </p>
              <div className="flex flex-wrap gap-2">
                <button type="button" className={button} onClick={() => step(-1)}>
                  ← {gradingMessages.previous}
                </button>
                <button type="button" className={button} onClick={() => step(1)}>
                  {gradingMessages.next} →
                </button>
                <Button ref={nextUngradedRef} onClick={nextUngraded}>
                  {gradingMessages.nextUngraded}
                </Button>
              </div>
            </div>
            <p className="text-xs text-slate-600">{gradingMessages.keyboardHint}</p>
            <p role="status" className="text-sm font-medium text-slate-900 empty:hidden">
              {notice ?? ''}
            </p>
          </nav>
          <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(18rem,1fr)]">
            <section
              aria-labelledby="grading-work"
              className="min-w-0 space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <h2
                id="grading-work"
                className="text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]"
              >
                {work.username}
              </h2>
              <SubmissionFacts homework={homework} />
              {work.submissions.length > 1 && (
                <div className="text-sm">
                  <h3 className="font-medium text-slate-900">{gradingMessages.otherSubmissions}</h3>
                  <ul className="mt-1 flex flex-wrap gap-2">
                    {work.submissions.map((entry) => (
                      <li key={entry._id}>
                        <button
                          type="button"
                          aria-current={entry._id === homework._id ? 'true' : undefined}
                          onClick={() => go(work, entry._id)}
                          className={`${button} aria-[current=true]:border-indigo-600 aria-[current=true]:bg-indigo-50`}
                        >
                          {gradingMessages.submissionFrom(formatDateTime(entry.submittedAt))}
                          {entry.grade !== null
                            ? ` · ${formatGrade(entry, maxPoints) ?? entry.grade}`
                            : ''}
                        </button>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              <SubmissionPreview key={homework._id} homework={homework} />
            </section>
            <section
              aria-labelledby="grading-grade"
              className="min-w-0 space-y-4 self-start rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <h2 id="grading-grade" className="text-lg font-semibold text-slate-900">
                {gradingMessages.gradeHeading}
              </h2>
              <GradePanel
                key={homework._id}
                homework={homework}
                maxPoints={maxPoints}
                gradeRef={gradeRef}
                onSaved={() => nextUngradedRef.current?.focus()}
              />
              <GradeHistory homework={homework} maxPoints={maxPoints} />
              <CommentThread key={`comments-${homework._id}`} homeworkId={homework._id} />
            </section>
          </div>
        </>
      )}
    </div>
  );
}
