import type { ReactNode, SelectHTMLAttributes } from 'react';

const SELECT =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 focus:outline-none focus:ring-2 sm:text-sm';
const VALID = 'border-slate-300 focus:border-indigo-600 focus:ring-indigo-600/30';
const INVALID = 'border-red-600 focus:border-red-600 focus:ring-red-600/30';

interface SelectFieldProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'className'
> {
  id: string;
  label: string;
  /** undefined: valid; '': invalid, explained by `describedBy`; text: shown under the field. */
  error?: string;
  describedBy?: string;
  children: ReactNode;
}

/**
 * A labelled <select>, the shared fields' sibling (components/ui/fields.tsx):
 * spread a form's `field(name)` or a filter's `bind(name)` (lib/form-controls.ts)
 * on it. Kept apart from fields.tsx, which /login loads.
 */
export function SelectField({
  id,
  label,
  error,
  describedBy,
  children,
  ...select
}: SelectFieldProps) {
  const invalid = error !== undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={invalid ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : invalid ? describedBy : undefined}
        className={`${SELECT} ${invalid ? INVALID : VALID}`}
        {...select}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
