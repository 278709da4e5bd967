import { TOKEN_HEADER } from '@cms/contracts';
import { fetchUtils, HttpError } from 'react-admin';
import { tokenStore } from '../auth/token-store';
import { errorMessageFromBody } from './api-error';
import { toFormErrors } from './page-payloads';
import { isAuthUrl } from './api-request';
import { notifyUnauthorized } from './unauthorized';

/**
 * react-admin's fetchJson with the session token in the `token` header of every call but
 * /auth/ ones, and the API's `{ statusCode, message }` error bodies turned into readable errors.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const token = tokenStore.get();
  if (token && !isAuthUrl(url)) headers.set(TOKEN_HEADER, token);
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers });
  } catch (error) {
    if (error instanceof HttpError) {
      if (error.status === 401 && !isAuthUrl(url)) notifyUnauthorized();
      // `errors: { "fields.x": [...] }` becomes one message per input, which react-admin's forms show.
      const body = error.body && typeof error.body === 'object' && 'errors' in error.body
        ? { ...error.body, errors: toFormErrors((error.body as { errors: unknown }).errors) ?? undefined }
        : error.body;
      throw new HttpError(errorMessageFromBody(error.body, error.message || `Request failed (${error.status})`), error.status, body);
    }
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new HttpError('The server cannot be reached. Check your connection and try again.', 0, null);
  }
}
