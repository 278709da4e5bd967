import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

const LOOPBACK = /^(?:127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** Whether a request's X-Forwarded-Proto may be believed: it came from a proxy the host trusts. */
export type ForwardedProtoTrust = (req: IncomingMessage) => boolean;

/** The standalone site's rule, the API's default TRUST_PROXY: a proxy on this host (loopback). */
export const trustLoopbackProxy: ForwardedProtoTrust = (req) => LOOPBACK.test(req.socket.remoteAddress ?? '');

/**
 * `proto://host` of the request, for absolute canonical, hreflang, Open Graph and sitemap links, or
 * null when its Host header is not one of `allowedHosts` (a Host header is the client's to write:
 * any other value would put the client's choice of site into the links a crawler or a cache
 * keeps). The scheme is X-Forwarded-Proto's (its last entry, the nearest proxy's) only when
 * `trustForwardedProto` says the request came through a trusted proxy; else the socket's.
 */
export function requestOrigin(req: IncomingMessage, allowedHosts: ReadonlySet<string>, trustForwardedProto: ForwardedProtoTrust): string | null {
  const host = req.headers.host?.toLowerCase();
  if (!host || !allowedHosts.has(host)) return null;
  let protocol = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  const forwarded = req.headers['x-forwarded-proto'];
  if (forwarded && trustForwardedProto(req)) {
    const last = String(forwarded).split(',').pop()?.trim().toLowerCase();
    if (last === 'https' || last === 'http') protocol = last;
  }
  return `${protocol}://${host}`;
}

/**
 * The origin of PUBLIC_URL (`https://www.example.com`), or an Error that says what is wrong: an
 * http(s) URL with nothing after the host, since the site is served from the root.
 */
export function publicOriginOf(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL must be the site's address, such as https://www.example.com; got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_URL must be an http:// or https:// address; got "${value}"`);
  if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    throw new Error(`PUBLIC_URL must hold only a scheme, a host and a port, such as https://www.example.com; got "${value}"`);
  }
  return url.origin;
}
