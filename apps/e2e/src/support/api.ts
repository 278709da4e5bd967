import { baseUrl } from './env';

export interface ApiAnswer<T> {
  status: number;
  headers: Headers;
  body: T;
}

async function send<T>(method: string, path: string, token: string | undefined, body?: unknown): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.token = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl()}${path.startsWith('/api/') ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, headers: response.headers, body: parsed as T };
}

/** A small client of the API: paths are relative to /api (`api(token).get('/users')`). */
export function api(token?: string) {
  return {
    get: <T = unknown>(path: string) => send<T>('GET', path, token),
    post: <T = unknown>(path: string, body?: unknown) => send<T>('POST', path, token, body),
    put: <T = unknown>(path: string, body?: unknown) => send<T>('PUT', path, token, body),
    patch: <T = unknown>(path: string, body?: unknown) => send<T>('PATCH', path, token, body),
    delete: <T = unknown>(path: string) => send<T>('DELETE', path, token),
  };
}

/** Signs in through POST /api/auth/signin and returns the session token. */
export async function signInViaApi(email: string, password: string): Promise<string> {
  const answer = await api().post<{ token?: string }>('/auth/signin', { email, password });
  if (answer.status !== 200 && answer.status !== 201) throw new Error(`Sign-in of ${email} answered ${answer.status}`);
  if (!answer.body?.token) throw new Error(`Sign-in of ${email} answered no token`);
  return answer.body.token;
}
