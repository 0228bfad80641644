import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_LANGUAGE,
  languageFromHeader,
  setLanguageSource,
  translateText,
  type Language,
} from '@urok/contract';
// The English catalog: the server answers in either language from its start.
import '@urok/contract/locales/en';

/**
 * The language each answer speaks (DESIGN section 16): the signed-in user's
 * `language`, else the request's Accept-Language. The contract's messages
 * read it from here, so a service that throws `messages.courseNotFound`
 * throws it in the asker's language without knowing of languages; the
 * answer says which in `Content-Language`.
 */
const requests = new AsyncLocalStorage<{ language: Language }>();
setLanguageSource(() => requests.getStore()?.language ?? DEFAULT_LANGUAGE);

/** From the moment a session is known, the request speaks its user's language. */
export function speakUserLanguage(language: Language): void {
  const request = requests.getStore();
  if (request) request.language = language;
}

/**
 * A text made before the request (a schema's message, a table built at start)
 * is in Ukrainian: in the request's language when the catalog knows it.
 */
export function inRequestLanguage(text: string): string {
  return translateText(text);
}

export function registerLanguage(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    requests.run({ language: languageFromHeader(request.headers['accept-language']) }, done);
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) {
      reply.header('Content-Language', requests.getStore()?.language ?? DEFAULT_LANGUAGE);
      reply.header('Vary', varyWith(reply.getHeader('Vary'), 'Accept-Language'));
    }
  });
}

function varyWith(current: unknown, name: string): string {
  const list = String(current ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (!list.some((item) => item.toLowerCase() === name.toLowerCase())) list.push(name);
  return list.join(', ');
}
