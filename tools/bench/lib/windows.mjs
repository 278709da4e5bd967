// The list windows that issue 14's scenarios ask, shared by content.mjs (over HTTP) and
// ceiling.mjs (in-process), so both measure the same walk.

export const LOCALES = ['en', 'fr', 'tr', 'es', 'it'];

/** The PostgreSQL backends connected to the current database but this one (a server's pool). */
export const BACKENDS_SQL = 'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()';

/**
 * The k-th window of 25 in the list of container k mod C, in locale (k / C) mod 5, `depth(container)`
 * rows deep: distinct for the first C x 5 x depth values of k, deep windows included.
 */
export function distinctWindow(k, containers, depth) {
  const c = containers[k % containers.length];
  const starts = Math.max(1, depth(c) - 25);
  const round = Math.floor(k / (containers.length * LOCALES.length));
  // 7919 is prime: unless it divides `starts`, stepping by it visits every start once per `starts` rounds.
  return { c, locale: LOCALES[Math.floor(k / containers.length) % LOCALES.length], start: (round * 7919) % starts };
}
