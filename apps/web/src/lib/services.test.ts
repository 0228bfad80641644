import { afterEach, describe, expect, it, vi } from 'vitest';
import { AxiosHeaders, type AxiosAdapter } from 'axios';
import { API_BASE, STORAGE_KEYS } from '@urok/contract';
import { apiClient, setAuthToken } from './api-client';
import { readAuthHeader } from './auth-header';
import { loadApiClient } from './http';
import { createBrowserServices } from './services';

describe('the browser services (lazy axios client)', () => {
  const originalAdapter = apiClient.defaults.adapter;
  afterEach(() => {
    apiClient.defaults.adapter = originalAdapter;
    setAuthToken(null);
  });

  it('the one client has base URL /api/ and keeps the default XSRF names', () => {
    expect(apiClient.defaults.baseURL).toBe(API_BASE);
    expect(apiClient.defaults.baseURL).toBe('/api/');
    expect(apiClient.defaults.xsrfCookieName).toBe('XSRF-TOKEN');
    expect(apiClient.defaults.xsrfHeaderName).toBe('X-XSRF-TOKEN');
    expect(apiClient.defaults.timeout).toBe(0);
  });

  it('loads the same single client every time', async () => {
    expect(await loadApiClient()).toBe(apiClient);
    expect(await loadApiClient()).toBe(apiClient);
  });

  it('setAuthToken sets and removes the bearer default header', () => {
    setAuthToken('abc');
    expect(readAuthHeader(apiClient)).toBe('Bearer abc');
    setAuthToken(null);
    expect(readAuthHeader(apiClient)).toBeUndefined();
  });

  it('the session stores the token and sets the header on the real client; end removes both', async () => {
    const { session } = createBrowserServices();
    await session.start('tok');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(readAuthHeader(apiClient)).toBe('Bearer tok');
    expect(session.readToken()).toBe('tok');
    await session.end();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(readAuthHeader(apiClient)).toBeUndefined();
  });

  it('the lazy HTTP client sends through the real client with its default header', async () => {
    const seen = vi.fn();
    const adapter: AxiosAdapter = async (config) => {
      seen(config.url, AxiosHeaders.from(config.headers).get('Authorization'));
      return { data: { ok: true }, status: 200, statusText: 'OK', headers: {}, config };
    };
    apiClient.defaults.adapter = adapter;
    const { http, session } = createBrowserServices();
    await session.start('tok2');
    const response = await http.post<{ ok: boolean }>('auth/getUser', { token: 'tok2' });
    expect(response.data).toEqual({ ok: true });
    expect(seen).toHaveBeenCalledWith('auth/getUser', 'Bearer tok2');
  });
});
