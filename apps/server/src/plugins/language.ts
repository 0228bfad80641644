import type { FastifyInstance } from 'fastify';
import { languageFromHeader } from '@urok/contract';
import { speaking, spokenLanguage } from '../lib/language.ts';

/**
 * Each request speaks the language of its asker (DESIGN section 16): its
 * Accept-Language from the start, its user's `language` once the session is
 * known (plugins/auth.ts), and the answer says which in `Content-Language`.
 */
export function registerLanguage(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    speaking(languageFromHeader(request.headers['accept-language']), done);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/')) {
      reply.header('Content-Language', spokenLanguage());
      reply.header('Vary', varyWith(reply.getHeader('Vary'), 'Accept-Language'));
    }
    done(null, payload);
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
