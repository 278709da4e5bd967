import type { AcceptInvitationRequest, InvitationLookupResponse, PasswordResetConfirmRequest, PasswordResetRequest } from '@cms/contracts';
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
