import type { AxiosInstance } from 'axios';

/** Sets (or, with null, removes) a client's default `Authorization: Bearer` header. */
export function applyAuthToken(client: AxiosInstance, token: string | null): void {
  if (token) client.defaults.headers.common.Authorization = `Bearer ${token}`;
  else delete client.defaults.headers.common.Authorization;
}

export function readAuthHeader(client: AxiosInstance): string | undefined {
  const value = client.defaults.headers.common.Authorization;
  return typeof value === 'string' ? value : undefined;
}
