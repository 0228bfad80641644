/**
 * /mycourse-details/{courseId}/lessons/{lessonId}/edit (the author): the
 * lesson's title and text in TipTap, its files and its video. Loaded only
 * through app/pages.tsx in the teacher's route table, so TipTap is in no
 * student's JavaScript.
 */
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
} from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { Link, useParams } from 'react-router';
import {
  COVER_ACCEPT,
  HOMEWORK_ACCEPT,
  ROUTES,
  VIDEO_ACCEPT,
  attachmentIdOfSrc,
  attachmentSrc,
  messages,
  normaliseHref,
  type LessonDocument,
} from '@urok/contract';
import type { Attachment, Lesson } from '@urok/contract/schemas';
import { MathPanel, mathDraftOf, type MathDraft } from '../../components/editor/math-panel';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { FileInput } from '../../components/ui/file-input';
import { Spinner } from '../../components/ui/spinner';
import { UploadProgress } from '../../components/ui/upload-progress';
import { failureMessage, queryLoad } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { useFieldValues } from '../../lib/form-controls';
import type { UploadState } from '../../lib/resumable-upload';
import { useCheckedForm } from '../../lib/use-checked-form';
import {
  useLessonQuery,
  useRemoveAttachmentMutation,
  useRemoveVideoMutation,
  useSaveLessonMutation,
  useUploadAttachmentMutation,
  useUploadVideoMutation,
} from './content-api';
import { lessonPath } from './course-outline';
import { lessonEditorExtensions } from './editor-extensions';
import { readLocalDraft, useAutosave, type LessonDraft } from './use-autosave';

const TOOL =
  'min-h-11 min-w-11 rounded-md border border-slate-300 bg-white px-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 aria-pressed:border-indigo-600 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-900';

/** Where the link popover opens: just under the selection, inside the editor's section. */
export interface PopoverPlace {
  top: number;
  left: number;
}

/**
 * The link popover over the selection: a URL field, 'Додати' and 'Скасувати' (or Esc). A bare
 * domain gets https://; another scheme is refused with the schema's message. The focus goes to
 * the field on open and back to the text on close.
 */
function LinkPopover({
  editor,
  place,
  onClose,
}: {
  editor: Editor;
  place: PopoverPlace | null;
  onClose: () => void;
}) {
  const current = (editor.getAttributes('link') as { href?: string }).href ?? '';
  const form = useCheckedForm(['href'] as const, {
    initial: { href: current },
    ids: { href: 'lesson-link-href' },
  });
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.querySelector('input')?.focus();
  }, []);
  useEffect(() => {
    if (place && panel.current) {
      panel.current.style.top = `${place.top}px`;
      panel.current.style.left = `${place.left}px`;
    }
  }, [place]);
  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const value = normaliseHref(form.values.href);
    if (!value) {
      form.showCheck({ message: messages.documentLinkInvalid, fields: ['href'] });
      return;
    }
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain
        .insertContent({
          type: 'text',
          text: value,
          marks: [{ type: 'link', attrs: { href: value } }],
        })
        .run();
    else chain.extendMarkRange('link').setLink({ href: value }).run();
    onClose();
  };
  return (
    <div
      ref={panel}
      role="dialog"
      aria-label={messages.lessonEditorLinkDialog}
      data-testid="link-popover"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          close();
        }
      }}
      className="absolute left-0 top-14 z-20 w-[min(22rem,100%)] rounded-xl border border-slate-200 bg-white p-3 shadow-lg"
    >
      <form ref={form.formRef} noValidate onSubmit={apply} className="space-y-3">
        <TextField
          {...form.field('href')}
          label={messages.lessonEditorLinkLabel}
          inputMode="url"
          autoComplete="url"
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit">{messages.lessonEditorLinkAdd}</Button>
          <Button variant="secondary" onClick={close}>
            {messages.editorCancel}
          </Button>
          {current && (
            <Button
              variant="secondary"
              onClick={() => {
                editor.chain().focus().extendMarkRange('link').unsetLink().run();
                onClose();
              }}
            >
              {messages.lessonEditorLinkRemove}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}

function Toolbar({
  editor,
  onImage,
  onMath,
  onLink,
  linkOpen,
}: {
  editor: Editor;
  onImage: (file: File) => void;
  onMath: () => void;
  onLink: () => void;
  linkOpen: boolean;
}) {
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      code: e.isActive('code'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      h4: e.isActive('heading', { level: 4 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      codeBlock: e.isActive('codeBlock'),
      link: e.isActive('link'),
      math: e.isActive('inlineMath') || e.isActive('blockMath'),
    }),
  });
  const chain = () => editor.chain().focus();
  const tools: [string, boolean | undefined, () => void, string][] = [
    [messages.lessonEditorBold, active.bold, () => chain().toggleBold().run(), 'B'],
    [messages.lessonEditorItalic, active.italic, () => chain().toggleItalic().run(), 'I'],
    [messages.lessonEditorUnderline, active.underline, () => chain().toggleUnderline().run(), 'U'],
    [messages.lessonEditorStrike, active.strike, () => chain().toggleStrike().run(), 'S'],
    [messages.lessonEditorCode, active.code, () => chain().toggleCode().run(), '<>'],
    [
      messages.lessonEditorHeading(2),
      active.h2,
      () => chain().toggleHeading({ level: 2 }).run(),
      'H2',
    ],
    [
      messages.lessonEditorHeading(3),
      active.h3,
      () => chain().toggleHeading({ level: 3 }).run(),
      'H3',
    ],
    [
      messages.lessonEditorHeading(4),
      active.h4,
      () => chain().toggleHeading({ level: 4 }).run(),
      'H4',
    ],
    [
      messages.lessonEditorBulletList,
      active.bulletList,
      () => chain().toggleBulletList().run(),
      '•',
    ],
    [
      messages.lessonEditorOrderedList,
      active.orderedList,
      () => chain().toggleOrderedList().run(),
      '1.',
    ],
    [
      messages.lessonEditorBlockquote,
      active.blockquote,
      () => chain().toggleBlockquote().run(),
      '❝',
    ],
    [messages.lessonEditorCodeBlock, active.codeBlock, () => chain().toggleCodeBlock().run(), '{}'],
    [messages.lessonEditorRule, undefined, () => chain().setHorizontalRule().run(), '―'],
    [messages.lessonEditorBreak, undefined, () => chain().setHardBreak().run(), '↵'],
    [messages.mathEditorOpen, active.math, onMath, '∑'],
  ];
  return (
    <div className="space-y-2">
      <div
        role="toolbar"
        aria-label={messages.lessonEditorToolbar}
        className="flex flex-wrap gap-1"
      >
        {tools.map(([label, pressed, run, glyph]) => (
          <button
            key={label}
            type="button"
            className={TOOL}
            aria-label={label}
            title={label}
            aria-pressed={pressed}
            onClick={run}
          >
            <span aria-hidden="true">{glyph}</span>
          </button>
        ))}
        <button
          type="button"
          className={TOOL}
          aria-pressed={active.link}
          aria-haspopup="dialog"
          aria-expanded={linkOpen}
          title={`${messages.lessonEditorLink} (Ctrl+K)`}
          onClick={onLink}
        >
          {messages.lessonEditorLink}
        </button>
        <label className={`${TOOL} inline-flex cursor-pointer items-center`}>
          <span>{messages.lessonEditorImage}</span>
          <input
            type="file"
            accept={COVER_ACCEPT}
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onImage(file);
            }}
          />
        </label>
      </div>
    </div>
  );
}

function SaveStatus({
  state,
  error,
  restored,
  onRetry,
}: {
  state: string;
  error: string | null;
  restored: boolean;
  onRetry: () => void;
}) {
  const text =
    state === 'failed'
      ? messages.lessonEditorSaveFailed(error ?? messages.editorFailed)
      : state === 'saving'
        ? messages.lessonEditorSaving
        : state === 'unsaved'
          ? messages.lessonEditorUnsaved
          : messages.lessonEditorSaved;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p
        role="status"
        aria-live="polite"
        data-testid="save-status"
        className={`text-sm font-medium ${state === 'failed' ? 'text-red-700' : 'text-slate-700'}`}
      >
        {restored && state !== 'saved' ? `${messages.lessonEditorDraftRestored} ` : ''}
        {text}
      </p>
      {state === 'failed' && (
        <Button variant="secondary" onClick={onRetry}>
          {messages.lessonEditorRetry}
        </Button>
      )}
    </div>
  );
}

const NOT_STARTED: UploadState = { sent: 0, total: 0, percent: 0, waiting: false };

function UploadField({
  id,
  label,
  accept,
  onFile,
  progress,
  error,
}: {
  id: string;
  label: string;
  accept: string;
  onFile: (file: File) => void;
  progress: UploadState | null;
  error: string | null;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <FileInput
        id={id}
        accept={accept}
        disabled={progress !== null}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      {progress !== null && (
        <UploadProgress
          label={messages.lessonEditorUploading(progress.percent)}
          percent={progress.percent}
          waiting={progress.waiting}
          showPercent={false}
        />
      )}
      <div role="status" aria-live="polite">
        {error && <p className="text-sm text-red-700">{error}</p>}
      </div>
    </div>
  );
}

/**
 * Publishing from the editor: the lesson's state, and 'Опублікувати' (after the pending text is
 * saved) or 'Зняти з публікації'. An empty lesson is published only after a warning in the page.
 */
function PublishBar({
  published,
  isEmpty,
  onPublish,
}: {
  published: boolean;
  isEmpty: () => boolean;
  onPublish: (published: boolean) => Promise<string | null>;
}) {
  const [warning, setWarning] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async (value: boolean) => {
    setWarning(false);
    setPending(true);
    setError(await onPublish(value));
    setPending(false);
    document.getElementById('lesson-publish-button')?.focus();
  };
  return (
    <section
      aria-label={messages.lessonEditorPublish}
      className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p data-testid="publish-state" className="text-sm font-medium text-slate-800">
          {published ? messages.lessonEditorIsPublished : messages.lessonEditorIsDraft}
        </p>
        <Button
          id="lesson-publish-button"
          variant={published ? 'secondary' : 'primary'}
          disabled={pending}
          aria-busy={pending}
          onClick={() => {
            if (published) void send(false);
            else if (isEmpty()) {
              setWarning(true);
              requestAnimationFrame(() => document.getElementById('lesson-publish-empty')?.focus());
            } else void send(true);
          }}
        >
          {published ? messages.lessonEditorUnpublish : messages.lessonEditorPublish}
        </Button>
      </div>
      {warning && (
        <div
          role="alertdialog"
          aria-labelledby="lesson-empty-warning"
          className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3"
        >
          <p id="lesson-empty-warning" className="text-sm text-amber-950">
            {messages.lessonEditorEmptyWarning}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button id="lesson-publish-empty" onClick={() => void send(true)}>
              {messages.lessonEditorPublishEmpty}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setWarning(false);
                document.getElementById('lesson-publish-button')?.focus();
              }}
            >
              {messages.editorCancel}
            </Button>
          </div>
        </div>
      )}
      <div role="status" aria-live="polite">
        {error && <p className="text-sm text-red-700">{error}</p>}
      </div>
    </section>
  );
}

/** A draft this device kept that the server does not have yet (a reload before its save). */
function hasRestorableDraft(lesson: Lesson): boolean {
  const draft = readLocalDraft(lesson._id);
  return (
    draft !== null &&
    (draft.title !== lesson.title || JSON.stringify(draft.body) !== JSON.stringify(lesson.body))
  );
}

/** A failed mutation's message, or null once it succeeded. */
const failureOf = (result: { error?: unknown }) =>
  result.error ? failureMessage(result.error, messages.editorFailed) : null;

function EditorBody({ initial }: { initial: Lesson }) {
  const { id: courseId = '' } = useParams();
  // Decided once, as the editor opens (the saves that follow update the cached lesson).
  const [restored] = useState(() => hasRestorableDraft(initial));
  const [saveLesson] = useSaveLessonMutation();
  const [uploadAttachment] = useUploadAttachmentMutation();
  const [removeAttachment] = useRemoveAttachmentMutation();
  const [uploadVideo] = useUploadVideoMutation();
  const [removeVideo] = useRemoveVideoMutation();
  const [lesson, setLesson] = useState(initial);
  const [title, setTitle] = useState(
    restored ? (readLocalDraft(initial._id)?.title ?? initial.title) : initial.title,
  );
  const [fileProgress, setFileProgress] = useState<UploadState | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [videoProgress, setVideoProgress] = useState<UploadState | null>(null);
  const [videoError, setVideoError] = useState<string | null>(null);
  const video = useFieldValues({ url: initial.videoUrl ?? '' });
  const videoUrl = video.values.url;
  const urls = useRef(new Map(initial.attachments.map((file) => [file._id, file.url])));
  const [math, setMath] = useState<{ draft: MathDraft; key: number } | null>(null);
  const editorRef = useRef<Editor | null>(null);
  const openMath = useCallback(() => {
    const current = editorRef.current;
    if (current) setMath((open) => ({ draft: mathDraftOf(current), key: (open?.key ?? 0) + 1 }));
  }, []);
  const textSection = useRef<HTMLElement>(null);
  const [link, setLink] = useState<{ place: PopoverPlace | null; key: number } | null>(null);
  const openLink = useCallback(() => {
    const current = editorRef.current;
    const box = textSection.current?.getBoundingClientRect();
    let place: PopoverPlace | null = null;
    if (current && box && box.width > 0) {
      try {
        const at = current.view.coordsAtPos(current.state.selection.from);
        const width = Math.min(352, box.width);
        place = {
          top: at.bottom - box.top + 6,
          left: Math.max(0, Math.min(at.left - box.left, box.width - width)),
        };
      } catch {
        place = null;
      }
    }
    setLink((open) => ({ place, key: (open?.key ?? 0) + 1 }));
  }, []);
  useDocumentTitle(messages.lessonEditorTitle(title));

  const save = useCallback(
    async (draft: LessonDraft) =>
      failureOf(await saveLesson({ lessonId: initial._id, changes: draft })),
    [saveLesson, initial._id],
  );
  const autosave = useAutosave(initial._id, save);
  const titleRef = useRef(title);
  titleRef.current = title;

  const extensions = useMemo(
    () =>
      lessonEditorExtensions((src) => {
        const id = attachmentIdOfSrc(src);
        return (id && urls.current.get(id)) || '';
      }, openMath),
    [openMath],
  );
  const startBody = restored ? (readLocalDraft(initial._id)?.body ?? initial.body) : initial.body;
  const editor = useEditor({
    extensions,
    content: startBody,
    immediatelyRender: true,
    // The CSP (style-src 'self') refuses an injected <style>; TipTap's rules are in index.css.
    injectCSS: false,
    editorProps: {
      handleKeyDown: (_view, event) => {
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          openLink();
          return true;
        }
        return false;
      },
      attributes: {
        'aria-label': messages.lessonEditorTextLabel,
        'aria-multiline': 'true',
        role: 'textbox',
        class:
          'prose-lesson min-h-64 rounded-xl border border-slate-300 bg-white p-4 focus:outline-2 focus:outline-indigo-600',
      },
    },
    onUpdate: ({ editor: e }) =>
      autosave.change({ title: titleRef.current, body: e.getJSON() as LessonDocument }),
  });
  editorRef.current = editor;

  // A draft restored from this device is sent as soon as the editor is up.
  useEffect(() => {
    if (restored && editor)
      autosave.change({ title: titleRef.current, body: editor.getJSON() as LessonDocument });
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const addFile = async (file: File, asImage: boolean) => {
    setFileError(null);
    setFileProgress(NOT_STARTED);
    const result = await uploadAttachment({
      lessonId: lesson._id,
      file,
      onState: setFileProgress,
    });
    setFileProgress(null);
    if (result.error) {
      setFileError(failureOf(result));
      return;
    }
    const attachment: Attachment = result.data;
    urls.current.set(attachment._id, attachment.url);
    setLesson((current) => ({ ...current, attachments: [...current.attachments, attachment] }));
    if (asImage && editor)
      editor
        .chain()
        .focus()
        .setImage({ src: attachmentSrc(attachment._id), alt: file.name })
        .run();
  };

  const dropFile = async (attachment: Attachment) => {
    setFileError(null);
    const result = await removeAttachment({ lessonId: lesson._id, attachmentId: attachment._id });
    if (!result.error)
      setLesson((current) => ({
        ...current,
        attachments: current.attachments.filter((file) => file._id !== attachment._id),
      }));
    else setFileError(failureOf(result));
  };

  const sendVideo = async (file: File) => {
    setVideoError(null);
    setVideoProgress(NOT_STARTED);
    const result = await uploadVideo({ lessonId: lesson._id, file, onState: setVideoProgress });
    setVideoProgress(null);
    if (result.data) setLesson(result.data);
    else setVideoError(failureOf(result));
  };

  const saveVideoUrl = async () => {
    setVideoError(null);
    const result = await saveLesson({
      lessonId: lesson._id,
      changes: { videoUrl: videoUrl.trim() || null },
    });
    if (result.data) {
      setLesson(result.data);
      video.setValues({ url: result.data.videoUrl ?? '' });
    } else setVideoError(failureOf(result));
  };

  const isEmpty = () =>
    (editor?.isEmpty ?? true) &&
    lesson.attachments.length === 0 &&
    !lesson.video &&
    !lesson.videoUrl;

  const publish = async (published: boolean): Promise<string | null> => {
    // The text as it is now goes first, so what is published is what the author sees.
    await autosave.saveNow();
    const result = await saveLesson({ lessonId: lesson._id, changes: { published } });
    if (!result.data) return failureOf(result);
    const saved = result.data;
    setLesson((current) => ({ ...current, published: saved.published }));
    return null;
  };

  const dropVideo = async () => {
    setVideoError(null);
    const result = await removeVideo(lesson._id);
    if (!result.error) setLesson((current) => ({ ...current, video: null }));
    else setVideoError(failureOf(result));
  };

  return (
    <article className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link
          to={ROUTES.myCourseDetails(courseId)}
          className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
        >
          ← {messages.lessonBackToCourse}
        </Link>
        <Link
          to={lessonPath(courseId, lesson._id)}
          className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
        >
          {messages.lessonEditorView}
        </Link>
      </div>
      <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900">
        {messages.lessonEditorTitle(title)}
      </h1>
      <PublishBar published={lesson.published} isEmpty={isEmpty} onPublish={publish} />
      <SaveStatus
        state={autosave.state}
        error={autosave.error}
        restored={restored}
        onRetry={() => void autosave.saveNow()}
      />
      <TextField
        id="lesson-title"
        label={messages.lessonEditorTitleLabel}
        value={title}
        maxLength={200}
        onChange={(event) => {
          setTitle(event.target.value);
          if (editor)
            autosave.change({
              title: event.target.value,
              body: editor.getJSON() as LessonDocument,
            });
        }}
      />
      {editor && (
        <section
          ref={textSection}
          aria-label={messages.lessonEditorTextLabel}
          className="relative space-y-3"
        >
          <Toolbar
            editor={editor}
            onImage={(file) => void addFile(file, true)}
            onMath={openMath}
            onLink={openLink}
            linkOpen={link !== null}
          />
          {link && (
            <LinkPopover
              key={link.key}
              editor={editor}
              place={link.place}
              onClose={() => setLink(null)}
            />
          )}
          {math && (
            <MathPanel
              key={math.key}
              editor={editor}
              initial={math.draft}
              onClose={() => setMath(null)}
            />
          )}
          <p className="text-xs text-slate-600">{messages.mathEditorEditHint}</p>
          <EditorContent editor={editor} />
        </section>
      )}
      <section aria-labelledby="editor-files-heading" className="space-y-3">
        <h2 id="editor-files-heading" className="text-lg font-semibold text-slate-900">
          {messages.lessonEditorFilesHeading}
        </h2>
        {lesson.attachments.length > 0 && (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {lesson.attachments.map((file) => (
              <li key={file._id} className="flex min-h-11 flex-wrap items-center gap-2 px-3 py-2">
                <a
                  href={file.url}
                  download={file.fileName}
                  className="grow break-all text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
                >
                  {file.fileName}
                </a>
                <Button
                  variant="secondary"
                  aria-label={messages.lessonEditorRemoveFile(file.fileName)}
                  onClick={() => void dropFile(file)}
                >
                  ✕
                </Button>
              </li>
            ))}
          </ul>
        )}
        <UploadField
          id="lesson-file"
          label={messages.lessonEditorFileLabel}
          accept={HOMEWORK_ACCEPT}
          onFile={(file) => void addFile(file, false)}
          progress={fileProgress}
          error={fileError}
        />
      </section>
      <section aria-labelledby="editor-video-heading" className="space-y-3">
        <h2 id="editor-video-heading" className="text-lg font-semibold text-slate-900">
          {messages.lessonEditorVideoHeading}
        </h2>
        {lesson.video && (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-slate-700">
              {messages.lessonEditorVideoCurrent(lesson.video.fileName)}
            </p>
            <Button variant="secondary" onClick={() => void dropVideo()}>
              {messages.lessonEditorVideoRemove}
            </Button>
          </div>
        )}
        <UploadField
          id="lesson-video"
          label={messages.lessonEditorVideoFileLabel}
          accept={VIDEO_ACCEPT}
          onFile={(file) => void sendVideo(file)}
          progress={videoProgress}
          error={videoError}
        />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="grow">
            <TextField
              id="lesson-video-url"
              label={messages.lessonEditorVideoUrlLabel}
              inputMode="url"
              {...video.bind('url')}
            />
          </div>
          <Button variant="secondary" onClick={() => void saveVideoUrl()}>
            {messages.lessonEditorVideoUrlSave}
          </Button>
        </div>
      </section>
    </article>
  );
}

export function LessonEditorPage() {
  const { lessonId = '' } = useParams();
  const query = useLessonQuery(lessonId);
  const load = queryLoad(query, messages.lessonLoadFailed);

  if (load.state === 'error')
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold text-slate-900">{messages.lessonLoadFailed}</h1>
        <div role="alert" className="flex flex-col items-start gap-3 text-sm text-red-800">
          <p>{load.message}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {messages.retry}
          </Button>
        </div>
      </div>
    );
  if (load.state === 'loading') return <Spinner className="py-16" />;
  return <EditorBody key={load.data._id} initial={load.data} />;
}
