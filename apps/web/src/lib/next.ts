/**
 * Where a visitor returns after signing in or registering: 'Увійти, щоб
 * записатися' on a course's public page leads to `/login?next=<its path>`,
 * and the course is where the new session starts.
 *
 * Only a path of this site is ever followed (`safeReturnPath`): a `next`
 * naming another origin ('https://…', '//host', '/\\host'), or anything that
 * is not a plain path, is dropped, so a crafted link cannot send someone off
 * the site after they sign in. `next` is kept for this tab in session storage
 * as it came — when the link is followed, or /register is opened with it —
 * and checked when the signed-in frame takes it, once
 * (app/signed-in-layout.tsx). Nothing of it is in /login's own JavaScript,
 * whose budget has no room: a /login?next= address typed by hand is not
 * followed (docs/decisions.md).
 */
const KEY = 'return-to';

export function safeReturnPath(next: string | null | undefined): string | null {
  if (!next || next.length > 2000) return null;
  if (!next.startsWith('/') || next.startsWith('//') || /[\\\s]/.test(next)) return null;
  try {
    const base = 'https://return.invalid';
    const url = new URL(next, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The sign-in link of a page that wants the visitor back: `/login?next=<path>`. */
export function signInPathFor(path: string, page = '/login'): string {
  return `${page}?${new URLSearchParams({ next: path }).toString()}`;
}

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Keeps `next` for this tab as it came; `takeReturnPath` follows it only if it is a path of this site. */
export function rememberReturnPath(next: string | null | undefined): void {
  try {
    if (next) session()?.setItem(KEY, next);
  } catch {
    // Storage full or disabled: the visitor lands on their course list instead.
  }
}

/** The kept path (checked again), once. */
export function takeReturnPath(): string | null {
  try {
    const stored = session()?.getItem(KEY) ?? null;
    session()?.removeItem(KEY);
    return safeReturnPath(stored);
  } catch {
    return null;
  }
}
