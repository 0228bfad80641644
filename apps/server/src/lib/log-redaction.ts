/** Query parameters whose values are secrets (a reset link's `token`), never written to a log. */
const SECRET_QUERY = /([?&](?:token|access_token|password)=)[^&#]*/gi;

/** The URL as logged: a secret query value becomes `[redacted]`. */
export function redactUrlSecrets(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}
