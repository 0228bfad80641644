import {
  combineReducers,
  configureStore,
  type Reducer,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { authReducer, type AuthState } from '../features/auth/auth-slice';
import type { AdminState } from '../features/admin/admin-slice';
import type { CoursesState } from '../features/courses/course-slice';
import { createBrowserServices, type AppServices } from '../lib/services';

const staticReducers = { auth: authReducer };

/**
 * The state of the whole app. Slices that load with their pages are
 * optional: the courses slice joins when the first course page loads
 * (app/pages.tsx), so its code stays out of the entry chunk that /login loads.
 */
export interface RootState {
  auth: AuthState;
  courses?: CoursesState;
  /** The operator's console: joins with its pages (app/pages.tsx). */
  admin?: AdminState;
}

type LazySliceName = Exclude<keyof RootState, keyof typeof staticReducers>;

/** What a slice brings to injectSlice (a createSlice result fits). */
export interface InjectableSlice {
  reducerPath: LazySliceName;
  reducer: Reducer;
}

const lazyReducers: Partial<Record<LazySliceName, Reducer>> = {};
let combined: Reducer = combineReducers(staticReducers);

/**
 * The root reducer; it reads the injected reducers on every call, so a
 * slice injected later serves every store made from it (its state appears
 * with the next action; selectors fall back to the initial state until then).
 * A few lines instead of RTK's combineSlices, which would add a kilobyte to
 * the vendor chunk that every page, /login included, loads.
 */
export function rootReducer(state: RootState | undefined, action: UnknownAction): RootState {
  return combined(state, action) as RootState;
}

/** Adds a lazily loaded slice's reducer (once; injecting it again changes nothing). */
export function injectSlice(slice: InjectableSlice): void {
  if (lazyReducers[slice.reducerPath] === slice.reducer) return;
  lazyReducers[slice.reducerPath] = slice.reducer;
  combined = combineReducers({ ...staticReducers, ...lazyReducers });
}

/** The app's store; thunks reach HTTP, the session and reload through `services`. */
export function createAppStore(
  services: AppServices = createBrowserServices(),
  preloadedState?: Partial<RootState>,
) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: services } }),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
