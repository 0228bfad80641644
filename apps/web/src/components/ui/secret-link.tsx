import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';

/**
 * A link that is a credential, shown once (an operator's password-reset
 * link, a student's calendar feed): selected as it appears, with a copy
 * button. Whoever shows it gets it untracked (lib/api.ts, useSecretMutation),
 * so it is kept nowhere but here.
 */
export function SecretLink({
  label,
  url,
  note,
  copyLabel,
  copiedLabel,
  children,
}: {
  label: string;
  url: string;
  /** Under the field: how long it works, or who must not see it. */
  note: ReactNode;
  copyLabel: string;
  copiedLabel: string;
  /** More buttons beside 'Копіювати'. */
  children?: ReactNode;
}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // The link last copied: a new one reads 'Копіювати' again.
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => inputRef.current?.select(), [url]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(url);
    } catch {
      // No clipboard (an insecure origin): the text is selected for a manual copy.
      inputRef.current?.select();
    }
  };

  return (
    <div className="space-y-2 rounded-lg border border-indigo-200 bg-indigo-50 p-3">
      <label htmlFor={inputId} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <input
        id={inputId}
        ref={inputRef}
        readOnly
        value={url}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm"
      />
      <p className="text-sm text-slate-700">{note}</p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void copy()}>{copied === url ? copiedLabel : copyLabel}</Button>
        {children}
      </div>
    </div>
  );
}
