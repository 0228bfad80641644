import { applyMiddleware, legacy_createStore, type Reducer, type UnknownAction } from 'redux';
import { withExtraArgument } from 'redux-thunk';
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

/**
 * The app's store; thunks and the data layer reach HTTP, the session and
 * reload through `services`. A plain Redux store, not Redux Toolkit's
 * configureStore: /login loads the store, and Redux Toolkit with Immer would
 * cost it 6.7 kB gzipped (docs/decisions.md, "Making room on /login"). So
 * there are no development checks of immutability and serializability, no
 * Redux DevTools hook and no auto-batching of RTK Query's actions.
 */
export function createAppStore(
  services: AppServices = createBrowserServices(),
  preloadedState?: Partial<RootState>,
) {
  return legacy_createStore(
    rootReducer as Reducer<RootState>,
    preloadedState as RootState | undefined,
    applyMiddleware(
      withExtraArgument<RootState, UnknownAction, AppServices>(services),
      lazyMiddleware,
    ),
  );
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
