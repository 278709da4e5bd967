import { isSuperAdmin } from '@cms/rights';
import type { AuthContext } from '../common/auth/auth-context';

/** Who reads a public page or a listing, as the SQL of `readableSql` takes it. */
export interface Reader {
  /** The reader's role; null for an anonymous visitor, whom only pages without accesses admit. */
  role: string | null;
  superAdmin: boolean;
}

export const ANONYMOUS_READER: Reader = { role: null, superAdmin: false };

export function readerOf(auth: AuthContext | undefined | null): Reader {
  return auth ? { role: auth.role, superAdmin: isSuperAdmin(auth) } : ANONYMOUS_READER;
}

/**
 * SQL that is true when the reader may read the page of a content (`contentId` not null) or a
 * container (`contentId` null), the same rule as decidePageAccess in libs/rights applied to the
 * accesses PagesService works out: a content's own accesses, or, when it has none, its
 * container's; none at all is public; the super-admin role reads everything. `role` and
 * `superAdmin` are parameter placeholders (`$5`, `:role`); the others are SQL expressions.
 * Listings, references, slugs and form placements all filter with it, so what a reader is shown
 * is what they could open.
 */
export function readableSql(refs: { contentId: string; containerId: string }, params: { role: string; superAdmin: string }): string {
  // bool_or over no rows is NULL: the next owner's accesses decide. IS NOT DISTINCT FROM keeps an
  // anonymous reader's NULL role from making the whole test NULL (and so skipping to the container).
  const matches = (column: string, owner: string) =>
    `(SELECT bool_or(a."roleId" IS NOT DISTINCT FROM ${params.role}::varchar) FROM "access" a WHERE a."${column}" = ${owner})`;
  return `(${params.superAdmin}::boolean OR COALESCE(${matches('contentId', refs.contentId)}, ${matches('containerId', refs.containerId)}, true))`;
}
