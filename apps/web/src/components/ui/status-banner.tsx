export type BannerTone = 'success' | 'error';

export interface Banner {
  tone: BannerTone;
  text: string;
}

const TONES: Record<BannerTone, string> = {
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  error: 'border-red-200 bg-red-50 text-red-800',
};

/** A live region that is always in the page; its text is announced when it changes. */
export function StatusBanner({ banner }: { banner: Banner | null }) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true">
      {banner && (
        <p className={`rounded-lg border px-4 py-3 text-sm font-medium ${TONES[banner.tone]}`}>
          {banner.text}
        </p>
      )}
    </div>
  );
}
