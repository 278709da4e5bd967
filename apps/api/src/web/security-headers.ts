import { securityHeaders } from '@cms/contracts';
import { isAdminRequest } from './frontends';

const BACK_OFFICE = securityHeaders('same-origin');
const PUBLIC = securityHeaders('anyone');

/**
 * The security headers of an answer, computed once per framing policy: they depend on the path
 * only, and running helmet's middleware chain on every request cost about 9% of the CPU of a cheap
 * API call. The back office may be framed by this origin alone; every other answer (the public
 * site, which may be embedded, and the API) keeps the site's policy. Standalone site processes
 * send the same values (the table lives in @cms/contracts). The choice reads the route the router
 * matched and the decoded, normalised path, never the raw URL alone: `/%61dmin/users` is routed to
 * the back office and must not be framed by anyone (issue 24).
 */
export function securityHeadersFor(url: string, routePattern?: string): Readonly<Record<string, string>> {
  return isAdminRequest(url, routePattern) ? BACK_OFFICE : PUBLIC;
}
