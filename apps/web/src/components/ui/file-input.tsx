import type { InputHTMLAttributes } from 'react';

/**
 * The styled file control (an indigo 'choose file' button and the chosen name), the same on the
 * assignment page's upload form and the lesson editor. The label and messages are the caller's.
 */
export function FileInput({
  className = '',
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <input
      type="file"
      className={`block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border-0 file:bg-indigo-600 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60 ${className}`}
      {...input}
    />
  );
}
