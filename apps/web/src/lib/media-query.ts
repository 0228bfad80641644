import { useSyncExternalStore } from 'react';

/** Tailwind's lg breakpoint: the sidebar is a drawer below it, a column from it up. */
export const DESKTOP_QUERY = '(min-width: 64rem)';

function mediaQueryList(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query)
    : null;
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaQueryList(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => mediaQueryList(query)?.matches ?? false,
    () => false,
  );
}
