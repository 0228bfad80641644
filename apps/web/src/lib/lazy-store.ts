import {
  combineReducers,
  type Middleware,
  type Reducer,
  type ReducersMapObject,
  type UnknownAction,
} from 'redux';

/**
 * What joins the store after it was made, when the code that needs it loads:
 * a slice, or the data layer (lib/api.ts: its reducer and its middleware).
 * Nothing of it is in the entry chunk that /login loads.
 */
export interface LazyPart {
  reducerPath: string;
  reducer: Reducer;
  middleware?: Middleware;
}

const reducers: Record<string, Reducer> = {};
const middlewares: Middleware[] = [];
/** Each store's dispatch, in development (joinStore). */
const stores: Array<(action: UnknownAction) => unknown> = [];
let combined: Reducer | undefined;
let base: ReducersMapObject = {};

/**
 * The root reducer over `staticReducers` and the parts that joined; it reads
 * them on every call, so a part that joins later serves every store made
 * from it. A few lines instead of RTK's combineSlices, which would bring
 * Redux Toolkit and Immer back into the vendor chunk that every page,
 * /login included, loads (app/store.ts).
 */
export function lazyRootReducer(staticReducers: ReducersMapObject): Reducer {
  base = staticReducers;
  // Parts may have joined already (a module that joins was imported first).
  combined = combineReducers({ ...base, ...reducers });
  return (state, action) => combined!(state, action);
}

/**
 * The store's one middleware that runs the parts' middleware: RTK 2's
 * createDynamicMiddleware would do it too, but it would sit in the vendor
 * chunk /login loads (built with it when /login still carried Redux
 * Toolkit, /login loaded 215 bytes more, 100,090 of its 100,000; now it
 * would bring all of Redux Toolkit and Immer back). A part's middleware joins a store's
 * chain with the first action after it was added, outside the ones before it.
 */
export const lazyMiddleware: Middleware = (store) => {
  if (import.meta.env.DEV) stores.push(store.dispatch);
  return (next) => {
    let run = next;
    let joined = 0;
    return (action) => {
      while (joined < middlewares.length) run = middlewares[joined++]!(store)(run);
      return run(action);
    };
  };
};

/** Adds a part to every store (once; adding it again changes nothing). */
export function joinStore(part: LazyPart): void {
  if (reducers[part.reducerPath] === part.reducer) return;
  reducers[part.reducerPath] = part.reducer;
  if (part.middleware) middlewares.push(part.middleware);
  combined = combineReducers({ ...base, ...reducers });
  // The part's state appears with the next action. In development, one now:
  // RTK Query logs an error when a page reads its state before it exists.
  if (import.meta.env.DEV) for (const dispatch of stores) dispatch({ type: 'store/joined' });
}
