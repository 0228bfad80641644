import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { startAppUpdate, type RegisterServiceWorker } from './app-update';

/**
 * A stand-in for vite-plugin-pwa's registerSW (jsdom has no service worker;
 * the real one is driven in e2e/tests/offline-shell.spec.ts): it keeps the
 * callback, so a test can say a new version waits, and counts the updates asked for.
 */
function registration(outcome: () => Promise<void> = () => Promise.resolve()) {
  const state = { onNeedRefresh: undefined as (() => void) | undefined, updates: [] as unknown[] };
  const register: RegisterServiceWorker = ({ onNeedRefresh }) => {
    state.onNeedRefresh = onNeedRefresh;
    return (reloadPage) => {
      state.updates.push(reloadPage);
      return outcome();
    };
  };
  return { register, state };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('the update prompt', () => {
  it('says nothing until a new version waits; its live region is there from the start', () => {
    const { register, state } = registration();
    startAppUpdate(register, document.body);
    expect(state.onNeedRefresh).toBeTypeOf('function');
    // Not yet a status (each page has its own), but already a live region.
    expect(screen.queryByRole('status')).toBeNull();
    const region = document.body.querySelector('[aria-live="polite"]')!;
    expect(region.textContent).toBe('');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("shows 'Доступна нова версія' once; 'Оновити' activates the new worker (which reloads the page)", async () => {
    const { register, state } = registration();
    startAppUpdate(register, document.body);
    state.onNeedRefresh!();
    state.onNeedRefresh!();
    expect(screen.getByRole('status').textContent).toContain('Доступна нова версія');
    const buttons = screen.getAllByRole('button', { name: 'Оновити' });
    expect(buttons).toHaveLength(1);
    await userEvent.click(buttons[0]!);
    expect(state.updates).toEqual([true]);
    expect((buttons[0] as HTMLButtonElement).disabled).toBe(true);
  });

  it('the button works again when the update could not be applied', async () => {
    const { register, state } = registration(() => Promise.reject(new Error('no worker')));
    startAppUpdate(register, document.body);
    state.onNeedRefresh!();
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Оновити' });
    await userEvent.click(button);
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(state.updates).toHaveLength(1);
  });
});
