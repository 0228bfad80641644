import { describe, expect, it } from 'vitest';
import type { Middleware, UnknownAction } from 'redux';
import { createAppStore } from '../app/store';
import { createTestServices } from '../test/fake-api';
import { joinStore, lazyRootReducer } from './lazy-store';

describe('parts that join the store later', () => {
  it('serve a store made before they joined: its state at once, its middleware from the next action', () => {
    const store = createAppStore(createTestServices().services);
    const seen: string[] = [];
    const middleware: Middleware = () => (next) => (action) => {
      seen.push((action as UnknownAction).type);
      return next(action);
    };
    const reducer = (state: number | undefined = 0, action: UnknownAction) =>
      action.type === 'late/count' ? state + 1 : state;

    joinStore({ reducerPath: 'late', reducer, middleware });
    expect((store.getState() as unknown as { late: number }).late).toBe(0);
    store.dispatch({ type: 'late/count' });
    store.dispatch({ type: 'late/count' });
    expect((store.getState() as unknown as { late: number }).late).toBe(2);
    // (In development the join itself is an action, so the state appears before any other.)
    expect(seen).toEqual(['store/joined', 'late/count', 'late/count']);

    // Joining again changes nothing: the middleware runs once per action.
    joinStore({ reducerPath: 'late', reducer, middleware });
    store.dispatch({ type: 'late/count' });
    expect(seen).toHaveLength(4);
    expect(store.getState().auth).toBeDefined();
  });
});

describe('a part that joined before the root reducer was made', () => {
  it('is in the reducer made after it (a page module imported before the store)', () => {
    const reducer = (state: string | undefined = 'early') => state;
    joinStore({ reducerPath: 'early', reducer });
    const root = lazyRootReducer({ auth: (state: number | undefined = 1) => state });
    expect(root(undefined, { type: 'init' })).toMatchObject({ auth: 1, early: 'early' });
  });
});
