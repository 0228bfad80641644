import { useOutletContext } from 'react-router';
import type { User } from '@urok/contract';

/** What the signed-in layout (app/signed-in-layout.tsx) hands to the pages inside it. */
export interface SignedInContext {
  user: User;
}

/**
 * The signed-in user, for pages under the signed-in layout. Pages take it
 * from the layout instead of reading the auth slice, so a feature does not
 * reach into another feature's state.
 */
export function useSignedInUser(): User {
  const context = useOutletContext<SignedInContext | undefined>();
  if (!context?.user) throw new Error('useSignedInUser is for pages inside the signed-in layout');
  return context.user;
}
