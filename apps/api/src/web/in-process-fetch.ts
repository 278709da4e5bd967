import type { FastifyInstance } from 'fastify';
import { currentRequestId } from '../observability/request-id';

/**
 * A `fetch` for the public site mounted in the API's process: its GETs to the API (a page, the
 * settings, the theme, the slugs) are answered by this Fastify instance through `inject`, the
 * whole request path included (hooks, guards, the page cache), without a loopback socket, an HTTP
 * client and two HTTP parsers. On a page the site's cache misses, that socket round trip was a
 * fifth of the process's CPU (issue 14's profile). The request comes from 127.0.0.1, as it did
 * over loopback; an aborted signal (the site's timeout) rejects as fetch would.
 *
 * Given a `visitor` address (what TRUST_PROXY made of the visitor's own request), it also sends
 * POSTs (the forms posted without JavaScript) from that address, with no X-Forwarded-For: the API
 * counts the visitor, whichever address HOST names, and nothing the visitor wrote is read again.
 */
export function inProcessFetch(fastify: FastifyInstance, visitor?: string): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? 'GET').toUpperCase();
    const allowed = visitor ? ['GET', 'HEAD', 'POST'] : ['GET', 'HEAD'];
    if (!allowed.includes(method)) throw new TypeError(`in-process fetch only sends ${allowed.join(', ')}, not ${method}`);
    if (init?.body !== undefined && init.body !== null && typeof init.body !== 'string') throw new TypeError('in-process fetch only sends string bodies');
    const signal = init?.signal ?? undefined;
    signal?.throwIfAborted();
    const sent = Object.fromEntries(new Headers(init?.headers));
    delete sent['x-forwarded-for'];
    // The site's reads for a page are logged under the page's request id.
    const requestId = currentRequestId();
    if (requestId !== undefined && sent['x-request-id'] === undefined) sent['x-request-id'] = requestId;
    const answered = fastify.inject({
      method: method as 'GET' | 'HEAD' | 'POST',
      url: url.pathname + url.search,
      headers: sent,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
      remoteAddress: visitor ?? '127.0.0.1',
    });
    const res = signal
      ? await new Promise<Awaited<typeof answered>>((resolve, reject) => {
          const abort = () => reject(signal.reason);
          signal.addEventListener('abort', abort, { once: true });
          answered.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
        })
      : await answered;
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
    }
    const bodyless = method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304;
    return new Response(bodyless ? null : res.rawPayload, { status: res.statusCode, statusText: res.statusMessage, headers });
  };
}
