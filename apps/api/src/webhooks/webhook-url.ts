import { WEBHOOK_URL_MAX } from '@cms/contracts';

/** Why `value` cannot be a webhook's URL, or null: http(s) only, a host, no credentials, no fragment. */
export function webhookUrlProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return 'must be an http:// or https:// URL';
  if (value.length > WEBHOOK_URL_MAX) return `must be at most ${WEBHOOK_URL_MAX} characters`;
  if (/[\s\u0000-\u001f]/.test(value)) return 'must not contain spaces or control characters';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute http:// or https:// URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `must use http:// or https://, not ${url.protocol}//`;
  if (!url.hostname) return 'must name a host';
  if (url.username || url.password) return 'must not carry a user name or password: the secret signs every delivery';
  if (url.hash) return 'must not have a fragment (#…)';
  return null;
}
