import {
  Component,
  Suspense,
  lazy,
  useState,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { CHUNK_LOAD_TIMEOUT_MS, signInMessages } from '@urok/contract';
import { Button } from './button';
import { Spinner } from './spinner';

export class ChunkLoadTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`The page did not load within ${timeoutMs} ms`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/** Rejects when `promise` has not settled within `timeoutMs`. */
export function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(timeoutMs)), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

class ChunkErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn('A page failed to load:', error.message, info.componentStack ?? '');
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div
        role="alert"
        className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center"
      >
        <p className="text-base font-medium text-slate-800">{signInMessages.chunkLoadFailed}</p>
        <Button onClick={this.props.onRetry}>{signInMessages.retry}</Button>
      </div>
    );
  }
}

type PageModule<P> = { default: ComponentType<P> };

/**
 * A page loaded on demand (React.lazy): a spinner while its chunk loads, and
 * an error with a retry button when the chunk fails or has not arrived
 * within `timeoutMs` (CHUNK_LOAD_TIMEOUT_MS, 120 s). A successful load is
 * kept for the whole session; a retry starts a fresh load.
 */
export function lazyPage<P extends object>(
  load: () => Promise<PageModule<P>>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): ComponentType<P> {
  const createLazy = () => lazy(() => withTimeout(load(), timeoutMs));
  let LazyComponent: LazyExoticComponent<ComponentType<P>> = createLazy();

  function LazyPage(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      LazyComponent = createLazy();
      setAttempt((value) => value + 1);
    };
    const Page = LazyComponent;
    return (
      <ChunkErrorBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<Spinner className="py-16" />}>
          <Page {...props} />
        </Suspense>
      </ChunkErrorBoundary>
    );
  }
  return LazyPage;
}
