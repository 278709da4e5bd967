import type { Lang, RightType, Status } from './enums';

/** Body of an error answer of the API. */
export interface ApiError {
  statusCode: number;
  message: string;
  errors?: Record<string, string[]> | string[];
}

export interface SignInRequest {
  email: string;
  password: string;
}
/** The second step of a sign-in: a code of the authenticator, or setting one up (the role requires it). */
export interface SecondStep {
  challenge: string;
  next: 'code' | 'setup';
}

/** `token` once signed in; `twoFactor` instead when a second step is needed (issue 29). */
export interface SignInResponse {
  token?: string;
  twoFactor?: SecondStep;
}

/** POST /api/auth/two-factor: the second step, with a code of the authenticator or a recovery code. */
export interface TwoFactorSignInRequest {
  challenge: string;
  code?: string;
  recoveryCode?: string;
}

/** What an authenticator app needs: the secret as text and as an otpauth:// address, and its QR image. */
export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  /** A PNG as a data: URL. */
  qrCode: string;
}

/** GET /api/me/two-factor */
export interface TwoFactorStatus {
  enabled: boolean;
  /** The caller's role requires it: it cannot be turned off. */
  required: boolean;
  recoveryCodesLeft: number;
}

/** Answered when two-factor sign-in is turned on: shown once, each works once. */
export interface RecoveryCodes {
  recoveryCodes: string[];
}

/** GET /api/me */
export interface Me {
  id: number;
  name: string;
  email: string;
  /** A role id; `super-admin` is special. */
  role: string;
  rights: RightType[];
  /** The interface language the user chose (PUT /api/me/language); mails to them are in it. Null: none chosen yet. */
  language: Lang | null;
}

/** PUT /api/me/language: the signed-in user's interface language, or null to forget the choice. */
export interface SetLanguageRequest {
  language: Lang | null;
}

export interface UserDto {
  id: number;
  name: string;
  email: string;
  roleId: string;
  /** The language mails to the user are written in (the back office's, which they may change); null: none chosen. */
  language: Lang | null;
  updatedAt: string;
}
export interface CreateUserRequest {
  name: string;
  email: string;
  password: string;
  roleId: string;
  language?: Lang | null;
}
export type UpdateUserRequest = Partial<CreateUserRequest> & {
  /** Required to change one's own password. */
  currentPassword?: string;
};

/** PUT /api/me/password: any signed-in user changes their own password; their other sessions end. */
export interface ChangePasswordRequest {
  currentPassword: string;
  password: string;
}

/** POST /api/auth/password-reset: "forgot password"; the answer is the same whether the e-mail is an account's or not. */
export interface PasswordResetRequest {
  email: string;
  /** The language of the mail when the account has no interface language of its own (Me.language); default: the site's default language. */
  locale?: Lang;
}

/** POST /api/auth/password-reset/confirm: the token of the mailed link and the new password. */
export interface PasswordResetConfirmRequest {
  token: string;
  password: string;
}

/** A pending invitation to the back office, as listed on the Users screen. */
export interface InvitationDto {
  id: number;
  email: string;
  roleId: string;
  invitedByName: string;
  /** When the last mail was sent (the invitation, or its last resend). */
  sentAt: string;
  /** The link stops working then; an expired invitation can be resent. */
  expiresAt: string;
  expired: boolean;
}

/** POST /api/invitations: within the inviter's ceiling (the roles they may give). */
export interface CreateInvitationRequest {
  email: string;
  roleId: string;
  /** The language of the mail; default: the site's default language. */
  locale?: Lang;
}

/** POST /api/auth/invitation: what the invitation's link opens. */
export interface InvitationLookupRequest {
  token: string;
}
export interface InvitationLookupResponse {
  email: string;
}

/** POST /api/auth/invitation/accept: the invited person's name and password make the account. */
export interface AcceptInvitationRequest {
  token: string;
  name: string;
  password: string;
  /** The acceptance screen's language: it becomes the new user's interface language (and that of their mails). */
  language?: Lang;
}

export interface RoleDto {
  id: string;
  name: string;
  rights: RightType[];
  /** Its users set up two-factor sign-in before they get a session (issue 29). */
  requireTwoFactor: boolean;
  updatedAt: string;
}
export interface CreateRoleRequest {
  /** Optional key; derived from the name when absent. */
  id?: string;
  name: string;
  rights: RightType[];
  requireTwoFactor?: boolean;
}
export type UpdateRoleRequest = Partial<Omit<CreateRoleRequest, 'id'>>;

/** GET /api/containers?q= */
export interface ContainerListItem {
  id: number;
  title: string;
}

export interface HealthResponse {
  status: 'ok' | 'error';
  database: 'up' | 'down';
  uptimeSeconds: number;
}

/** GET /api/health/live: the process answers (nothing else is asked). */
export interface HealthLiveResponse {
  status: 'live';
  uptimeSeconds: number;
}

/** GET /api/health/ready: the database answers and no migration is pending (else a 503 saying which). */
export interface HealthReadyResponse {
  status: 'ready';
  database: 'up';
  migrations: 'current';
}

export interface ThemeResponse {
  primaryColor: string;
  backgroundColor: string;
}

/** The accesses a page lists; a page with any is guarded (spec section 4). */
export interface PageAccess {
  roleId: string;
}
export type LocaleQuery = { locale?: Lang };
export type { Status };

/**
 * GET /api/{roles,forms,elements,containers}/choices and GET /api/messages/form-choices: what a
 * picker needs of a list its user may not otherwise view (a role's title is its name).
 */
export interface Choice<Id extends number | string = number> {
  id: Id;
  title: string;
}
