/* global self, caches */
/**
 * Part of the service worker (vite.config.ts imports it into sw.js): the app
 * opens signed in with no network (DESIGN section 15, courses saved for
 * offline). The signed-in account's own answer to POST /api/auth/getUser is
 * kept in the cache `urok-session`, with the SHA-256 of the token that asked;
 * with no network, the same token gets it back, any other token nothing. A
 * 401 removes it, and signing out deletes the cache (lib/offline-queue.ts,
 * forgetAccount). Nothing else under /api/ is touched here.
 */
const SESSION_CACHE = 'urok-session';
const SESSION_KEY = '/saved-session/user';
const TOKEN_HASH = 'X-Token-Sha256';

async function sha256(text) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function sessionAnswer(request) {
  let token = '';
  try {
    const body = await request.clone().json();
    token = typeof body?.token === 'string' ? body.token : '';
  } catch {
    // No JSON body: nothing to keep or give back.
  }
  const cache = await caches.open(SESSION_CACHE);
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const kept = token ? await cache.match(SESSION_KEY) : undefined;
    if (kept && kept.headers.get(TOKEN_HASH) === (await sha256(token))) return kept;
    throw error;
  }
  if (response.ok && token) {
    const body = await response.clone().text();
    await cache.put(
      SESSION_KEY,
      new Response(body, {
        headers: { 'Content-Type': 'application/json', [TOKEN_HASH]: await sha256(token) },
      }),
    );
  } else if (response.status === 401 || response.status === 403) {
    await cache.delete(SESSION_KEY);
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'POST') return;
  if (new URL(request.url).pathname !== '/api/auth/getUser') return;
  event.respondWith(sessionAnswer(request));
});
