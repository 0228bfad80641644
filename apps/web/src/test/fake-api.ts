import axios, {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosInstance,
  type InternalAxiosRequestConfig,
} from 'axios';
import { vi } from 'vitest';
import type { User } from '@urok/contract';
import { createSession } from '../lib/session';
import type { AppServices } from '../lib/services';

export interface FakeReply {
  status: number;
  body?: unknown;
  /** Response headers (lower-case names), e.g. content-disposition of a download. */
  headers?: Record<string, string>;
}

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
  authorization: string | undefined;
  /** The query parameters (axios `params`), if any. */
  params?: Record<string, unknown>;
}

/** A handler also gets the request config, e.g. to report upload progress through onUploadProgress. */
export type FakeHandler = (
  call: RecordedCall,
  config: InternalAxiosRequestConfig,
) => FakeReply | Promise<FakeReply>;
type Handler = FakeHandler;

/**
 * A real axios instance whose adapter answers from `routes` ('POST auth/login'
 * → reply), so thunks run their real code, headers included.
 */
export function createFakeApi(routes: Record<string, FakeReply | Handler> = {}) {
  const calls: RecordedCall[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const headers = AxiosHeaders.from(config.headers);
    const call: RecordedCall = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      authorization: headers.get('Authorization')?.toString(),
      ...(config.params ? { params: config.params as Record<string, unknown> } : {}),
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.url}`];
    if (!route) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const reply = typeof route === 'function' ? await route(call, config) : route;
    const response = {
      data: reply.body ?? '',
      status: reply.status,
      statusText: String(reply.status),
      headers: reply.headers ?? {},
      config,
    };
    if (reply.status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${reply.status}`,
        AxiosError.ERR_BAD_REQUEST,
        config,
        null,
        response,
      );
    }
    return response;
  };
  const client: AxiosInstance = axios.create({ baseURL: '/api/', adapter });
  return { client, calls };
}

export function createTestServices(routes: Record<string, FakeReply | Handler> = {}) {
  const { client, calls } = createFakeApi(routes);
  const reloadPage = vi.fn();
  const services: AppServices = {
    http: client,
    session: createSession(() => Promise.resolve(client)),
    reloadPage,
  };
  return { services, client, calls, reloadPage };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u1',
    username: 'olena',
    telephone: '+380501112233',
    email: 'olena@example.com',
    bio: 'Вчуся програмувати.',
    isAdmin: false,
    isOperator: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    language: 'uk',
    ...overrides,
  };
}
