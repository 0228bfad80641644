import type { FastifyInstance } from 'fastify';
import type { Storage } from '../storage/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files live (local disk by default). */
    storage: Storage;
  }
}

export function registerStorage(app: FastifyInstance, storage: Storage): void {
  app.decorate('storage', storage);
}
