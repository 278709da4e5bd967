/**
 * API tokens (issue 28): secrets for machines that act with a role's rights, never more than their
 * creator's. The secret is answered once, at creation; only its SHA-256 digest is stored.
 */

/** Every token's secret starts with this, so the API tells it from a session token without a database read. */
export const API_TOKEN_PREFIX = 'cms_';

/** The longest name a token takes. */
export const API_TOKEN_NAME_MAX_LENGTH = 100;

/** One token as GET /api/tokens answers it (never its secret). */
export interface ApiTokenDto {
  id: number;
  name: string;
  /** The role whose rights the token acts with. */
  role: { id: string; name: string };
  /** Who made it: the token never carries more than this user's rights. */
  createdBy: { userId: number; userName: string };
  /** The secret's first characters (its prefix and four more), to tell tokens apart. */
  hint: string;
  /** ISO date-times. */
  createdAt: string;
  /** Written at most once a minute; null when never used. */
  lastUsedAt: string | null;
  /** Null: the token does not expire. */
  expiresAt: string | null;
}

/** The answer of POST /api/tokens: the token and its secret, shown this once. */
export interface ApiTokenCreatedDto extends ApiTokenDto {
  secret: string;
}

export interface ApiTokenRequest {
  name: string;
  roleId: string;
  /** ISO date-time in the future; omitted or null: never expires. */
  expiresAt?: string | null;
}

export interface ApiTokenRenameRequest {
  name: string;
}
