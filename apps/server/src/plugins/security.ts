import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every response. The built web app runs no
 * inline script, so only same-origin scripts run; blob: and data: images
 * serve previews; no page may frame ours.
 */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
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
 * The headers of an answer Fastify gives before any hook runs (a malformed
 * URL): the same policy, set by hand.
 */
export const BASELINE_SECURITY_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'Referrer-Policy': REFERRER_POLICY,
  'Permissions-Policy': PERMISSIONS_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
} as const;

/** Security headers on every response (helmet, plus Permissions-Policy and HSTS). */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    referrerPolicy: { policy: REFERRER_POLICY },
    frameguard: { action: 'deny' },
    // Set below, only when the request came over https through a trusted proxy.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  const trustProxy = app.config.trustProxy;
  app.addHook('onSend', async (request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    // request.protocol reads X-Forwarded-Proto only when the proxy is trusted; checked again for clarity.
    if (trustProxy && request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  });
}
