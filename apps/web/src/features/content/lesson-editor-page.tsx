/**
 * /mycourse-details/{courseId}/lessons/{lessonId}/edit (the author): the
 * lesson's title and text in TipTap, its files and its video. Loaded only
 * through app/pages.tsx in the teacher's route table, so TipTap is in no
 * student's JavaScript.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { Link, useParams } from 'react-router';
import {
  COVER_ACCEPT,
  HOMEWORK_ACCEPT,
  ROUTES,
  VIDEO_ACCEPT,
  attachmentIdOfSrc,
  attachmentSrc,
  isAllowedHref,
  messages,
  type LessonDocument,
} from '@urok/contract';
import type { Attachment, Lesson } from '@urok/contract/schemas';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { Spinner } from '../../components/ui/spinner';
import { useServiceDispatch } from '../../lib/app-thunk';
import { useDocumentTitle } from '../../lib/document-title';
import { fetchLesson } from './content-thunks';
import { lessonPath } from './course-outline';
import { lessonEditorExtensions } from './editor-extensions';
import {
  removeAttachment,
  removeVideo,
  saveLesson,
  uploadAttachment,
  uploadVideo,
} from './lesson-editor-thunks';
import { readLocalDraft, useAutosave, type LessonDraft } from './use-autosave';

const TOOL =
  'min-h-11 min-w-11 rounded-md border border-slate-300 bg-white px-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 aria-pressed:border-indigo-600 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-900';

function Toolbar({ editor, onImage }: { editor: Editor; onImage: (file: File) => void }) {
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
    }),
  });
  const [href, setHref] = useState('');
  const [linkError, setLinkError] = useState<string | undefined>();
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
  ];
  const applyLink = () => {
    const value = href.trim();
    if (!isAllowedHref(value)) {
      setLinkError(messages.documentLinkInvalid);
      return;
    }
    setLinkError(undefined);
    chain().extendMarkRange('link').setLink({ href: value }).run();
    setHref('');
  };
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
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="grow">
          <TextField
            id="lesson-link-href"
            label={messages.lessonEditorLinkLabel}
            value={href}
            inputMode="url"
            onChange={(event) => setHref(event.target.value)}
            error={linkError}
          />
        </div>
        <Button variant="secondary" onClick={applyLink}>
          {messages.lessonEditorLinkApply}
        </Button>
        {active.link && (
          <Button variant="secondary" onClick={() => chain().unsetLink().run()}>
            {messages.lessonEditorLinkRemove}
          </Button>
        )}
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
  progress: number | null;
  error: string | null;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={progress !== null}
        className="block w-full text-sm"
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      {progress !== null && (
        <div className="space-y-1">
          <p className="text-sm text-slate-700">{messages.lessonEditorUploading(progress)}</p>
          <progress
            max={100}
            value={progress}
            aria-label={messages.lessonEditorUploading(progress)}
            className="w-full"
          />
        </div>
      )}
      <div role="status" aria-live="polite">
        {error && <p className="text-sm text-red-700">{error}</p>}
      </div>
    </div>
  );
}

function EditorBody({ initial, restored }: { initial: Lesson; restored: boolean }) {
  const { id: courseId = '' } = useParams();
  const dispatch = useServiceDispatch();
  const [lesson, setLesson] = useState(initial);
  const [title, setTitle] = useState(
    restored ? (readLocalDraft(initial._id)?.title ?? initial.title) : initial.title,
  );
  const [fileProgress, setFileProgress] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [videoProgress, setVideoProgress] = useState<number | null>(null);
  const [videoError, setVideoError] = useState<string | null>(null);
  const [videoUrl, setVideoUrl] = useState(initial.videoUrl ?? '');
  const urls = useRef(new Map(initial.attachments.map((file) => [file._id, file.url])));
  useDocumentTitle(messages.lessonEditorTitle(title));

  const save = useCallback(
    async (draft: LessonDraft) => {
      const result = await dispatch(saveLesson({ lessonId: initial._id, changes: draft }));
      return saveLesson.fulfilled.match(result)
        ? null
        : (result.payload?.message ?? messages.editorFailed);
    },
    [dispatch, initial._id],
  );
  const autosave = useAutosave(initial._id, save);
  const titleRef = useRef(title);
  titleRef.current = title;

  const extensions = useMemo(
    () =>
      lessonEditorExtensions((src) => {
        const id = attachmentIdOfSrc(src);
        return (id && urls.current.get(id)) || '';
      }),
    [],
  );
  const startBody = restored ? (readLocalDraft(initial._id)?.body ?? initial.body) : initial.body;
  const editor = useEditor({
    extensions,
    content: startBody,
    immediatelyRender: true,
    editorProps: {
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

  // A draft restored from this device is sent as soon as the editor is up.
  useEffect(() => {
    if (restored && editor)
      autosave.change({ title: titleRef.current, body: editor.getJSON() as LessonDocument });
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const addFile = async (file: File, asImage: boolean) => {
    setFileError(null);
    setFileProgress(0);
    const result = await dispatch(
      uploadAttachment({ lessonId: lesson._id, file, onProgress: setFileProgress }),
    );
    setFileProgress(null);
    if (!uploadAttachment.fulfilled.match(result)) {
      setFileError(result.payload?.message ?? messages.editorFailed);
      return;
    }
    const attachment: Attachment = result.payload;
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
    const result = await dispatch(removeAttachment(attachment._id));
    if (removeAttachment.fulfilled.match(result))
      setLesson((current) => ({
        ...current,
        attachments: current.attachments.filter((file) => file._id !== attachment._id),
      }));
    else setFileError(result.payload?.message ?? messages.editorFailed);
  };

  const sendVideo = async (file: File) => {
    setVideoError(null);
    setVideoProgress(0);
    const result = await dispatch(
      uploadVideo({ lessonId: lesson._id, file, onProgress: setVideoProgress }),
    );
    setVideoProgress(null);
    if (uploadVideo.fulfilled.match(result)) setLesson(result.payload);
    else setVideoError(result.payload?.message ?? messages.editorFailed);
  };

  const saveVideoUrl = async () => {
    setVideoError(null);
    const result = await dispatch(
      saveLesson({ lessonId: lesson._id, changes: { videoUrl: videoUrl.trim() || null } }),
    );
    if (saveLesson.fulfilled.match(result)) {
      setLesson(result.payload);
      setVideoUrl(result.payload.videoUrl ?? '');
    } else setVideoError(result.payload?.message ?? messages.editorFailed);
  };

  const dropVideo = async () => {
    setVideoError(null);
    const result = await dispatch(removeVideo(lesson._id));
    if (removeVideo.fulfilled.match(result)) setLesson((current) => ({ ...current, video: null }));
    else setVideoError(result.payload?.message ?? messages.editorFailed);
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
        <section aria-label={messages.lessonEditorTextLabel} className="space-y-3">
          <Toolbar editor={editor} onImage={(file) => void addFile(file, true)} />
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
              value={videoUrl}
              inputMode="url"
              onChange={(event) => setVideoUrl(event.target.value)}
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
  const dispatch = useServiceDispatch();
  const [lesson, setLesson] = useState<Lesson | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const load = useCallback(async () => {
    setFailure(null);
    const result = await dispatch(fetchLesson(lessonId));
    if (fetchLesson.fulfilled.match(result)) setLesson(result.payload);
    else setFailure(result.payload?.message ?? messages.lessonLoadFailed);
  }, [dispatch, lessonId]);
  useEffect(() => {
    void load();
  }, [load]);

  if (failure)
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold text-slate-900">{messages.lessonLoadFailed}</h1>
        <div role="alert" className="flex flex-col items-start gap-3 text-sm text-red-800">
          <p>{failure}</p>
          <Button variant="secondary" onClick={() => void load()}>
            {messages.retry}
          </Button>
        </div>
      </div>
    );
  if (!lesson) return <Spinner className="py-16" />;
  const draft = readLocalDraft(lesson._id);
  const restored =
    draft !== null &&
    (draft.title !== lesson.title || JSON.stringify(draft.body) !== JSON.stringify(lesson.body));
  return <EditorBody key={lesson._id} initial={lesson} restored={restored} />;
}
