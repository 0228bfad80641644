/**
 * A short document (a question's text or explanation) edited with TipTap:
 * paragraphs, lists, bold, italic, code and formulas (the formula tool of
 * math-panel.tsx), emitting the contract's document JSON. The lesson editor
 * has the full toolbar; this one is for a few lines with math. Only author
 * pages import it, so TipTap stays out of students' JavaScript.
 */
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import StarterKit from '@tiptap/starter-kit';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { messages, webUiMessages, type LessonDocument } from '@urok/contract';
import { MathPanel, mathDraftOf, type MathDraft } from './math-panel';
import { mathNode } from './math-nodes';

const TOOL =
  'min-h-11 min-w-11 rounded-md border border-slate-300 bg-white px-2 text-sm font-semibold text-slate-800 hover:bg-slate-50';

export function DocumentField({
  id,
  label,
  initial,
  onChange,
  error,
}: {
  id: string;
  label: string;
  initial: LessonDocument | null;
  onChange: (doc: LessonDocument) => void;
  error?: string | undefined;
}) {
  const labelId = useId();
  const [math, setMath] = useState<{ draft: MathDraft; key: number } | null>(null);
  const editorRef = useRef<Editor | null>(null);
  const openMath = useCallback(() => {
    const current = editorRef.current;
    if (current) setMath((open) => ({ draft: mathDraftOf(current), key: (open?.key ?? 0) + 1 }));
  }, []);
  const extensions = useMemo(
    () => [
      StarterKit.configure({
        heading: false,
        horizontalRule: false,
        blockquote: false,
        link: false,
        underline: false,
        strike: false,
      }),
      mathNode('inlineMath', openMath),
      mathNode('blockMath', openMath),
    ],
    [openMath],
  );
  const editor = useEditor({
    extensions,
    content: initial ?? { type: 'doc', content: [{ type: 'paragraph' }] },
    immediatelyRender: true,
    // The CSP (style-src 'self') refuses an injected <style>; TipTap's rules are in index.css.
    injectCSS: false,
    editorProps: {
      attributes: {
        id,
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        role: 'textbox',
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}),
        class:
          'min-h-24 rounded-lg border border-slate-300 bg-white px-3 py-2 focus:outline-2 focus:outline-indigo-600 [&_p]:my-1',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getJSON() as LessonDocument),
  });
  editorRef.current = editor;
  const chain = () => editor?.chain().focus();
  return (
    <div className="space-y-1.5">
      <p id={labelId} className="text-sm font-medium text-slate-800">
        {label}
      </p>
      <div
        role="toolbar"
        aria-label={`${messages.lessonEditorToolbar}: ${label}`}
        className="flex flex-wrap gap-1"
      >
        <button
          type="button"
          className={TOOL}
          aria-label={messages.lessonEditorBold}
          onClick={() => chain()?.toggleBold().run()}
        >
          <span aria-hidden="true">{webUiMessages.boldGlyph}</span>
        </button>
        <button
          type="button"
          className={TOOL}
          aria-label={messages.lessonEditorItalic}
          onClick={() => chain()?.toggleItalic().run()}
        >
          <span aria-hidden="true">{webUiMessages.italicGlyph}</span>
        </button>
        <button
          type="button"
          className={TOOL}
          aria-label={messages.lessonEditorCode}
          onClick={() => chain()?.toggleCode().run()}
        >
          <span aria-hidden="true">{'<>'}</span>
        </button>
        <button
          type="button"
          className={TOOL}
          aria-label={messages.lessonEditorBulletList}
          onClick={() => chain()?.toggleBulletList().run()}
        >
          <span aria-hidden="true">•</span>
        </button>
        <button
          type="button"
          className={TOOL}
          aria-label={messages.mathEditorOpen}
          onClick={openMath}
        >
          <span aria-hidden="true">∑</span>
        </button>
      </div>
      {editor && math && (
        <MathPanel
          key={math.key}
          editor={editor}
          initial={math.draft}
          onClose={() => setMath(null)}
        />
      )}
      <EditorContent editor={editor} />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
