import { TOKEN_HEADER } from '@cms/contracts';
import { errorMessageFromBody, retryAfterSeconds } from './api-error';

export const API_URL = '/api';

export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
    /** From the Retry-After header of a 429 answer. */
    readonly retryAfter: number | null,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export function isAuthUrl(url: string): boolean {
  return url.includes('/auth/');
}

interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  token?: string | null;
  signal?: AbortSignal;
}

/**
 * A plain JSON call to the API, for the calls the auth layer makes itself (sign-in, sign-out,
 * profile). react-admin's resources go through the data provider's HTTP client instead.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const url = `${API_URL}${path}`;
  const headers = new Headers({ Accept: 'application/json' });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (options.token) headers.set(TOKEN_HEADER, options.token);
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiRequestError('The server cannot be reached. Check your connection and try again.', 0, null, null);
  }
  const text = await response.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!response.ok) {
    throw new ApiRequestError(
      errorMessageFromBody(body, response.statusText || `Request failed (${response.status})`),
      response.status,
      body,
      retryAfterSeconds(response.headers.get('Retry-After')),
    );
  }
  return body as T;
}

export function statusOf(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'status' in error && typeof (error as { status: unknown }).status === 'number') {
    return (error as { status: number }).status;
  }
  return undefined;
}
