/**
 * One entry of the audit log (GET /api/audit): a write through the API or a sign-in event, as it
 * was recorded. Entries are never changed or deleted.
 */
export interface AuditEntryDto {
  id: number;
  /** ISO date-time. */
  at: string;
  /** Null for a visitor, a failed sign-in with an unknown e-mail, or a user deleted since. */
  userId: number | null;
  /** The user's name when the entry was written ('' for a visitor). */
  userName: string;
  /** The client's address, as TRUST_PROXY makes it. */
  address: string;
  action: string;
  /** The API's resource name (contents, roles, settings...), or `auth` for sign-in events. */
  resource: string;
  resourceId: string | null;
  summary: string;
}

/** The actions the API records; the audit screen's action filter offers them. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'publish',
  'unpublish',
  'discard',
  'preview',
  'restore',
  'revalidate',
  'password-change',
  'sign-in',
  'sign-in-failed',
  'sign-out',
] as const;

/** The resources entries name; the audit screen's resource filter offers them. */
export const AUDIT_RESOURCES = [
  'auth',
  'configurators',
  'containers',
  'contents',
  'elements',
  'forms',
  'layout',
  'media-packs',
  'medias',
  'messages',
  'redirects',
  'revalidation',
  'roles',
  'settings',
  'tokens',
  'users',
] as const;
