/** Helpers to turn the API's `{ statusCode, message, errors? }` answers into words for people. */

export function errorMessageFromBody(body: unknown, fallback: string): string {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim()) return message;
    if (Array.isArray(message) && message.length > 0) return message.map(String).join('. ');
  }
  return fallback;
}

/** Seconds to wait, from a Retry-After header holding either seconds or an HTTP date. */
export function retryAfterSeconds(header: string | null | undefined, now: number = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

export function formatWait(seconds: number, translate: (key: string, options?: Record<string, unknown>) => string): string {
  if (seconds < 60) return translate('cms.time.seconds', { smart_count: seconds });
  return translate('cms.time.minutes', { smart_count: Math.ceil(seconds / 60) });
}
