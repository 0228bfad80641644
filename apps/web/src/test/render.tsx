import type { ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Provider } from 'react-redux';
import { createAppStore, type RootState } from '../app/store';
import type { AppServices } from '../lib/services';

/** Renders `ui` with a real store (given services) and a memory router, inside an awaited act. */
export async function renderWithStore(
  ui: ReactNode,
  {
    services,
    path = '/',
    preloadedState,
  }: { services: AppServices; path?: string; preloadedState?: Partial<RootState> },
) {
  const store = createAppStore(services, preloadedState);
  let result!: ReturnType<typeof render>;
  await act(async () => {
    result = render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </Provider>,
    );
  });
  return { store, ...result };
}
