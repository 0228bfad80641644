import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { CHUNK_LOAD_TIMEOUT_MS, messages } from '@urok/contract';
import { ChunkLoadTimeoutError, lazyPage, withTimeout } from './lazy-page';

function Hello({ name }: { name: string }) {
  return <h1>Hello {name}</h1>;
}

const never = () => new Promise<{ default: typeof Hello }>(() => {});

describe('lazyPage', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the timeout is 120 s', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('shows a spinner while the chunk loads, then the page', async () => {
    let deliver!: (module: { default: typeof Hello }) => void;
    const Page = lazyPage(
      () => new Promise<{ default: typeof Hello }>((resolve) => (deliver = resolve)),
    );
    await act(async () => {
      render(<Page name="Olena" />);
    });
    expect(screen.getByRole('status').textContent).toBe(messages.loading);
    await act(async () => deliver({ default: Hello }));
    expect(screen.getByRole('heading').textContent).toBe('Hello Olena');
  });

  it('a chunk that has not arrived within 120 s shows the error and a retry button', async () => {
    const load = vi.fn(never);
    const Page = lazyPage(load);
    await act(async () => {
      render(<Page name="Olena" />);
    });
    await act(async () => {
      vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS - 1);
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy();

    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(messages.chunkLoadFailed);
    expect(screen.getByRole('button', { name: messages.retry })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('retry starts a fresh load, which can succeed', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Hello }>>()
      .mockImplementationOnce(never)
      .mockResolvedValueOnce({ default: Hello });
    const Page = lazyPage(load);
    await act(async () => {
      render(<Page name="again" />);
    });
    await act(async () => {
      vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS);
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: messages.retry }));
    });
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('heading').textContent).toBe('Hello again');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a chunk that fails to load shows the same error at once', async () => {
    const Page = lazyPage<{ name: string }>(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    await act(async () => {
      render(<Page name="x" />);
    });
    expect(screen.getByRole('alert').textContent).toContain(messages.chunkLoadFailed);
  });

  it('withTimeout rejects with ChunkLoadTimeoutError and clears its timer on success', async () => {
    const late = withTimeout(never(), 1000);
    vi.advanceTimersByTime(1000);
    await expect(late).rejects.toBeInstanceOf(ChunkLoadTimeoutError);

    await expect(withTimeout(Promise.resolve('ok'), 1000)).resolves.toBe('ok');
    expect(vi.getTimerCount()).toBe(0);
  });
});
