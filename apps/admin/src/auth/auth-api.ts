import type { Me, SignInRequest, SignInResponse } from '@cms/contracts';
import { apiRequest, statusOf } from '../http/api-request';

export function fetchMe(token: string, signal?: AbortSignal): Promise<Me> {
  return apiRequest<Me>('/me', { token, signal });
}

export async function postSignIn(credentials: SignInRequest): Promise<string> {
  const { token } = await apiRequest<SignInResponse>('/auth/signin', { method: 'POST', body: credentials });
  return token;
}

export async function postSignOut(token: string): Promise<void> {
  await apiRequest<void>('/auth/signout', { method: 'POST', token });
}

/** The API refused the token itself: retrying the profile call cannot help. */
export function isSessionRejected(error: unknown): boolean {
  const status = statusOf(error);
  return status === 403 || status === 401;
}

/** Spec: a 403 stops the profile retries; other failures follow the default policy (3 retries). */
export function shouldRetryProfile(failureCount: number, error: unknown): boolean {
  return !isSessionRejected(error) && failureCount < 3;
}
