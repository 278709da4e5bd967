/** A Host header's value: a host name or an IP address (IPv6 in brackets), maybe a port. */
export const HOST_HEADER_PATTERN = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);

/**
 * ALLOWED_HOSTS when it is unset: the addresses a server listening on `host`:`port` answers on
 * without a proxy: that host unless it is a wildcard, localhost, 127.0.0.1 and [::1], each with
 * the port (as a browser's Host header names them).
 */
export function defaultAllowedHosts(host: string, port: number): string[] {
  const named = WILDCARD_HOSTS.has(host) ? [] : [host.includes(':') && !host.startsWith('[') ? `[${host}]` : host];
  return [...new Set([...named, 'localhost', '127.0.0.1', '[::1]'].map((name) => `${name.toLowerCase()}:${port}`))];
}

/**
 * ALLOWED_HOSTS (`www.example.com,example.com:8080`) as lower-case Host values, or a sentence
 * saying which entries are wrong (the caller names the variable).
 */
export function parseAllowedHosts(value: string): string[] | { problem: string } {
  const entries = value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  if (!entries.length) return { problem: 'a comma-separated list of host names or host:port, such as www.example.com,example.com:8080' };
  const bad = entries.filter((entry) => !HOST_HEADER_PATTERN.test(entry));
  if (bad.length) return { problem: `not a host name or host:port: ${bad.join(', ')}` };
  return [...new Set(entries)];
}
