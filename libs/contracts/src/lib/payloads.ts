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
export interface SignInResponse {
  token: string;
}

/** GET /api/me */
export interface Me {
  id: number;
  name: string;
  email: string;
  /** A role id; `super-admin` is special. */
  role: string;
  rights: RightType[];
}

export interface UserDto {
  id: number;
  name: string;
  email: string;
  roleId: string;
  updatedAt: string;
}
export interface CreateUserRequest {
  name: string;
  email: string;
  password: string;
  roleId: string;
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

export interface RoleDto {
  id: string;
  name: string;
  rights: RightType[];
  updatedAt: string;
}
export interface CreateRoleRequest {
  /** Optional key; derived from the name when absent. */
  id?: string;
  name: string;
  rights: RightType[];
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
