import axios, { type AxiosInstance } from 'axios';
import { API_BASE } from '@urok/contract';
import { applyAuthToken } from './auth-header';
import { currentLanguage } from './language';

/**
 * The one HTTP client of the app (loaded on demand through lib/http). Axios'
 * default XSRF behaviour (cookie XSRF-TOKEN → header X-XSRF-TOKEN on
 * same-origin calls) is kept as is; there is no timeout, as in the spec.
 */
export const apiClient: AxiosInstance = axios.create({ baseURL: API_BASE });
// The server answers messages in the language the app speaks (DESIGN section 16).
apiClient.interceptors.request.use((config) => {
  config.headers.set('Accept-Language', currentLanguage());
  return config;
});

/** Sets (or, with null, removes) the default `Authorization: Bearer` header. */
export function setAuthToken(token: string | null, client: AxiosInstance = apiClient): void {
  applyAuthToken(client, token);
}
