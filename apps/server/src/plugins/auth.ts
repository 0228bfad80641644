import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages, type User } from '@urok/contract';
import { AppError } from '../app-error.ts';
import { authenticateToken } from '../features/auth/auth.service.ts';
import { cacheUseOf } from '../lib/read-cache.ts';

/** A route hook that fills request.user or throws 401/403. */
export type AuthHook = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireTeacher (or authenticateRequest); null otherwise. */
    user: User | null;
    /** SHA-256 of the bearer token of this request's session (logout deletes it). */
    sessionTokenHash: string | null;
  }
  interface FastifyInstance {
    /** onRequest hook: a valid session is required (401 otherwise). */
    requireUser: AuthHook;
    /** onRequest hook: a valid session of a teacher (isAdmin) is required (401, then 403). */
    requireTeacher: AuthHook;
    /** onRequest hook: a valid session of an operator (isOperator) is required (401, then 403). */
    requireOperator: AuthHook;
    /** Resolves `token` (or the bearer header when absent) into request.user; throws 401. */
    authenticateRequest(request: FastifyRequest, token?: string): Promise<User>;
  }
}

/** OpenAPI security of a route that takes the bearer token. */
export const bearerSecurity = [{ bearer: [] }];

/** The token of `Authorization: Bearer <token>`, or undefined when there is none. */
export function readBearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer[ \t]+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** request.user of a route behind requireUser / requireTeacher. */
export function getCurrentUser(request: FastifyRequest): User {
  if (!request.user) throw new AppError('UNAUTHORIZED', messages.tokenNotFound);
  return request.user;
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);

  const authenticateRequest = async (request: FastifyRequest, token?: string): Promise<User> => {
    const value = token || readBearerToken(request);
    if (!value) throw new AppError('UNAUTHORIZED', messages.tokenNotFound);
    const { user, tokenHash } = await authenticateToken(
      app.db,
      value,
      app.config,
      Date.now(),
      app.readCache,
      cacheUseOf(request, app.readCache),
    );
    request.user = user;
    request.sessionTokenHash = tokenHash;
    request.language = user.language;
    return user;
  };

  app.decorate('authenticateRequest', authenticateRequest);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    await authenticateRequest(request);
  });
  app.decorate('requireTeacher', async (request: FastifyRequest) => {
    const user = await authenticateRequest(request);
    if (!user.isAdmin) throw new AppError('FORBIDDEN', messages.forbidden);
  });
  app.decorate('requireOperator', async (request: FastifyRequest) => {
    const user = await authenticateRequest(request);
    if (!user.isOperator) throw new AppError('FORBIDDEN', messages.forbidden);
  });
}
