import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { authReducer } from '../features/auth/auth-slice';
import { createBrowserServices, type AppServices } from '../lib/services';

const rootReducer = combineReducers({ auth: authReducer });

export type RootState = ReturnType<typeof rootReducer>;

/** The app's store; thunks reach HTTP, the session and reload through `services`. */
export function createAppStore(
  services: AppServices = createBrowserServices(),
  preloadedState?: Partial<RootState>,
) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: services } }),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
