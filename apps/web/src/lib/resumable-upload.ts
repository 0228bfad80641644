/**
 * Every file the web app sends goes through here: a tus 1.0 upload to
 * POST api/uploads (DESIGN section 15) with tus-js-client, in chunks of a few
 * MB, through the app's one axios client (its bearer header, its XSRF
 * header). A dropped connection is retried with backoff; with no network the
 * upload waits for it and says so; the upload's URL is kept on the device
 * under its fingerprint, so choosing the same file again after a reload or a
 * closed tab continues from the byte the server has. A refusal is the
 * server's `{message}`.
 *
 * Only the pages that upload import this module (and tus-js-client with it):
 * never /login.
 */
import type { AxiosInstance, AxiosResponse } from 'axios';
import {
  Upload,
  type DetailedError,
  type FileReader as TusFileReader,
  type HttpRequest,
  type HttpResponse,
  type HttpStack,
  type PreviousUpload,
  type UrlStorage,
} from 'tus-js-client';
import { API_BASE, UPLOAD_API, signInMessages } from '@urok/contract';
import type { ApiFailure } from './api-error';
import type { HttpClient } from './http';
import { loadApiClient } from './http';

/** The bytes of one PATCH. */
export const UPLOAD_CHUNK_BYTES = 4 * 1024 * 1024;
/** tus-js-client's own retries of a failed request (ms before each), while the network is there. */
export const UPLOAD_RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000];
/** Afterwards the upload waits (ms, the last one repeated) or until the browser is online again. */
export const UPLOAD_WAIT_DELAYS = [15_000, 30_000, 60_000];
/** Where an upload's URL is kept on the device, by fingerprint (as tus-js-client's own storage). */
export const UPLOAD_STORAGE_PREFIX = 'tus::';

/** What a progress bar shows. */
export interface UploadState {
  sent: number;
  total: number;
  /** 0–100. */
  percent: number;
  /** The last request failed for want of a network (or a server): the upload continues later. */
  waiting: boolean;
}

/** The purpose and its fields (Upload-Metadata), as the server reads them. */
export type UploadPurpose =
  | { purpose: 'homework'; courseId: string; assignmentId?: string; comment?: string }
  | { purpose: 'attachment'; lessonId: string }
  | { purpose: 'video'; lessonId: string };

export interface ResumableUploadInput {
  file: File;
  target: UploadPurpose;
  /** The store's HTTP client: its axios instance when it is a whole one (tests), else the app's. */
  http: HttpClient;
  onState?: (state: UploadState) => void;
  /** The message of a failure the server does not explain. */
  failure: string;
  /** Stops the upload (its URL stays on the device for the next try). */
  signal?: AbortSignal;
  /** The device's storage of upload URLs; localStorage when absent. */
  storage?: Storage | null;
}

export type ResumableUploadResult = { uploadId: string } | { error: ApiFailure };

export function percentOf(sent: number, total: number): number {
  if (total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((sent / total) * 100)));
}

/** The Upload-Metadata of an upload: its purpose's fields and the file's name. */
export function uploadMetadata(target: UploadPurpose, fileName: string): Record<string, string> {
  const metadata: Record<string, string> = { filename: fileName };
  for (const [key, value] of Object.entries(target)) {
    if (typeof value === 'string') metadata[key] = value;
  }
  return metadata;
}

/** A short, stable hash (FNV-1a, 32 bits) of a text, to keep a comment out of the storage key. */
export function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * What identifies an upload on the device: the same file (name, size, type,
 * last change) sent for the same purpose with the same fields continues the
 * upload begun before; another assignment, lesson or comment starts anew.
 * The server answers 404 for an upload that is not the caller's, and a new
 * one is created then.
 */
export function uploadFingerprint(
  file: Pick<File, 'name' | 'size' | 'type' | 'lastModified'>,
  target: UploadPurpose,
): string {
  const fields = Object.entries(uploadMetadata(target, file.name))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  return ['urok', target.purpose, shortHash(fields), file.size, file.lastModified, file.type].join(
    '/',
  );
}

/** The newest upload kept for a fingerprint, if any. */
export function newestPreviousUpload(previous: PreviousUpload[]): PreviousUpload | undefined {
  return [...previous]
    .filter((entry) => entry.uploadUrl)
    .sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime))[0];
}

/** The upload's id: the last segment of its URL (its Location). */
export function uploadIdOf(url: string): string {
  const path = new URL(url, 'http://localhost').pathname;
  return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
}

/**
 * Whether a failed request is tried again at once (after tus-js-client's
 * delay): an answer the server may give differently later (5xx, 423 locked,
 * 429, a PATCH's 409 offset mismatch, which a HEAD corrects), or no answer
 * while the browser says it is online. Offline, the upload waits for the
 * network instead of spending its retries. A creation's 4xx is a refusal.
 */
export function shouldRetryRequest(method: string, status: number | undefined, online: boolean) {
  if (status === undefined || status === 0) return online;
  if (status >= 500 || status === 423 || status === 429) return true;
  return status === 409 && method.toUpperCase() !== 'POST';
}

/** Whether a failure that tus-js-client gave up on is waited out (no refusal, only no network). */
export function isWaitable(status: number | undefined): boolean {
  return status === undefined || status === 0 || status >= 500 || status === 423 || status === 429;
}

/** How long the upload waits after its `attempt`th failure in a row (0-based). */
export function waitDelay(attempt: number): number {
  return UPLOAD_WAIT_DELAYS[Math.min(attempt, UPLOAD_WAIT_DELAYS.length - 1)] ?? 60_000;
}

/** A refusal's message: the API's `{message}`, else `fallback`; no answer says the network is gone. */
export function refusalOf(
  status: number | undefined,
  body: string | undefined,
  fallback: string,
): ApiFailure {
  if (status === undefined || status === 0) return { message: signInMessages.networkLost };
  try {
    const parsed: unknown = JSON.parse(body ?? '');
    const message = (parsed as { message?: unknown } | null)?.message;
    if (typeof message === 'string' && message !== '') return { message, status };
  } catch {
    // Not the API's JSON (a proxy's page): the fallback says it.
  }
  return { message: fallback, status };
}

/** The upload URLs kept on the device (localStorage, or nothing when it is unavailable). */
export function createUrlStorage(storage: Storage | null): UrlStorage {
  const entries = (prefix: string): PreviousUpload[] => {
    if (!storage) return [];
    const found: PreviousUpload[] = [];
    try {
      for (let index = 0; index < storage.length; index++) {
        const key = storage.key(index);
        if (!key?.startsWith(prefix)) continue;
        try {
          const upload = JSON.parse(storage.getItem(key) ?? '') as PreviousUpload;
          found.push({ ...upload, urlStorageKey: key });
        } catch {
          // A damaged entry cannot stop an upload.
        }
      }
    } catch {
      // Storage turned off meanwhile.
    }
    return found;
  };
  return {
    findAllUploads: () => Promise.resolve(entries(UPLOAD_STORAGE_PREFIX)),
    findUploadsByFingerprint: (fingerprint) =>
      Promise.resolve(entries(`${UPLOAD_STORAGE_PREFIX}${fingerprint}::`)),
    removeUpload: (key) => {
      try {
        storage?.removeItem(key);
      } catch {
        // Disabled storage: nothing was kept.
      }
      return Promise.resolve();
    },
    addUpload: (fingerprint, upload) => {
      const key = `${UPLOAD_STORAGE_PREFIX}${fingerprint}::${Date.now().toString(36)}`;
      try {
        storage?.setItem(key, JSON.stringify(upload));
      } catch {
        // Full or disabled storage: this upload resumes within this page only.
      }
      return Promise.resolve(key);
    },
  };
}

function deviceStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Reads a Blob or File in slices (the same in the browser and under test). */
const blobReader: TusFileReader = {
  openFile: (input: Blob) =>
    Promise.resolve({
      size: input.size,
      slice: (start: number, end: number) =>
        Promise.resolve({ value: input.slice(start, end), done: end >= input.size }),
      close: () => {},
    }),
};

/** An answer as tus-js-client reads it. */
function tusResponse(response: AxiosResponse): HttpResponse {
  return {
    getStatus: () => response.status,
    getHeader: (name) => {
      const value: unknown = (response.headers as Record<string, unknown>)[name.toLowerCase()];
      return value === undefined || value === null ? undefined : String(value as string);
    },
    getBody: () =>
      typeof response.data === 'string' ? response.data : JSON.stringify(response.data ?? ''),
    getUnderlyingObject: () => response,
  };
}

/** A URL of this origin under API_BASE becomes relative to it, as the client's other calls. */
function clientUrl(url: string): string {
  const base = new URL(API_BASE, window.location.href).href;
  return url.startsWith(base) ? url.slice(base.length) : url;
}

/** An answer made here rather than by the server (see axiosHttpStack). */
function madeResponse(status: number, headers: Record<string, string>): HttpResponse {
  return {
    getStatus: () => status,
    getHeader: (name) => headers[name.toLowerCase()],
    getBody: () => '',
    getUnderlyingObject: () => null,
  };
}

/** Whether the server has closed the upload at `url` (finished or refused): its result is known. */
async function isClosed(client: AxiosInstance, url: string): Promise<boolean> {
  try {
    const { status } = await client.get(UPLOAD_API.uploadResult(uploadIdOf(url)), {
      validateStatus: () => true,
    });
    return status === 200 || status === 409;
  } catch (error) {
    const status = (error as { response?: AxiosResponse } | null)?.response?.status;
    return status === 200 || status === 409;
  }
}

/**
 * tus-js-client's requests through the app's axios client: its bearer and
 * XSRF headers go with every one, and an error answer is handed back to tus
 * as an answer (not thrown).
 *
 * A HEAD answered 404 for an upload the server has closed — its last PATCH
 * arrived but the answer was lost, or the tab closed before the result was
 * read — is answered here as complete (offset = length = `size`): tus-js-client
 * would otherwise start the same file again as a new upload, and hand in a
 * second submission. The caller then reads the result as after any upload.
 */
export function axiosHttpStack(client: AxiosInstance, size: number): HttpStack {
  return {
    getName: () => 'urok-axios',
    createRequest(method, url): HttpRequest {
      const headers: Record<string, string> = {};
      const controller = new AbortController();
      let onProgress: ((bytesSent: number) => void) | undefined;
      const closedAsComplete = async (response: HttpResponse): Promise<HttpResponse> =>
        method === 'HEAD' && response.getStatus() === 404 && (await isClosed(client, url))
          ? madeResponse(200, { 'upload-offset': String(size), 'upload-length': String(size) })
          : response;
      return {
        getMethod: () => method,
        getURL: () => url,
        setHeader: (name, value) => {
          headers[name] = value;
        },
        getHeader: (name) => headers[name],
        setProgressHandler: (handler) => {
          onProgress = handler;
        },
        async send(body: unknown) {
          try {
            const response = await client.request({
              method,
              url: clientUrl(url),
              data: body ?? undefined,
              headers,
              signal: controller.signal,
              responseType: 'text',
              transformResponse: [(data: unknown) => data],
              validateStatus: () => true,
              onUploadProgress: (event) => onProgress?.(event.loaded),
            });
            return await closedAsComplete(tusResponse(response));
          } catch (error) {
            const response = (error as { response?: AxiosResponse } | null)?.response;
            if (response) return closedAsComplete(tusResponse(response));
            throw error;
          }
        },
        abort: () => {
          controller.abort();
          return Promise.resolve();
        },
        getUnderlyingObject: () => controller,
      };
    },
  };
}

/** The store's client when it is a whole axios instance, else the app's one client. */
async function axiosOf(http: HttpClient): Promise<AxiosInstance> {
  return 'request' in http && typeof http.request === 'function'
    ? (http as AxiosInstance)
    : loadApiClient();
}

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * Sends a file as a tus upload and resolves with its id once every byte is
 * on the server (the caller then asks GET uploads/{id}/result), or with the
 * refusal. A failure for want of the network never ends it: it waits, with
 * `waiting` in its state, until the browser is online again or its next try.
 */
export async function sendResumable(input: ResumableUploadInput): Promise<ResumableUploadResult> {
  const { file, target, onState, failure, signal } = input;
  const client = await axiosOf(input.http);
  const storage = input.storage === undefined ? deviceStorage() : input.storage;
  const endpoint = new URL(API_BASE + UPLOAD_API.uploads, window.location.href).href;
  let state: UploadState = {
    sent: 0,
    total: file.size,
    percent: 0,
    waiting: false,
  };
  const report = (change: Partial<UploadState>) => {
    state = { ...state, ...change };
    state.percent = percentOf(state.sent, state.total);
    onState?.(state);
  };

  return new Promise<ResumableUploadResult>((resolve) => {
    let waits = 0;
    let waitTimer: ReturnType<typeof setTimeout> | undefined;
    let finished = false;
    const stopWaiting = () => {
      if (waitTimer !== undefined) clearTimeout(waitTimer);
      waitTimer = undefined;
      window.removeEventListener('online', resume);
    };
    const finish = (result: ResumableUploadResult) => {
      if (finished) return;
      finished = true;
      stopWaiting();
      signal?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const resume = () => {
      stopWaiting();
      if (!finished) upload.start();
    };
    const wait = () => {
      report({ waiting: true });
      stopWaiting();
      window.addEventListener('online', resume);
      waitTimer = setTimeout(resume, waitDelay(waits));
      waits += 1;
    };
    const onAbort = () => {
      void upload.abort();
      finish({ error: { message: failure } });
    };

    const upload = new Upload(file, {
      endpoint,
      metadata: uploadMetadata(target, file.name),
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: UPLOAD_RETRY_DELAYS,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      fingerprint: () => Promise.resolve(uploadFingerprint(file, target)),
      urlStorage: createUrlStorage(storage),
      fileReader: blobReader,
      httpStack: axiosHttpStack(client, file.size),
      onProgress: (sent, total) => {
        waits = 0;
        report({ sent, total, waiting: false });
      },
      onShouldRetry: (error: DetailedError) => {
        const status = error.originalResponse?.getStatus();
        const method = error.originalRequest.getMethod();
        const retry = shouldRetryRequest(method, status, isOnline());
        if (retry || isWaitable(status)) report({ waiting: true });
        return retry;
      },
      onError: (error) => {
        const detailed = error as Partial<DetailedError>;
        // Not a request's failure (the file could not be read): nothing to wait for.
        if (!detailed.originalRequest) {
          finish({ error: { message: failure } });
          return;
        }
        const response = detailed.originalResponse ?? undefined;
        const status = response?.getStatus();
        if (isWaitable(status)) wait();
        else finish({ error: refusalOf(status, response?.getBody(), failure) });
      },
      onSuccess: () => {
        report({ sent: state.total, waiting: false });
        finish({ uploadId: uploadIdOf(upload.url ?? '') });
      },
    });

    if (signal?.aborted) {
      finish({ error: { message: failure } });
      return;
    }
    signal?.addEventListener('abort', onAbort);
    void upload
      .findPreviousUploads()
      .then((previous) => {
        const newest = newestPreviousUpload(previous);
        if (newest) upload.resumeFromPreviousUpload(newest);
      })
      .catch(() => {
        // Nothing kept to resume: a new upload.
      })
      .finally(() => {
        if (!finished) upload.start();
      });
  });
}
