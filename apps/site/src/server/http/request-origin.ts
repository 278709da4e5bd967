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
