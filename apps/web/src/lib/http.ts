import type { AxiosInstance } from 'axios';

/** The calls thunks make; the axios instance satisfies it, and so does the lazy client below. */
export type HttpClient = Pick<AxiosInstance, 'get' | 'post' | 'put' | 'patch' | 'delete'>;

export type LoadClient = () => Promise<AxiosInstance>;

let apiClientModule: Promise<typeof import('./api-client')> | null = null;

/**
 * Loads lib/api-client (and axios with it) on first use. Axios is about a
 * fifth of the JavaScript a first visit to /login would load, and nothing
 * needs it before a form is sent or a stored token is restored.
 */
export function loadApiClient(): Promise<AxiosInstance> {
  apiClientModule ??= import('./api-client');
  return apiClientModule.then((module) => module.apiClient);
}

/** Starts loading the client early (a form got focus) without waiting for it. */
export function preloadApiClient(): void {
  void loadApiClient().catch(() => {
    // A failed preload is retried by the real call, which reports its error.
    apiClientModule = null;
  });
}

/** An HttpClient that loads the real client on its first call. */
export function createLazyHttpClient(load: LoadClient): HttpClient {
  return {
    get: ((...args: Parameters<AxiosInstance['get']>) =>
      load().then((client) => client.get(...args))) as AxiosInstance['get'],
    post: ((...args: Parameters<AxiosInstance['post']>) =>
      load().then((client) => client.post(...args))) as AxiosInstance['post'],
    put: ((...args: Parameters<AxiosInstance['put']>) =>
      load().then((client) => client.put(...args))) as AxiosInstance['put'],
    patch: ((...args: Parameters<AxiosInstance['patch']>) =>
      load().then((client) => client.patch(...args))) as AxiosInstance['patch'],
    delete: ((...args: Parameters<AxiosInstance['delete']>) =>
      load().then((client) => client.delete(...args))) as AxiosInstance['delete'],
  };
}
