/** The kinds of records GET /api/search finds, in the order the back office's palette groups them. */
export const SEARCH_KINDS = ['contents', 'containers', 'elements', 'forms', 'medias', 'users'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Longest text GET /api/search takes in `q` (more: 400). */
export const SEARCH_MAX_QUERY = 100;
/** Most hits GET /api/search answers (`limit`, default SEARCH_DEFAULT_LIMIT). */
export const SEARCH_MAX_LIMIT = 50;
export const SEARCH_DEFAULT_LIMIT = 20;

/**
 * How well a hit's text matches `q`: 4 the whole text, 3 its start, 2 the start of one of its
 * words, 1 anywhere in it. Hits are ranked by it, then by when they last changed.
 */
export type SearchMatch = 1 | 2 | 3 | 4;

/** One record GET /api/search found. */
export interface SearchHit {
  kind: SearchKind;
  id: number;
  /** What the record is called (a content's title, a user's name, a media's file name). */
  title: string;
  /** Where it is or what else it is known by: a content's container, a user's e-mail, a container's slug. */
  detail: string | null;
  /** The text that matched, when it is not the title (a content's title field in another locale, a user's e-mail). */
  matched: string | null;
  match: SearchMatch;
  /** When it last changed (a media: when it was uploaded), ISO. */
  updatedAt: string;
}

/** GET /api/search?q=&limit= */
export interface SearchResult {
  q: string;
  hits: SearchHit[];
  /** The kinds searched: those whose read right the caller holds. */
  searched: SearchKind[];
}
