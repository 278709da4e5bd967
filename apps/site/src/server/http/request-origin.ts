import type { IncomingHttpHeaders } from 'node:http';

const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * `proto://host` of the request, for absolute canonical and hreflang links, or null when the
 * Host header is missing or not a plain host name. X-Forwarded-Proto is read so that a
 * TLS-terminating proxy yields https links.
 */
export function requestOrigin(headers: IncomingHttpHeaders, encrypted: boolean): string | null {
  const host = headers.host;
  if (!host || !HOST.test(host)) return null;
  const forwarded = String(headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    .trim()
    .toLowerCase();
  const protocol = forwarded === 'https' || forwarded === 'http' ? forwarded : encrypted ? 'https' : 'http';
  return `${protocol}://${host.toLowerCase()}`;
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
