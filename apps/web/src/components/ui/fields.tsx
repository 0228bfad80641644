import {
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import type { FieldProps } from '../../lib/use-checked-form';
import { EyeIcon, EyeOffIcon } from './icons';

const CONTROL =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:outline-none focus:ring-2 sm:text-sm';
const VALID = 'border-slate-300 focus:border-indigo-600 focus:ring-indigo-600/30';
const INVALID = 'border-red-600 focus:border-red-600 focus:ring-red-600/30';

interface FieldFrameProps {
  id: string;
  label: string;
  hint?: string;
  /** undefined: valid; '': invalid, explained elsewhere (describedBy); text: shown under the field. */
  error?: string;
  children: ReactNode;
}

function FieldFrame({ id, label, hint, error, children }: FieldFrameProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria-invalid and aria-describedby of a control from its error state. */
function controlAria(
  id: string,
  error: string | undefined,
  hint: string | undefined,
  describedBy?: string,
) {
  const invalid = error !== undefined;
  const ids = [
    error ? `${id}-error` : undefined,
    invalid && !error ? describedBy : undefined,
    hint && !error ? `${id}-hint` : undefined,
  ].filter(Boolean);
  return {
    'aria-invalid': invalid ? ('true' as const) : undefined,
    'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
    className: `${CONTROL} ${invalid ? INVALID : VALID}`,
  };
}

/**
 * A plain control's (a <select>, a bare input) id, name, value, change
 * handler and aria from a form's `field(name)` (lib/use-checked-form.ts); its
 * message element is `${id}-error`, shown when `error` has a text.
 */
export function controlProps<F extends string>({ error, describedBy, ...control }: FieldProps<F>) {
  const { className: _className, ...aria } = controlAria(control.id, error, undefined, describedBy);
  return { ...control, ...aria };
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  /** Id of the form-level message that explains an invalid field with no text of its own. */
  describedBy?: string;
}

export function TextField({ id, label, hint, error, describedBy, ...input }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input id={id} {...controlAria(id, error, hint, describedBy)} {...input} />
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'className'
> {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  describedBy?: string;
}

export function TextAreaField({
  id,
  label,
  hint,
  error,
  describedBy,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea id={id} {...controlAria(id, error, hint, describedBy)} {...textarea} />
    </FieldFrame>
  );
}

interface PasswordFieldProps extends Omit<TextFieldProps, 'type'> {
  showLabel: string;
  hideLabel: string;
}

/** A password input with a show/hide toggle button that has an accessible name. */
export function PasswordField({
  id,
  label,
  hint,
  error,
  describedBy,
  showLabel,
  hideLabel,
  ...input
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const aria = controlAria(id, error, hint, describedBy);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          {...aria}
          className={`${aria.className} pr-12`}
          {...input}
        />
        <button
          type="button"
          aria-label={visible ? hideLabel : showLabel}
          aria-controls={id}
          onClick={() => setVisible((value) => !value)}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </FieldFrame>
  );
}

interface CheckboxFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'className'
> {
  id: string;
  label: ReactNode;
  error?: string;
  describedBy?: string;
}

export function CheckboxField({ id, label, error, describedBy, ...input }: CheckboxFieldProps) {
  const invalid = error !== undefined;
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-invalid={invalid ? 'true' : undefined}
          aria-describedby={error ? `${id}-error` : invalid ? describedBy : undefined}
          className={`mt-0.5 size-5 shrink-0 rounded border accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${invalid ? 'border-red-600 outline outline-red-600' : 'border-slate-400'}`}
          {...input}
        />
        <label htmlFor={id} className="text-sm text-slate-700">
          {label}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
