import { useCallback, useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ROUTES, messages } from '@urok/contract';
import type { Outline } from '@urok/contract/schemas';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { FormAlert } from '../../components/ui/form-alert';
import { Spinner } from '../../components/ui/spinner';
import { StatusBanner, type Banner } from '../../components/ui/status-banner';
import { useServiceDispatch } from '../../lib/app-thunk';
import { useCheckedForm } from '../../lib/use-checked-form';
import { changeOutline, fetchOutline, type OutlineChange } from './content-thunks';
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
  onCancel?: () => void;
}) {
  const [title, setTitle] = useState(initial);
  const { formRef, errors, showCheck, setErrors, pending, setPending } = useCheckedForm([
    'title',
  ] as const);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    const invalid = trimmed.length === 0 || trimmed.length > maxLength;
    if (!showCheck(invalid ? { message: label, fields: ['title'] } : null)) return;
    setPending(true);
    const failure = await onSubmit(trimmed);
    setPending(false);
    if (failure) setErrors({ message: failure, fields: {} });
    else if (!onCancel) setTitle('');
  };
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
    >
      <div className="grow">
        <TextField
          id={id}
          name="title"
          label={label}
          value={title}
          maxLength={maxLength}
          onChange={(event) => setTitle(event.target.value)}
          error={errors.fields.title}
        />
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
  const dispatch = useServiceDispatch();
  const [outline, setOutline] = useState<Outline | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const dragged = useRef<{ kind: 'item' | 'section'; id: string } | null>(null);

  const load = useCallback(async () => {
    setLoadFailed(false);
    const result = await dispatch(fetchOutline(courseId));
    if (fetchOutline.fulfilled.match(result)) setOutline(result.payload);
    else setLoadFailed(true);
  }, [dispatch, courseId]);
  useEffect(() => {
    void load();
  }, [load]);

  /** Sends one change; resolves to the error message, or null when saved. */
  const apply = async (change: OutlineChange): Promise<string | null> => {
    if (change.kind === 'reorder') setOutline(change.outline);
    const result = await dispatch(changeOutline({ courseId, change }));
    if (changeOutline.fulfilled.match(result)) {
      setOutline(result.payload);
      setBanner({ tone: 'success', text: messages.editorSaved });
      return null;
    }
    const message = result.payload?.message ?? messages.editorFailed;
    setBanner({ tone: 'error', text: message });
    if (change.kind === 'reorder') void load();
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
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {messages.outlineHeading}
      </h2>
      <p className="text-sm text-slate-600">{messages.editorDragHint}</p>
      <StatusBanner banner={banner} />
      {loadFailed ? (
        <div role="alert" className="flex flex-col items-start gap-3 text-sm text-red-800">
          <p>{messages.outlineLoadFailed}</p>
          <Button variant="secondary" onClick={() => void load()}>
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
                      onCancel={() => setRenaming(null)}
                      onSubmit={async (title) => {
                        const failure = await apply({
                          kind: 'renameSection',
                          sectionId: section._id,
                          title,
                        });
                        if (!failure) setRenaming(null);
                        return failure;
                      }}
                    />
                  </div>
                ) : (
                  <>
                    <h3 className="grow cursor-grab text-base font-semibold text-slate-900">
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
                    <Button variant="secondary" onClick={() => setRenaming(section._id)}>
                      {messages.editorRename}
                    </Button>
                    <Button
                      variant="secondary"
                      aria-label={messages.editorDeleteSection(section.title)}
                      onClick={() => void apply({ kind: 'deleteSection', sectionId: section._id })}
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
                          : (editLessonPath ?? lessonPath)(courseId, item._id)
                      }
                      className="grow text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
                    >
                      {item.title}
                    </Link>
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
                        variant="ghost"
                        aria-label={messages.editorDeleteLesson(item.title)}
                        onClick={() => setDeleting(item._id)}
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
                          onClick={() => {
                            setDeleting(null);
                            void apply({ kind: 'deleteLesson', lessonId: item._id });
                          }}
                        >
                          {messages.editorDeleteConfirm}
                        </Button>
                        <Button variant="secondary" onClick={() => setDeleting(null)}>
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
            </li>
          ))}
        </ol>
      )}
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
