import type { FastifyInstance } from 'fastify';
import { VIDEO_EMBED_ORIGINS } from '@urok/contract';

/**
 * The Content-Security-Policy of the web app's pages. The built web app runs no
 * inline script, so only same-origin scripts run; blob: and data: images
 * serve previews and, with blob: videos, the courses saved for offline; its service worker and manifest are same-origin files; no page may frame ours (only an inline submission file
 * may be framed, by our own pages).
 */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  // A lesson's video saved for offline plays from a blob: address (apps/web/src/lib/offline-courses.ts).
  mediaSrc: ["'self'", 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  // The web app's service worker (/sw.js) and web manifest (DESIGN section 15): this origin's only.
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // A lesson's videoUrl embeds YouTube (youtube-nocookie) or Vimeo; the grading page frames a
  // submission's PDF from this origin (homework/{id}/file?inline=1, which allows only that).
  frameSrc: ["'self'", ...VIDEO_EMBED_ORIGINS],
} as const;

function formatPolicy(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(
      ([name, values]) =>
        `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`,
    )
    .join('; ');
}

export const CONTENT_SECURITY_POLICY = formatPolicy(CSP_DIRECTIVES);

/**
 * /api/docs (Swagger UI): its own scripts and stylesheets are same-origin
 * files too, but the UI sets inline styles and embeds data: fonts; it still
 * runs no inline script and cannot be framed.
 */
export const DOCS_CONTENT_SECURITY_POLICY = formatPolicy({
  ...CSP_DIRECTIVES,
  styleSrc: ["'self'", "'unsafe-inline'"],
  fontSrc: ["'self'", 'data:'],
  imgSrc: ["'self'", 'data:'],
});

export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** Sent only over https behind a trusted proxy: a plain-http install must not pin browsers to https. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Header names in these sets and in the hooks that set headers on every answer
 * are written in lowercase, as Fastify keeps and sends them: a name in capitals
 * is lowercased again on every answer (setting 11 such names took 0.9 µs a
 * request, in lowercase 0.45, timed alone on one core).
 *
 * The security headers of pages (the web app, its assets, the docs),
 * computed once: the policy above plus helmet's defaults (isolation from
 * other origins' windows and resources, no MIME sniffing, no legacy XSS
 * filter). Set by hand rather than through @fastify/helmet, which rebuilt its
 * policy strings on every request; an answer Fastify gives before any hook
 * runs (a malformed URL) sets them too.
 */
const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'permissions-policy': PERMISSIONS_POLICY,
  'referrer-policy': REFERRER_POLICY,
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
} as const;

/**
 * An API answer (JSON, a file, a CSV or zip) is never a page that runs or
 * loads anything: the headers that protect documents (COOP, referrer and
 * permissions policies, the legacy IE and Flash switches) do nothing on it.
 * It gets the set OWASP's REST Security Cheat Sheet gives for APIs: a policy
 * that allows nothing at all (so a file opened in a tab cannot run script
 * either), no MIME sniffing, no framing, no reading from other origins, and
 * no caching: an answer may be one user's (a session, a profile, grades),
 * errors included, and no browser or proxy cache may keep it. A public
 * answer meant to be cached says so itself (a cover image).
 */
const API_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
} as const;

/**
 * The path of a request target. Node passes an absolute-form target
 * (`GET http://host/api/courses HTTP/1.1`) through as the URL, and Fastify
 * routes it by its path: whatever is decided by path reads it the same way.
 */
export function targetPath(url: string): string {
  if (url.startsWith('/')) return url;
  const origin = /^https?:\/\/[^/?#]*/i.exec(url);
  if (!origin) return url;
  const rest = url.slice(origin[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * The set for the answer to `url`: the API set for an API answer, the page
 * set for the web app's pages and assets and the /api/docs pages.
 */
export function securityHeadersFor(
  url: string,
): typeof API_SECURITY_HEADERS | typeof SECURITY_HEADERS {
  const path = targetPath(url);
  return path.startsWith('/api/') && !path.startsWith('/api/docs')
    ? API_SECURITY_HEADERS
    : SECURITY_HEADERS;
}

/**
 * Security headers and the request id on every response: the API set on API
 * answers, the page set on everything else (the docs set their own policy on top).
 */
export function registerSecurity(app: FastifyInstance): void {
  const trustProxy = app.config.trustProxy !== false;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeadersFor(request.url));
    reply.header('x-request-id', request.id);
    // request.protocol reads X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY); checked again for clarity.
    if (trustProxy && request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
