import type { ReactNode } from 'react';
import { useOutletContext } from 'react-router';
import type { User } from '@urok/contract';
import type { CoursePaths } from './offline-courses';
import type { QueuedAction, QueuedActionInput } from './offline-queue';

/**
 * The device's queue of actions given offline (lib/offline-queue.ts), as the
 * signed-in layout hands it to its pages: the pages use it through here, so
 * the queue's code stays in the layout's chunk (one chunk less in the map
 * /login's entry carries).
 */
export interface OfflineActions {
  /** The signed-in account's actions waiting for the network, oldest first. */
  pending: QueuedAction[];
  /** Keeps an action on the device, to be sent when the network returns. */
  enqueue(input: QueuedActionInput): Promise<void>;
}

/** What the signed-in layout (app/signed-in-layout.tsx) hands to the pages inside it. */
export interface SignedInContext {
  user: User;
  offline?: OfflineActions;
  /** The save control of a course saved for offline (lib/offline-courses.ts), given its API paths. */
  saveForOffline?: (courseId: string, paths: CoursePaths) => ReactNode;
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

/** The offline queue of the signed-in layout; null outside it (nothing is kept then). */
export function useOfflineActions(): OfflineActions | null {
  return useOutletContext<SignedInContext | undefined>()?.offline ?? null;
}

/**
 * 'Зберегти для офлайн' of a course, as the signed-in layout draws it (the
 * saving code stays in the layout's chunk); null outside the layout.
 */
export function useSaveForOffline(): SignedInContext['saveForOffline'] | null {
  return useOutletContext<SignedInContext | undefined>()?.saveForOffline ?? null;
}
