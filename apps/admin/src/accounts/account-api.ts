import type {
  AcceptInvitationRequest,
  InvitationLookupResponse,
  PasswordResetConfirmRequest,
  PasswordResetRequest,
  RecoveryCodes,
  TwoFactorSetup,
  TwoFactorSignInRequest,
} from '@cms/contracts';
import { apiRequest } from '../http/api-request';

export const FORGOT_PASSWORD_PATH = '/admin/forgot-password';
export const RESET_PASSWORD_PATH = '/admin/reset-password';

export function requestPasswordReset(body: PasswordResetRequest): Promise<void> {
  return apiRequest<void>('/auth/password-reset', { method: 'POST', body });
}

export function confirmPasswordReset(body: PasswordResetConfirmRequest): Promise<void> {
  return apiRequest<void>('/auth/password-reset/confirm', { method: 'POST', body });
}

export const ACCEPT_INVITATION_PATH = '/admin/accept-invitation';

export function lookupInvitation(token: string): Promise<InvitationLookupResponse> {
  return apiRequest<InvitationLookupResponse>('/auth/invitation', { method: 'POST', body: { token } });
}

export function acceptInvitation(body: AcceptInvitationRequest): Promise<InvitationLookupResponse> {
  return apiRequest<InvitationLookupResponse>('/auth/invitation/accept', { method: 'POST', body });
}

export function twoFactorSignIn(body: TwoFactorSignInRequest): Promise<{ token: string }> {
  return apiRequest<{ token: string }>('/auth/two-factor', { method: 'POST', body });
}

export function twoFactorSetupAtSignIn(challenge: string): Promise<TwoFactorSetup> {
  return apiRequest<TwoFactorSetup>('/auth/two-factor/setup', { method: 'POST', body: { challenge } });
}

export function twoFactorConfirmAtSignIn(challenge: string, code: string): Promise<RecoveryCodes & { token: string }> {
  return apiRequest<RecoveryCodes & { token: string }>('/auth/two-factor/setup/confirm', { method: 'POST', body: { challenge, code } });
}
