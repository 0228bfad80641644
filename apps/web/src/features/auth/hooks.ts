import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { fetchUser, selectAuth, type AuthDispatch, type AuthRootState } from './auth-slice';

export type { AuthDispatch };

export const useAuthDispatch = useDispatch.withTypes<AuthDispatch>();
export const useAuthSelector = useSelector.withTypes<AuthRootState>();

/** Requests the current user when none is loaded (spec section 4: the header does this). */
export function useEnsureUser(): void {
  const dispatch = useAuthDispatch();
  const { data, status } = useAuthSelector(selectAuth);
  const missing = data === null && status !== 'loading';
  useEffect(() => {
    if (missing) void dispatch(fetchUser());
  }, [missing, dispatch]);
}
