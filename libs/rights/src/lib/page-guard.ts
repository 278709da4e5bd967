import type { PageAccess } from '@cms/contracts';
import { isSuperAdmin, type RightsSubject } from './subject';

/** What a page asks of its visitor (spec section 4, Authentication). */
export interface PageGuardRequirements {
  requireAuth?: boolean;
  accesses?: readonly PageAccess[];
}

export type PageGuardDecision = { kind: 'allow' } | { kind: 'sign-in' } | { kind: 'not-found' };

/** A page is guarded if it requires authentication or lists accesses. */
export function isGuarded(page: PageGuardRequirements): boolean {
  return !!page.requireAuth || (page.accesses?.length ?? 0) > 0;
}

/**
 * Decides a visit: signed-out visitors of a guarded page go to sign-in; signed-in users whose
 * role matches none of the page's accesses go to not-found; the super-admin role passes.
 */
export function decidePageAccess(page: PageGuardRequirements, subject: RightsSubject | null): PageGuardDecision {
  if (!isGuarded(page)) return { kind: 'allow' };
  if (!subject) return { kind: 'sign-in' };
  const accesses = page.accesses ?? [];
  if (accesses.length === 0 || isSuperAdmin(subject)) return { kind: 'allow' };
  return accesses.some((access) => access.roleId === subject.role) ? { kind: 'allow' } : { kind: 'not-found' };
}
