import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { LessonDocument } from '@urok/contract';
import { readLocalDraft, useAutosave, type LessonDraft } from './use-autosave';

const doc = (text: string): LessonDocument => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});
const draft = (text: string): LessonDraft => ({ title: 'Урок', body: doc(text) });

describe('useAutosave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('keeps a change on the device at once, sends it after the pause, then forgets the copy', async () => {
    const save = vi.fn(async () => null);
    const { result } = renderHook(() => useAutosave('l1', save, { delayMs: 1000 }));
    act(() => result.current.change(draft('один')));
    act(() => result.current.change(draft('два')));
    expect(result.current.state).toBe('unsaved');
    expect(readLocalDraft('l1')).toEqual(draft('два'));
    expect(save).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith(draft('два'));
    expect(result.current.state).toBe('saved');
    expect(readLocalDraft('l1')).toBeNull();
  });

  it('says a save failed, keeps the copy, and retries until it succeeds', async () => {
    let failures = 2;
    const save = vi.fn(async () => (failures-- > 0 ? 'Немає зʼєднання.' : null));
    const { result } = renderHook(() => useAutosave('l2', save, { delayMs: 500, retryMs: 3000 }));
    act(() => result.current.change(draft('текст')));
    await act(async () => vi.advanceTimersByTimeAsync(500));
    expect(result.current.state).toBe('failed');
    expect(result.current.error).toBe('Немає зʼєднання.');
    expect(readLocalDraft('l2')).toEqual(draft('текст'));
    await act(async () => vi.advanceTimersByTimeAsync(3000));
    expect(save).toHaveBeenCalledTimes(2);
    expect(result.current.state).toBe('failed');
    await act(async () => vi.advanceTimersByTimeAsync(3000));
    expect(save).toHaveBeenCalledTimes(3);
    expect(result.current.state).toBe('saved');
    expect(readLocalDraft('l2')).toBeNull();
  });

  it('sends a change made while the previous one was being sent', async () => {
    let finish!: (value: string | null) => void;
    const save = vi
      .fn<(d: LessonDraft) => Promise<string | null>>()
      .mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)))
      .mockResolvedValue(null);
    const { result } = renderHook(() => useAutosave('l3', save, { delayMs: 100 }));
    act(() => result.current.change(draft('а')));
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(result.current.state).toBe('saving');
    act(() => result.current.change(draft('аб')));
    await act(async () => finish(null));
    expect(result.current.state).toBe('unsaved');
    expect(readLocalDraft('l3')).toEqual(draft('аб'));
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(save).toHaveBeenLastCalledWith(draft('аб'));
    expect(result.current.state).toBe('saved');
  });
});
