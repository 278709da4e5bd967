import type { FastifyInstance } from 'fastify';
import { tokenFromRequest } from '../auth/access.guard';

/**
 * Answers to a request that carries a session token (`token` or `Authorization: Bearer`) may hold
 * what only that user may read: no browser or shared cache keeps them (`Cache-Control: no-store`),
 * whatever the route would tell an anonymous reader. A route that already says `no-store` (the
 * page read's `private, no-store`, the messages export) keeps its own words. Anonymous reads keep
 * their headers (theme and public settings: `public, max-age=60`).
 */
export function storeNoSessionAnswers(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (tokenFromRequest(request) !== undefined) {
      const current = reply.getHeader('cache-control');
      if (typeof current !== 'string' || !/(^|[\s,])no-store($|[\s,])/i.test(current)) reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });
}
