import { securityHeaders } from '@cms/contracts';
import { isAdminPath } from './frontends';

const BACK_OFFICE = securityHeaders('same-origin');
const PUBLIC = securityHeaders('anyone');

/**
 * The security headers of an answer, computed once per framing policy: they depend on the path
 * only, and running helmet's middleware chain on every request cost about 9% of the CPU of a cheap
 * API call. The back office may be framed by this origin alone; every other answer (the public
 * site, which may be embedded, and the API) keeps the site's policy. Standalone site processes
 * send the same values (the table lives in @cms/contracts).
 */
export function securityHeadersFor(url: string): Readonly<Record<string, string>> {
  const query = url.indexOf('?');
  return isAdminPath(query === -1 ? url : url.slice(0, query)) ? BACK_OFFICE : PUBLIC;
}
