/**
 * What an incoming `X-Request-Id` may be: what proxies and tracing tools send (UUIDs, hex,
 * `Root=1-…`-style ids without `=`), and nothing that could break a log line or a header: no
 * spaces, quotes, newlines or control characters, at most 128 characters.
 */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of a request: the caller's (its `X-Request-Id`) when it is well-formed, otherwise a new
 * UUID. A hostile id is replaced, never echoed. The API and the standalone site choose it alike.
 */
export function requestIdFrom(sent: string | string[] | undefined): string {
  return typeof sent === 'string' && REQUEST_ID_PATTERN.test(sent) ? sent : globalThis.crypto.randomUUID();
}
