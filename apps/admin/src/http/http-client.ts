import { TOKEN_HEADER } from '@cms/contracts';
import { fetchUtils, HttpError } from 'react-admin';
import { tokenStore } from '../auth/token-store';
import { translate } from '../i18n-provider';
import { isAuthUrl } from './api-request';
import { localizeApiAnswer, localizeFormErrors } from './server-errors';
import { notifyUnauthorized } from './unauthorized';

/**
 * react-admin's fetchJson with the session token in the `token` header of every call but
 * /auth/ ones, and the API's `{ statusCode, message }` error bodies turned into readable errors
 * in the reader's language (see server-errors.ts).
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
      const body =
        error.body && typeof error.body === 'object' && 'errors' in error.body
          ? { ...error.body, errors: localizeFormErrors(error.body, translate) ?? undefined }
          : error.body;
      const answer = { status: error.status, body: error.body ?? { message: error.message }, method: options.method };
      throw new HttpError(localizeApiAnswer(answer, translate), error.status, body);
    }
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new HttpError(translate('cms.server_errors.unreachable'), 0, null);
  }
}
