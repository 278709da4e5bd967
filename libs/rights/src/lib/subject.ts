import { RightType, SUPER_ADMIN_ROLE_ID } from '@cms/contracts';

/** Who is asking: the parts of the current user (`/api/me`) that rules read. */
export interface RightsSubject {
  role: string;
  rights: readonly RightType[];
}

export function isSuperAdmin(subject: RightsSubject | null | undefined): boolean {
  return subject?.role === SUPER_ADMIN_ROLE_ID;
}

/** True when the subject holds the right; the super-admin role holds every right. */
export function hasRight(subject: RightsSubject | null | undefined, right: RightType): boolean {
  if (!subject) return false;
  return isSuperAdmin(subject) || subject.rights.includes(right);
}

export function hasAnyRight(subject: RightsSubject | null | undefined, rights: readonly RightType[]): boolean {
  return rights.some((right) => hasRight(subject, right));
}

export function hasAllRights(subject: RightsSubject | null | undefined, rights: readonly RightType[]): boolean {
  return rights.every((right) => hasRight(subject, right));
}

/** The spec shows the top bar and fetches the container list only to users with at least one right. */
export function holdsAnyRight(subject: RightsSubject | null | undefined): boolean {
  return !!subject && (isSuperAdmin(subject) || subject.rights.length > 0);
}
