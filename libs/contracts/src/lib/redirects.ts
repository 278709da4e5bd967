/** The statuses of a redirect: permanent (renamed or moved pages, most redirects) or temporary. */
export type RedirectStatusCode = 301 | 302;

export const REDIRECT_STATUSES: readonly RedirectStatusCode[] = [301, 302];

/** The longest `from` a redirect takes (a site address, decoded). */
export const REDIRECT_FROM_MAX_LENGTH = 1100;
/** The longest `to` (a site address or an https URL). */
export const REDIRECT_TO_MAX_LENGTH = 2000;
/** The most rows a CSV import takes, and its largest file. */
export const REDIRECT_IMPORT_MAX_ROWS = 10_000;
export const REDIRECT_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/** One redirect as GET /api/redirects answers it. */
export interface RedirectDto {
  id: number;
  /** A site address: locale prefix (none for en), then the path, decoded, no trailing slash. */
  from: string;
  /** A site address, or an absolute https:// URL off the site. */
  to: string;
  status: RedirectStatusCode;
  /** Whether `to` is an https:// URL off the site. */
  external: boolean;
  /** Recorded by a rename or a move (true) or made by staff (false). */
  auto: boolean;
  hits: number;
  lastUsedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface RedirectRequest {
  from: string;
  to: string;
  status?: RedirectStatusCode;
}

/** The answer of POST /api/redirects/import. */
export interface RedirectImportResult {
  created: number;
  updated: number;
}

/** Whether a redirect's `to` leaves the site (an absolute URL) rather than naming one of its addresses. */
export function isExternalTarget(to: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(to);
}
