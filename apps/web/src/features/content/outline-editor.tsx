import { useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { QUIZ_ROUTES, ROUTES, gradingMessages, messages } from '@urok/contract';
import type { Outline } from '@urok/contract/schemas';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { FormAlert } from '../../components/ui/form-alert';
import { Spinner } from '../../components/ui/spinner';
import { StatusBanner, type Banner } from '../../components/ui/status-banner';
import { failureMessage } from '../../lib/api';
import { useCheckedForm } from '../../lib/use-checked-form';
import { useChangeOutlineMutation, useOutlineQuery, type OutlineChange } from './content-api';
import { lessonPath } from './course-outline';

type Section = Outline['sections'][number];

/** A copy of the outline with one section moved by `delta` places. */
export function moveSection(outline: Outline, index: number, delta: number): Outline {
  const target = index + delta;
  if (target < 0 || target >= outline.sections.length) return outline;
  const sections = [...outline.sections];
  const [moved] = sections.splice(index, 1);
  sections.splice(target, 0, moved!);
  return { ...outline, sections };
}

/**
 * A copy with one item moved by `delta` places; past the first or last item
 * of its section it goes to the end of the section before or the start of
 * the one after.
 */
export function moveItem(outline: Outline, s: number, i: number, delta: number): Outline {
  const sections = outline.sections.map((section) => ({ ...section, items: [...section.items] }));
  const from = sections[s]!;
  const [item] = from.items.splice(i, 1);
  if (!item) return outline;
  const target = i + delta;
  if (target >= 0 && target <= from.items.length) {
    from.items.splice(target, 0, item);
    return { ...outline, sections };
  }
  const next = sections[s + (delta > 0 ? 1 : -1)];
  if (!next) return outline;
  if (delta > 0) next.items.unshift(item);
  else next.items.push(item);
  return { ...outline, sections };
}

/** A copy with an item put before `beforeId` in section `toSection` (or at its end). */
export function dropItem(
  outline: Outline,
  itemId: string,
  toSection: string,
  beforeId: string | null,
): Outline {
  let dragged: Section['items'][number] | undefined;
  const sections = outline.sections.map((section) => ({
    ...section,
    items: section.items.filter((item) => {
      if (item._id !== itemId) return true;
      dragged = item;
      return false;
    }),
  }));
  const target = sections.find((section) => section._id === toSection);
  if (!dragged || !target) return outline;
  const at = beforeId ? target.items.findIndex((item) => item._id === beforeId) : -1;
  target.items.splice(at < 0 ? target.items.length : at, 0, dragged);
  return { ...outline, sections };
}

/** One title field with its submit button: a new section, a rename, a new lesson. */
function TitleForm({
  id,
  label,
  submitLabel,
  initial = '',
  maxLength,
  onSubmit,
  onCancel,
}: {
  id: string;
  label: string;
  submitLabel: string;
  initial?: string;
  maxLength: number;
  onSubmit: (title: string) => Promise<string | null>;
  /** A rename: the field takes the focus with its text selected, and Esc cancels. */
  onCancel?: () => void;
}) {
  const { formRef, values, setValues, field, errors, showCheck, setErrors, pending, setPending } =
    useCheckedForm(['title'] as const, { initial: { title: initial } });
  useEffect(() => {
    if (!onCancel) return;
    const field = document.getElementById(id);
    if (field instanceof HTMLInputElement) {
      field.focus();
      field.select();
    }
    // Once, when the rename opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = values.title.trim();
    const invalid = trimmed.length === 0 || trimmed.length > maxLength;
    if (!showCheck(invalid ? { message: label, fields: ['title'] } : null)) return;
    setPending(true);
    const failure = await onSubmit(trimmed);
    setPending(false);
    if (failure) setErrors({ message: failure, fields: {} });
    else if (!onCancel) setValues({ title: '' });
  };
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onCancel) {
          event.preventDefault();
          onCancel();
        }
      }}
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
    >
      <div className="grow">
        <TextField {...field('title')} id={id} label={label} maxLength={maxLength} />
      </div>
      <Button type="submit" disabled={pending} aria-busy={pending}>
        {submitLabel}
      </Button>
      {onCancel && (
        <Button variant="secondary" onClick={onCancel}>
          {messages.editorCancel}
        </Button>
      )}
      {errors.message && <FormAlert id={`${id}-alert`} message={errors.message} />}
    </form>
  );
}

/**
 * The author's outline on the teacher's course page: sections (add, rename,
 * delete, reorder), lessons (add, publish, reorder, move between sections) by
 * drag and drop or by the 'вище'/'нижче' buttons, which the keyboard reaches.
 */
export function OutlineEditor({
  courseId,
  editLessonPath,
}: {
  courseId: string;
  /** Where a lesson is edited; the lesson page when absent. */
  editLessonPath?: (courseId: string, lessonId: string) => string;
}) {
  const { data: outline, isError: loadFailed, refetch } = useOutlineQuery(courseId);
  const [changeOutline] = useChangeOutlineMutation();
  const [banner, setBanner] = useState<Banner | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  /** The element (by id) that takes the focus once the outline has re-rendered. */
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const dragged = useRef<{ kind: 'item' | 'section'; id: string } | null>(null);

  useEffect(() => {
    if (!focusTarget) return;
    const element = document.getElementById(focusTarget);
    if (!element) return;
    element.focus();
    setFocusTarget(null);
  }, [focusTarget, outline, renaming, deleting]);

  /**
   * Sends one change (a reorder shows at once, content-api.ts); resolves to
   * the error message, or null when saved.
   */
  const apply = async (change: OutlineChange): Promise<string | null> => {
    const result = await changeOutline({ courseId, change });
    if (!result.error) {
      setBanner({ tone: 'success', text: messages.editorSaved });
      return null;
    }
    const message = failureMessage(result.error, messages.editorFailed);
    setBanner({ tone: 'error', text: message });
    return message;
  };

  const onDrop = (event: DragEvent, sectionId: string, beforeId: string | null) => {
    event.preventDefault();
    event.stopPropagation();
    const source = dragged.current;
    dragged.current = null;
    if (!outline || !source) return;
    if (source.kind === 'item') {
      void apply({ kind: 'reorder', outline: dropItem(outline, source.id, sectionId, beforeId) });
    } else if (source.id !== sectionId) {
      const from = outline.sections.findIndex((section) => section._id === source.id);
      const to = outline.sections.findIndex((section) => section._id === sectionId);
      void apply({ kind: 'reorder', outline: moveSection(outline, from, to - from) });
    }
  };
  const allowDrop = (event: DragEvent) => event.preventDefault();

  const headingId = 'outline-editor-heading';
  return (
    <section
      id="course-outline"
      aria-labelledby={headingId}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2
        id={headingId}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 focus:outline-2 focus:outline-indigo-600"
      >
        {messages.outlineHeading}
      </h2>
      <p className="text-sm text-slate-600">{messages.editorDragHint}</p>
      <StatusBanner banner={banner} />
      {loadFailed ? (
        <div role="alert" className="flex flex-col items-start gap-3 text-sm text-red-800">
          <p>{messages.outlineLoadFailed}</p>
          <Button variant="secondary" onClick={() => void refetch()}>
            {messages.retry}
          </Button>
        </div>
      ) : !outline ? (
        <Spinner />
      ) : (
        <ol className="space-y-4">
          {outline.sections.map((section, s) => (
            <li
              key={section._id}
              data-testid="outline-section"
              onDragOver={allowDrop}
              onDrop={(event) => onDrop(event, section._id, null)}
              className="space-y-3 rounded-xl border border-slate-200 p-3"
            >
              <div
                draggable
                onDragStart={() => (dragged.current = { kind: 'section', id: section._id })}
                className="flex flex-wrap items-center gap-2"
              >
                {renaming === section._id ? (
                  <div className="w-full">
                    <TitleForm
                      id={`rename-${section._id}`}
                      label={messages.editorSectionTitle}
                      submitLabel={messages.editorSave}
                      initial={section.title}
                      maxLength={120}
                      onCancel={() => {
                        setRenaming(null);
                        setFocusTarget(`rename-button-${section._id}`);
                      }}
                      onSubmit={async (title) => {
                        const failure = await apply({
                          kind: 'renameSection',
                          sectionId: section._id,
                          title,
                        });
                        if (!failure) {
                          setRenaming(null);
                          setFocusTarget(`rename-button-${section._id}`);
                        }
                        return failure;
                      }}
                    />
                  </div>
                ) : (
                  <>
                    <h3
                      id={`section-heading-${section._id}`}
                      tabIndex={-1}
                      className="grow cursor-grab text-base font-semibold text-slate-900 focus:outline-2 focus:outline-indigo-600"
                    >
                      {section.title}
                    </h3>
                    <Button
                      variant="ghost"
                      aria-label={messages.editorMoveUp(section.title)}
                      disabled={s === 0}
                      onClick={() =>
                        void apply({ kind: 'reorder', outline: moveSection(outline, s, -1) })
                      }
                    >
                      ↑
                    </Button>
                    <Button
                      variant="ghost"
                      aria-label={messages.editorMoveDown(section.title)}
                      disabled={s === outline.sections.length - 1}
                      onClick={() =>
                        void apply({ kind: 'reorder', outline: moveSection(outline, s, 1) })
                      }
                    >
                      ↓
                    </Button>
                    <Button
                      id={`rename-button-${section._id}`}
                      variant="secondary"
                      onClick={() => setRenaming(section._id)}
                    >
                      {messages.editorRename}
                    </Button>
                    <Button
                      variant="secondary"
                      aria-label={messages.editorDeleteSection(section.title)}
                      onClick={() => {
                        const near = outline.sections[s + 1] ?? outline.sections[s - 1];
                        void apply({ kind: 'deleteSection', sectionId: section._id }).then(
                          (failure) => {
                            if (!failure)
                              setFocusTarget(near ? `section-heading-${near._id}` : headingId);
                          },
                        );
                      }}
                    >
                      ✕
                    </Button>
                  </>
                )}
              </div>
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-100">
                {section.items.map((item, i) => (
                  <li
                    key={item._id}
                    draggable
                    data-testid="outline-item"
                    onDragStart={(event) => {
                      event.stopPropagation();
                      dragged.current = { kind: 'item', id: item._id };
                    }}
                    onDragOver={allowDrop}
                    onDrop={(event) => onDrop(event, section._id, item._id)}
                    className="flex min-h-11 cursor-grab flex-wrap items-center gap-2 px-3 py-2"
                  >
                    <Link
                      to={
                        item.kind === 'assignment'
                          ? ROUTES.assignment(courseId, item._id)
                          : item.kind === 'quiz'
                            ? QUIZ_ROUTES.quiz(courseId, item._id)
                            : (editLessonPath ?? lessonPath)(courseId, item._id)
                      }
                      id={`outline-item-${item._id}`}
                      className="grow text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
                    >
                      {item.kind === 'quiz' && (
                        <span className="mr-1 rounded bg-indigo-100 px-1.5 py-0.5 text-xs font-semibold text-indigo-900">
                          {messages.outlineQuiz}
                        </span>
                      )}
                      {item.title}
                    </Link>
                    {item.kind === 'assignment' && (
                      <Link
                        to={`${ROUTES.assignment(courseId, item._id)}/grade`}
                        aria-describedby={`outline-item-${item._id}`}
                        className="inline-flex min-h-11 items-center text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
                      >
                        {gradingMessages.openGrading}
                      </Link>
                    )}
                    <label className="flex items-center gap-1 text-sm text-slate-700">
                      <input
                        type="checkbox"
                        className="size-4"
                        checked={item.published}
                        aria-label={
                          item.published
                            ? messages.editorUnpublish(item.title)
                            : messages.editorPublish(item.title)
                        }
                        onChange={() =>
                          void apply({
                            kind: 'publish',
                            item: item.kind,
                            id: item._id,
                            published: !item.published,
                          })
                        }
                      />
                      <span aria-hidden="true">
                        {item.published ? messages.editorPublished : messages.outlineDraft}
                      </span>
                    </label>
                    <Button
                      variant="ghost"
                      aria-label={messages.editorMoveUp(item.title)}
                      disabled={s === 0 && i === 0}
                      onClick={() =>
                        void apply({ kind: 'reorder', outline: moveItem(outline, s, i, -1) })
                      }
                    >
                      ↑
                    </Button>
                    <Button
                      variant="ghost"
                      aria-label={messages.editorMoveDown(item.title)}
                      disabled={s === outline.sections.length - 1 && i === section.items.length - 1}
                      onClick={() =>
                        void apply({ kind: 'reorder', outline: moveItem(outline, s, i, 1) })
                      }
                    >
                      ↓
                    </Button>
                    {item.kind === 'lesson' && (
                      <Button
                        id={`delete-button-${item._id}`}
                        variant="ghost"
                        aria-label={messages.editorDeleteLesson(item.title)}
                        onClick={() => {
                          setDeleting(item._id);
                          setFocusTarget(`delete-confirm-${item._id}`);
                        }}
                      >
                        ✕
                      </Button>
                    )}
                    {deleting === item._id && (
                      <div
                        role="group"
                        aria-label={messages.editorDeleteLesson(item.title)}
                        className="flex w-full flex-wrap items-center gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3"
                      >
                        <p className="text-sm text-amber-950">
                          {messages.editorDeleteLessonConfirm(item.title)}
                        </p>
                        <Button
                          id={`delete-confirm-${item._id}`}
                          onClick={() => {
                            setDeleting(null);
                            // The next item takes the focus, else the previous, else the section's heading.
                            const near = section.items[i + 1] ?? section.items[i - 1];
                            void apply({ kind: 'deleteLesson', lessonId: item._id }).then(
                              (failure) =>
                                setFocusTarget(
                                  failure
                                    ? `delete-button-${item._id}`
                                    : near
                                      ? `outline-item-${near._id}`
                                      : `section-heading-${section._id}`,
                                ),
                            );
                          }}
                        >
                          {messages.editorDeleteConfirm}
                        </Button>
                        <Button
                          variant="secondary"
                          onClick={() => {
                            setDeleting(null);
                            setFocusTarget(`delete-button-${item._id}`);
                          }}
                        >
                          {messages.editorCancel}
                        </Button>
                      </div>
                    )}
                  </li>
                ))}
              </ul>
              <TitleForm
                id={`new-lesson-${section._id}`}
                label={messages.editorNewLessonTitle(section.title)}
                submitLabel={messages.editorAddLesson}
                maxLength={200}
                onSubmit={(title) => apply({ kind: 'addLesson', sectionId: section._id, title })}
              />
              <TitleForm
                id={`new-quiz-${section._id}`}
                label={messages.outlineNewQuizLabel(section.title)}
                submitLabel={messages.outlineAddQuiz}
                maxLength={200}
                onSubmit={(title) => apply({ kind: 'addQuiz', sectionId: section._id, title })}
              />
            </li>
          ))}
        </ol>
      )}
      <Link
        to={QUIZ_ROUTES.questionBank(courseId)}
        className="inline-block text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
      >
        {messages.bankLink}
      </Link>
      {outline && (
        <TitleForm
          id="new-section"
          label={messages.editorNewSectionTitle}
          submitLabel={messages.editorAddSection}
          maxLength={120}
          onSubmit={(title) => apply({ kind: 'addSection', title })}
        />
      )}
    </section>
  );
}
