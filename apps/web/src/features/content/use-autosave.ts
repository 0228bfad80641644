import { useCallback, useEffect, useRef, useState } from 'react';
import type { LessonDocument } from '@urok/contract';

/** What the editor saves: the title and the text. */
export interface LessonDraft {
  title: string;
  body: LessonDocument;
}

export type SaveState = 'saved' | 'unsaved' | 'saving' | 'failed';

const draftKey = (lessonId: string) => `urok.lessonDraft.${lessonId}`;

/** The unsaved draft this device kept for a lesson, if any. */
export function readLocalDraft(lessonId: string): LessonDraft | null {
  try {
    const raw = localStorage.getItem(draftKey(lessonId));
    return raw ? (JSON.parse(raw) as LessonDraft) : null;
  } catch {
    return null;
  }
}

function writeLocalDraft(lessonId: string, draft: LessonDraft | null): void {
  try {
    if (draft) localStorage.setItem(draftKey(lessonId), JSON.stringify(draft));
    else localStorage.removeItem(draftKey(lessonId));
  } catch {
    // A full or blocked storage: the server save still runs, and a failure is still shown.
  }
}

/**
 * Autosave: every change is kept on this device at once (it survives a
 * reload) and sent `delayMs` after the typing stops; a failed save is shown
 * with its reason and tried again every `retryMs` until it succeeds. The
 * device's copy is dropped only once the server has the latest change.
 */
export function useAutosave(
  lessonId: string,
  save: (draft: LessonDraft) => Promise<string | null>,
  { delayMs = 1200, retryMs = 5000 }: { delayMs?: number; retryMs?: number } = {},
) {
  const [state, setState] = useState<SaveState>('saved');
  const [error, setError] = useState<string | null>(null);
  const latest = useRef<LessonDraft | null>(null);
  const version = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saving = useRef(false);
  const saveRef = useRef(save);
  saveRef.current = save;

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const draft = latest.current;
    if (!draft || saving.current) return;
    saving.current = true;
    const sent = version.current;
    setState('saving');
    const failure = await saveRef.current(draft);
    saving.current = false;
    if (failure) {
      setError(failure);
      setState('failed');
      timer.current = setTimeout(() => void flush(), retryMs);
      return;
    }
    setError(null);
    if (version.current === sent) {
      latest.current = null;
      writeLocalDraft(lessonId, null);
      setState('saved');
    } else {
      // Changed while it was being sent: send the newer one.
      setState('unsaved');
      timer.current = setTimeout(() => void flush(), delayMs);
    }
  }, [lessonId, delayMs, retryMs]);

  const change = useCallback(
    (draft: LessonDraft) => {
      latest.current = draft;
      version.current += 1;
      writeLocalDraft(lessonId, draft);
      setState((current) => (current === 'failed' ? current : 'unsaved'));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), delayMs);
    },
    [lessonId, delayMs, flush],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  // Leaving with a change not yet on the server: the browser asks first.
  useEffect(() => {
    if (state === 'saved') return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [state]);

  return { state, error, change, saveNow: flush };
}
