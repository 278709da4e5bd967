import type { FastifyInstance, FastifyReply } from 'fastify';
import { createHash, hash } from 'node:crypto';

/** Whether If-None-Match names this entity tag: `*`, or one of a list, compared weakly (RFC 9110 13.1.2). */
export function ifNoneMatchNames(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const current = opaque(etag);
  return header.split(',').some((tag) => opaque(tag) === current);
}

/** A strong tag of the bytes answered and of their Content-Range (a list's page can stay the same while its total moves). */
export function bodyEtag(payload: string | Buffer, contentRange: string | undefined): string {
  const digest =
    contentRange === undefined ? hash('sha1', payload, 'base64url') : createHash('sha1').update(`${contentRange}\n`).update(payload).digest('base64url');
  return `"${digest}"`;
}

/** Adds `names` to the reply's Vary header, keeping what is there (CORS's Origin). */
function vary(reply: FastifyReply, names: string[]): void {
  const current = reply.getHeader('vary');
  const listed = typeof current === 'string' ? current.split(',').map((name) => name.trim().toLowerCase()) : [];
  if (listed.includes('*')) return;
  const added = names.filter((name) => !listed.includes(name.toLowerCase()));
  if (added.length) reply.header('Vary', [typeof current === 'string' && current !== '' ? current : undefined, ...added].filter(Boolean).join(', '));
}

/**
 * Every 200 answer to a GET or HEAD under /api carries an ETag, and a request whose If-None-Match
 * names it gets a 304 without a body. A handler's own tag is kept (a record's version, for
 * If-Match on its next PUT; an upload's, whose handler answers 304 and ranges itself); otherwise the
 * tag is a hash of the bytes answered. Streams (uploads, CSV exports) are left as they are. The
 * answer may differ by session, so `Vary` names the token headers: a cache never gives one caller's
 * answer to another (signed-in answers are `no-store` besides, see session-answers.ts).
 */
export function answerEntityTags(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200 || !request.url.startsWith('/api/')) return done(null, payload);
    vary(reply, ['token', 'Authorization']);
    // A stream's handler answers its own conditional requests (uploads).
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    let etag = reply.getHeader('etag');
    if (typeof etag !== 'string') {
      const range = reply.getHeader('content-range');
      etag = bodyEtag(payload, typeof range === 'string' ? range : undefined);
      reply.header('ETag', etag);
    }
    if (!ifNoneMatchNames(request.headers['if-none-match'], etag)) return done(null, payload);
    reply.code(304);
    reply.removeHeader('content-length');
    reply.removeHeader('content-type');
    done(null, '');
  });
}
