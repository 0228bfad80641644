import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE, languageFromHeader, type Language } from '@urok/contract';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The language the answer speaks: Accept-Language's from the start, the
     * user's own once the session is known (plugins/auth.ts).
     */
    language: Language;
  }
}

/**
 * Each request speaks the language of its asker (DESIGN section 16): its
 * Accept-Language from the start, its user's `language` once the session is
 * known (plugins/auth.ts), and the answer says which in `Content-Language`.
 * The language is a field of the request, not a context around it: an
 * AsyncLocalStorage's hooks cost 5–7% of a kept read (docs/decisions.md
 * "The asker's language travels on the request").
 */
export function registerLanguage(app: FastifyInstance): void {
  app.decorateRequest('language', DEFAULT_LANGUAGE);
  app.addHook('onRequest', (request, _reply, done) => {
    request.language = languageFromHeader(request.headers['accept-language']);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/')) {
      reply.header('content-language', request.language);
      reply.header('vary', varyWithLanguage(reply.getHeader('vary')));
    }
    done(null, payload);
  });
}

/**
 * Each Vary with Accept-Language this hook has made, by the one it found: every
 * answer passes here, the headers it finds are the few our routes set, and
 * making one again cost 25 times as long as looking it up (405 against 15 ns,
 * measured on one core).
 */
const withLanguage = new Map<string, string>();

function varyWithLanguage(current: unknown): string {
  const found = String(current ?? '');
  let vary = withLanguage.get(found);
  if (vary === undefined) {
    const list = found
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    if (!list.some((item) => item.toLowerCase() === 'accept-language'))
      list.push('Accept-Language');
    vary = list.join(', ');
    // Bounded, whatever a route might set: past it, each is made afresh.
    if (withLanguage.size < 64) withLanguage.set(found, vary);
  }
  return vary;
}
