import { AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { UPLOAD_API } from '@urok/contract';
import type { FakeHandler, FakeReply } from './fake-api';

/** One PATCH as the fake server saw it. */
export interface FakePatch {
  offset: number;
  bytes: number;
}

export interface FakeTusOptions {
  id?: string;
  /** The creation's answer instead of 201 (a refusal). */
  refuse?: FakeReply;
  /** Runs before a PATCH is answered (report progress, hold it). */
  onPatch?: (patch: FakePatch, config: InternalAxiosRequestConfig) => Promise<void> | void;
  /** The upload was closed before (finished or refused): HEAD and PATCH answer 404. */
  closed?: boolean;
  /** GET uploads/{id}/result's answer. */
  result: FakeReply;
}

/** Decodes tus's Upload-Metadata (`key base64,key base64`). */
export function decodeMetadata(header: string | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (!key) continue;
    const bytes = Uint8Array.from(atob(value ?? ''), (char) => char.charCodeAt(0));
    fields[key] = new TextDecoder().decode(bytes);
  }
  return fields;
}

/**
 * The routes of a tus upload for createFakeApi: creation, HEAD, PATCH (which
 * takes every byte it is sent) and the result, keeping what was created and sent.
 */
export function fakeTusRoutes(options: FakeTusOptions) {
  const id = options.id ?? 'up_0123456789abcdef';
  const created: Record<string, string>[] = [];
  const patches: FakePatch[] = [];
  let length = 0;
  let offset = 0;
  const routes: Record<string, FakeReply | FakeHandler> = {
    [`POST ${UPLOAD_API.uploads}`]: (_call, config) => {
      if (options.refuse) return options.refuse;
      const headers = AxiosHeaders.from(config.headers);
      created.push(decodeMetadata(headers.get('Upload-Metadata')?.toString()));
      length = Number(headers.get('Upload-Length'));
      offset = 0;
      return { status: 201, headers: { location: `/api/${UPLOAD_API.uploads}/${id}` } };
    },
    [`HEAD ${UPLOAD_API.uploads}/${id}`]: () =>
      options.closed
        ? { status: 404 }
        : {
            status: 200,
            headers: { 'upload-offset': String(offset), 'upload-length': String(length) },
          },
    [`PATCH ${UPLOAD_API.uploads}/${id}`]: async (_call, config) => {
      if (options.closed) return { status: 404 };
      const headers = AxiosHeaders.from(config.headers);
      const at = Number(headers.get('Upload-Offset'));
      const bytes = (config.data as Blob).size;
      const patch = { offset: at, bytes };
      patches.push(patch);
      await options.onPatch?.(patch, config);
      offset = at + bytes;
      return { status: 204, headers: { 'upload-offset': String(offset) } };
    },
    [`GET ${UPLOAD_API.uploadResult(id)}`]: () => options.result,
  };
  return { id, routes, created, patches };
}
