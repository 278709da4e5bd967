import type { Lang, Me, SecondStep, SetLanguageRequest, SignInRequest, SignInResponse } from '@cms/contracts';
import { apiRequest, statusOf } from '../http/api-request';

export function fetchMe(token: string, signal?: AbortSignal): Promise<Me> {
  return apiRequest<Me>('/me', { token, signal });
}

/** Stores the signed-in user's interface language; answers their profile with it. */
export function putOwnLanguage(token: string, language: Lang): Promise<Me> {
  return apiRequest<Me>('/me/language', { method: 'PUT', token, body: { language } satisfies SetLanguageRequest });
}

/** The password was right, and a second step is asked (a code, or setting up an authenticator). */
export class SecondStepNeeded extends Error {
  constructor(readonly step: SecondStep) {
    super('A second step is needed to sign in');
    this.name = 'SecondStepNeeded';
  }
}

export async function postSignIn(credentials: SignInRequest): Promise<string> {
  const answer = await apiRequest<SignInResponse>('/auth/signin', { method: 'POST', body: credentials });
  if (answer.twoFactor) throw new SecondStepNeeded(answer.twoFactor);
  if (!answer.token) throw new Error('The sign-in answer holds no token');
  return answer.token;
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
