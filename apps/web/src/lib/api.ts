/**
 * The web app's one data layer: RTK Query over the app's axios client.
 *
 * Each feature declares its endpoints beside its pages with
 * `api.enhanceEndpoints({ addTagTypes }).injectEndpoints(…)`, and its pages
 * read them with the generated hooks: the cache, loading states, request
 * de-duplication and refetch after a change (tags) come from here, not from
 * hand-written thunks and `useState` loaders. ARCHITECTURE.md ("The web
 * app's data layer") says how to add an endpoint.
 *
 * This module is never in the entry chunk that /login loads: it joins the
 * store (its reducer and middleware, lib/lazy-store.ts) when the first page
 * that imports it loads, and vite.config.ts keeps RTK Query's code out of the
 * common vendor chunk.
 */
import type { AxiosProgressEvent, AxiosRequestConfig } from 'axios';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import {
  buildCreateApi,
  coreModule,
  reactHooksModule,
  type BaseQueryFn,
} from '@reduxjs/toolkit/query/react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { toApiFailure, type ApiFailure } from './api-error';
import { joinStore } from './lazy-store';
import type { AppServices } from './services';

/** One call of the API, as an endpoint's `query` describes it. */
export interface ServiceRequest {
  /** A path relative to /api/ (the contract's API maps). */
  url: string;
  method?: 'get' | 'post' | 'put' | 'patch' | 'delete';
  params?: Record<string, unknown>;
  body?: unknown;
  /** The message shown when the server names none (network failure, HTML error page). */
  failure: string;
  /** Headers beyond the client's own (the bearer header is the client's already). */
  headers?: Record<string, string>;
  responseType?: AxiosRequestConfig['responseType'];
  onUploadProgress?: (event: AxiosProgressEvent) => void;
  /** Logs a failure to the console as '<log> failed: status message' (the course calls do). */
  log?: string;
}

/** What a call's meta carries: the answer's headers (a download's file name). */
export interface ServiceMeta {
  headers: Record<string, unknown>;
}

/**
 * The base query: every endpoint goes through the store's `services.http`
 * (the bearer header, the XSRF cookie→header, upload progress), and a
 * failure is the same `ApiFailure` the pages showed before (lib/api-error.ts).
 */
export const serviceQuery: BaseQueryFn<
  ServiceRequest,
  unknown,
  ApiFailure,
  object,
  ServiceMeta
> = async (request, { extra, signal, getState }) => {
  const { http } = extra as AppServices;
  const { url, method = 'get', params, body, headers, responseType, onUploadProgress } = request;
  const config: AxiosRequestConfig = { signal };
  if (params) config.params = params;
  if (headers) config.headers = headers;
  if (responseType) config.responseType = responseType;
  if (onUploadProgress) config.onUploadProgress = onUploadProgress;
  const key =
    method === 'get' && !responseType
      ? params
        ? `${url}?${JSON.stringify(params)}`
        : url
      : undefined;
  const held = key === undefined ? undefined : validated.get(key);
  if (held) {
    config.headers = { ...config.headers, 'If-None-Match': held.etag };
    config.validateStatus = (status) => (status >= 200 && status < 300) || status === 304;
  }
  try {
    const response =
      method === 'get' || method === 'delete'
        ? await http[method](url, config)
        : await http[method](url, body, config);
    if (held && response.status === 304)
      return { data: held.data, meta: { headers: held.headers } };
    const answer = {
      data: response.data as unknown,
      meta: { headers: { ...(response.headers as Record<string, unknown>) } },
    };
    const etag = answer.meta.headers.etag;
    if (key !== undefined && typeof etag === 'string') {
      const sent = response.config?.headers as { get?: (name: string) => unknown } | undefined;
      forgetOtherAccount(sent?.get?.('Authorization'));
      keepValidated(key, { etag, data: answer.data, headers: answer.meta.headers });
    }
    return answer;
  } catch (error) {
    const failure = toApiFailure(await withJsonBody(error), request.failure);
    if (request.log) console.error(`${request.log} failed:`, failure.status ?? '', failure.message);
    // No answer (offline, a dropped connection): a course saved for offline answers for the
    // server (lib/offline-courses.ts, through the signed-in frame); any other page says it
    // needs the network.
    if (key !== undefined && saved && unanswered(error)) {
      const answer = await savedFor(accountOf(getState), key);
      if (answer !== undefined) return { data: answer, meta: { headers: {} } };
      return { error: { message: saved.needsNetwork(), code: OFFLINE } };
    }
    return { error: failure };
  }
};

/** The `code` of a GET's failure when no answer came and nothing saved stood in. */
export const OFFLINE = 'OFFLINE';

/** What the signed-in frame hands the data layer: the saved copies and the words for a page without one. */
export interface SavedAnswers {
  /** The account's saved answer of a request (its key: the path relative to /api/), or undefined. */
  answer(account: string, key: string): Promise<unknown>;
  /** Read when it is said, in the language of that moment. */
  needsNetwork: () => string;
}

let saved: SavedAnswers | null = null;

/**
 * Lets GETs that get no answer be answered from the courses saved for offline
 * (called once by the signed-in frame's module, so neither the storage nor
 * its words load with the data layer itself).
 */
export function serveSavedAnswers(source: SavedAnswers): void {
  saved = source;
}

/** Whether a call got no answer at all (not one the page cancelled). */
function unanswered(error: unknown): boolean {
  const failed = error as { isAxiosError?: boolean; response?: unknown; code?: string } | null;
  return failed?.isAxiosError === true && !failed.response && failed.code !== 'ERR_CANCELED';
}

/** The signed-in account's id, read from the auth slice's state without importing it. */
function accountOf(getState: () => unknown): string | null {
  const state = getState() as { auth?: { data?: { user?: { _id?: string } } | null } };
  return state.auth?.data?.user?._id ?? null;
}

/** The account's saved answer of the request, or undefined (none, or no storage). */
async function savedFor(account: string | null, key: string): Promise<unknown> {
  if (!account || !saved) return undefined;
  try {
    return await saved.answer(account, key);
  } catch {
    return undefined;
  }
}

/**
 * The last answer of each GET that came with an `ETag` (the server's kept
 * answers: the gradebook, course lists, outlines, lessons), asked for again
 * with `If-None-Match`: unchanged, it comes back as a 304 without its bytes
 * and the kept data stands. Pages ask again each time they mount
 * (`refetchOnMountOrArgChange`), so a teacher reopening a big gradebook
 * downloads it only when it changed. In memory only, for the account whose
 * bearer header asked (another account's first answer empties it), and the
 * most recent 50.
 */
interface Validated {
  etag: string;
  data: unknown;
  headers: Record<string, unknown>;
}
const validated = new Map<string, Validated>();
let validatedFor: unknown;

/** An answer for another account than the kept ones': they go. */
function forgetOtherAccount(account: unknown): void {
  if (account === validatedFor) return;
  validated.clear();
  validatedFor = account;
}

function keepValidated(key: string, answer: Validated): void {
  validated.delete(key);
  validated.set(key, answer);
  if (validated.size > 50) validated.delete(validated.keys().next().value as string);
}

/** An error answer of a blob request is a Blob too: read it back into the API's JSON error. */
async function withJsonBody(error: unknown): Promise<unknown> {
  const response = (error as { response?: { data?: unknown } } | null)?.response;
  if (!response || !(response.data instanceof Blob)) return error;
  try {
    response.data = JSON.parse(await response.data.text()) as unknown;
  } catch {
    // Not JSON: the fallback message will do.
  }
  return error;
}

/**
 * createApi with the app's own react-redux hooks: the build gives RTK Query
 * a copy of react-redux's helpers (vite.config.ts), and the hooks must be
 * the ones of the app's Provider.
 */
const createApi = buildCreateApi(
  coreModule(),
  reactHooksModule({ hooks: { useDispatch, useSelector, useStore } }),
);

export const api = createApi({
  reducerPath: 'api',
  baseQuery: serviceQuery,
  // Each feature adds its own tag types (enhanceEndpoints), so this file names none.
  tagTypes: [],
  // A page shows what is cached at once and asks again each time it mounts, as the loaders did.
  refetchOnMountOrArgChange: true,
  endpoints: () => ({}),
});

export type ApiState = ReturnType<typeof api.reducer>;

joinStore(api);

/**
 * A failed query's or mutation's `error` as the ApiFailure a form or banner
 * shows (the base query's own; anything else, such as a thrown bug, says the
 * fallback).
 */
export function asFailure(error: unknown, fallback: string): ApiFailure {
  const failure = error as Partial<ApiFailure> | undefined;
  return typeof failure?.message === 'string' && !('name' in failure)
    ? (failure as ApiFailure)
    : { message: fallback };
}

/** The message of a failed query or mutation (`error` of a hook), or the fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  return asFailure(error, fallback).message;
}

/**
 * The dispatch of a page that runs the data layer's thunks itself (a cache
 * update, `api.util.updateQueryData`): each feature's API types its own
 * part of the state, which any store with the data layer holds.
 */
export const useApiDispatch =
  useDispatch.withTypes<ThunkDispatch<never, AppServices, UnknownAction>>();

/** A mutation endpoint, as far as useSecretMutation needs it. */
interface SecretEndpoint<Arg, Result> {
  initiate(
    arg: Arg,
    options: { track: boolean },
  ): (...args: never[]) => PromiseLike<{ data?: Result; error?: unknown }>;
}

/**
 * Sends a mutation whose argument or answer is a secret (a password, a
 * reset token or link) untracked: neither enters the store, where the
 * generated hooks would keep them for as long as the page lives.
 */
export function useSecretMutation<Arg, Result>(endpoint: SecretEndpoint<Arg, Result>) {
  const dispatch = useApiDispatch();
  return async (arg: Arg): Promise<{ data?: Result; error?: unknown }> =>
    (await dispatch(endpoint.initiate(arg, { track: false }) as never)) as {
      data?: Result;
      error?: unknown;
    };
}

/** A query as a page that shows one of three states sees it. */
export type QueryLoad<T> =
  { state: 'loading' } | { state: 'loaded'; data: T } | { state: 'error'; message: string };

/**
 * Loading (also while it asks again, as after 'Спробувати ще раз'), loaded,
 * or failed with the server's message or the fallback.
 */
export function queryLoad<T>(
  query: { currentData?: T; isFetching: boolean; isError: boolean; error?: unknown },
  fallback: string,
): QueryLoad<T> {
  if (query.isError) return { state: 'error', message: failureMessage(query.error, fallback) };
  if (query.currentData !== undefined && !query.isFetching)
    return { state: 'loaded', data: query.currentData };
  return { state: 'loading' };
}

/**
 * The words of a page that could not load: its own (`fallback`), or, when no
 * answer came and nothing saved for offline stood in, that it needs the network.
 */
export function loadFailureMessage(error: unknown, fallback: string): string {
  const failure = error as Partial<ApiFailure> | undefined;
  return failure?.code === OFFLINE && failure.message ? failure.message : fallback;
}
