import type { FastifyInstance } from 'fastify';
import { tokenFromRequest } from '../auth/access.guard';
import type { RequestWithAuth } from '../auth/auth-context';

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

/**
 * A PUT by someone who may update a record but not view it (UPDATE_* without VIEW_*; the access
 * guard marks the request) answers `{ id }` only: the record as saved would show them what they
 * could not read (guarded fields, other locales' fallbacks, accesses). react-admin merges that
 * answer into the record it holds. A Fastify hook, not a Nest interceptor: with no interceptor at
 * all Nest skips its per-request observable chain on every route (docs/perf.md).
 */
export function answerIdOnlyToUpdatersWithoutView(fastify: FastifyInstance): void {
  fastify.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (!(request as RequestWithAuth).answerIdOnly || reply.statusCode >= 300 || payload === null || typeof payload !== 'object') return payload;
    return { id: (payload as { id?: unknown }).id };
  });
}
