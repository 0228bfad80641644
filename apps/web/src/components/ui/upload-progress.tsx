import { useId } from 'react';
import { messages } from '@urok/contract';

/**
 * The progress bar of a running upload (lib/resumable-upload.ts): its label
 * names the bar; while the upload waits for the network it says so, and the
 * bar keeps the bytes the server already has.
 */
export function UploadProgress({
  label,
  percent,
  waiting,
  showPercent = true,
}: {
  label: string;
  /** 0–100. */
  percent: number;
  waiting: boolean;
  /** Shows the percent beside the label (when the label does not say it). */
  showPercent?: boolean;
}) {
  const labelId = useId();
  return (
    <div className="space-y-1" data-waiting={waiting || undefined}>
      <div className="flex justify-between text-sm text-slate-700">
        <span id={labelId}>{label}</span>
        {showPercent && <span aria-hidden="true">{percent}%</span>}
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full transition-[width] motion-reduce:transition-none ${
            waiting ? 'bg-amber-500' : 'bg-indigo-600'
          }`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p aria-live="polite" className="text-sm text-amber-800">
        {waiting ? messages.uploadWaitingForNetwork : ''}
      </p>
    </div>
  );
}
