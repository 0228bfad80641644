import { configureStore } from '@reduxjs/toolkit';
import { authReducer, type AuthState } from '../features/auth/auth-slice';
import type { ApiState } from '../lib/api';
import { lazyMiddleware, lazyRootReducer } from '../lib/lazy-store';
import { createBrowserServices, type AppServices } from '../lib/services';

/**
 * The state of the whole app. Parts that load with their pages are
 * optional: the data layer (lib/api.ts) joins when the first page that reads
 * the server loads, so their code stays out of the entry chunk that
 * /login loads (lib/lazy-store.ts).
 */
export interface RootState {
  auth: AuthState;
  /** RTK Query's cache (lib/api.ts). */
  api?: ApiState;
}

export const rootReducer = lazyRootReducer({ auth: authReducer });

/** The app's store; thunks and the data layer reach HTTP, the session and reload through `services`. */
export function createAppStore(
  services: AppServices = createBrowserServices(),
  preloadedState?: Partial<RootState>,
) {
  return configureStore({
    reducer: rootReducer as (state: RootState | undefined, action: { type: string }) => RootState,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: services } }).concat(lazyMiddleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
