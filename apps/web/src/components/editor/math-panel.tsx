/**
 * The editor's formula tool: LaTeX typed into a text area, drawn live below
 * it by KaTeX as the page will draw it (errors in place), then inserted at
 * the cursor, or written back into the formula that is selected. Works
 * from the keyboard alone; Escape closes it and returns to the text.
 */
import { useDeferredValue, useId } from 'react';
import type { Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { CONTENT_LIMITS, messages } from '@urok/contract';
import { MathView } from '../document/math';
import { Button } from '../ui/button';
import { CheckboxField, TextAreaField } from '../ui/fields';
import { checkboxProps, flag } from '../../lib/form-controls';
import { useCheckedForm } from '../../lib/use-checked-form';

const MATH_FIELDS = ['latex', 'display'] as const;

export interface MathDraft {
  latex: string;
  display: boolean;
  /** True when the draft is the selected formula, which applying rewrites. */
  editing: boolean;
}

/** The formula the editor's selection holds, or a new one. */
export function mathDraftOf(editor: Editor): MathDraft {
  const { selection } = editor.state;
  if (selection instanceof NodeSelection) {
    const name = selection.node.type.name;
    if (name === 'inlineMath' || name === 'blockMath')
      return {
        latex: String(selection.node.attrs.latex ?? ''),
        display: name === 'blockMath',
        editing: true,
      };
  }
  return { latex: '', display: false, editing: false };
}

export function MathPanel({
  editor,
  initial,
  onClose,
}: {
  editor: Editor;
  initial: MathDraft;
  onClose: () => void;
}) {
  const id = useId();
  // No <form>: the panel sits inside the form of the document it edits.
  const form = useCheckedForm(MATH_FIELDS, {
    initial: { latex: initial.latex, display: flag(initial.display) },
    idPrefix: id,
  });
  const { latex } = form.values;
  const display = form.values.display === 'true';
  const preview = useDeferredValue(latex);

  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const apply = () => {
    const value = latex.trim();
    if (value === '') {
      form.showErrors({ message: null, fields: { latex: messages.documentMathEmpty } }, false);
      return;
    }
    const type = display ? 'blockMath' : 'inlineMath';
    const chain = editor.chain().focus();
    const same = initial.editing && initial.display === display;
    // A selected formula is replaced (or rewritten in place); otherwise the formula goes in at the cursor.
    if (same) chain.updateAttributes(type, { latex: value }).run();
    else chain.insertContent({ type, attrs: { latex: value } }).run();
    onClose();
  };

  return (
    <div
      role="group"
      aria-labelledby={`${id}-heading`}
      className="space-y-3 rounded-xl border border-indigo-200 bg-indigo-50/40 p-3"
      // A change takes the 'empty formula' message away.
      onChange={form.clearErrors}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          close();
        }
      }}
    >
      <h3 id={`${id}-heading`} className="text-sm font-semibold text-slate-900">
        {messages.mathEditorHeading}
      </h3>
      <div className="[&_textarea]:font-mono">
        <TextAreaField
          {...form.field('latex')}
          label={messages.mathEditorLatexLabel}
          rows={3}
          maxLength={CONTENT_LIMITS.latexLength}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          autoFocus
          dir="ltr"
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              apply();
            }
          }}
        />
      </div>
      <CheckboxField {...checkboxProps(form, 'display')} label={messages.mathEditorDisplayLabel} />
      <div className="space-y-1">
        <p id={`${id}-preview`} className="text-sm font-medium text-slate-800">
          {messages.mathEditorPreview}
        </p>
        <div
          aria-labelledby={`${id}-preview`}
          role="region"
          data-testid="math-preview"
          className="min-h-12 overflow-x-auto rounded-lg border border-slate-200 bg-white p-3 text-lg"
        >
          {preview.trim() === '' ? (
            <p className="text-sm text-slate-600">{messages.mathEditorPreviewEmpty}</p>
          ) : (
            <MathView latex={preview} display={display} />
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={apply}>
          {initial.editing ? messages.mathEditorUpdate : messages.mathEditorInsert}
        </Button>
        <Button variant="secondary" onClick={close}>
          {messages.mathEditorCancel}
        </Button>
      </div>
    </div>
  );
}
