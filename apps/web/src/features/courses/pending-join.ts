/**
 * A join link opened signed out (DESIGN section 17): /join/{code} remembers
 * the code for this tab, and the first course list after signing in or
 * registering (where the app lands) takes the user back to /join/{code},
 * which joins. Kept here rather than as a return address on /login, whose
 * entry chunk has no bytes to spare (src/bundle-budget.test.ts).
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ROUTES, normalizeJoinCode } from '@urok/contract';

const KEY = 'urok.pending-join';

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberJoin(code: string): void {
  try {
    tabStorage()?.setItem(KEY, code);
  } catch {
    // Full or disabled storage: the student opens the link again after signing in.
  }
}

/** The remembered code, forgotten as it is read. */
export function takePendingJoin(): string | null {
  try {
    const storage = tabStorage();
    const code = storage?.getItem(KEY) ?? null;
    storage?.removeItem(KEY);
    return code === null ? null : normalizeJoinCode(code);
  } catch {
    return null;
  }
}

/** On a signed-in landing page: back to the join link opened before signing in, if any. */
export function usePendingJoin(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const code = takePendingJoin();
    if (code) void navigate(ROUTES.join(code), { replace: true });
  }, [navigate]);
}
