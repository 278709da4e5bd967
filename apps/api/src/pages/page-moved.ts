import { HttpException } from '@nestjs/common';

/** The statuses a moved page answers: permanent (a renamed or moved page, most redirects) or temporary. */
export type RedirectStatus = 301 | 302;

/**
 * A page read that finds no page at the address but knows where it is now: a page asked at
 * another locale's address, an address a page had before it was renamed or moved, or a redirect
 * staff made. GET /api/pages answers it as `301`/`302` with `Location: <site address>` (a path
 * with its locale prefix, e.g. `/fr/blog/bonjour`, or an absolute `https://` URL off the site) and
 * the body `{ statusCode, message, code: 'moved', location }`; the site passes it on to the
 * visitor with the query string kept. AllExceptionsFilter sends `responseHeaders`.
 */
export class PageMovedException extends HttpException {
  readonly responseHeaders: Record<string, string>;

  constructor(
    readonly location: string,
    status: RedirectStatus = 301,
  ) {
    super({ message: `This page is now at ${location}`, code: 'moved', location }, status);
    this.responseHeaders = { Location: locationHeader(location) };
  }
}

/**
 * `location` as a header holds it: a site address is stored decoded (`/Old Page.html`, `/tr/ğ`),
 * so each of its segments is %-encoded (a header cannot carry a space, and Node refuses characters
 * past Latin-1); an https URL is kept as the URL parser wrote it (already encoded).
 */
export function locationHeader(location: string): string {
  return location.startsWith('/') ? location.split('/').map(encodeURIComponent).join('/') : location;
}
