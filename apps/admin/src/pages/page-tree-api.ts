import type { Lang, PageTreeNode } from '@cms/contracts';
import { API_URL } from '../http/api-request';
import { httpClient } from '../http/http-client';

/** How many pages a level shows at first, and each "Show more" adds. */
export const LEVEL_PAGE = 50;

export interface LevelQuery {
  /** The page whose children are read (undefined: the top level). */
  parentId?: number;
  /** A search of the whole tree by title or address, instead of a level. */
  q?: string;
  /** Leaves this page and every page under it out (where it may move). */
  notUnder?: number;
  locale: Lang;
  start?: number;
  count?: number;
}

export interface LevelPage {
  items: PageTreeNode[];
  total: number;
}

/** The total of a `Content-Range: pages 0-49/10000` header. */
export function totalOf(contentRange: string | null, fallback: number): number {
  const match = /\/(\d+)$/.exec(contentRange ?? '');
  return match ? Number(match[1]) : fallback;
}

export function levelUrl({ parentId, q, notUnder, locale, start = 0, count = LEVEL_PAGE }: LevelQuery): string {
  const params = new URLSearchParams({ locale, range: JSON.stringify([start, start + count - 1]) });
  if (q !== undefined && q.trim() !== '') params.set('q', q.trim());
  else if (parentId !== undefined) params.set('parentId', String(parentId));
  if (notUnder !== undefined) params.set('notUnder', String(notUnder));
  return `${API_URL}/slugs/tree?${params}`;
}

/** GET /api/slugs/tree: one page of a level, or of a search. */
export async function fetchLevel(query: LevelQuery, signal?: AbortSignal): Promise<LevelPage> {
  const { json, headers } = await httpClient(levelUrl(query), { signal });
  const items = json as PageTreeNode[];
  return { items, total: totalOf(headers.get('Content-Range'), items.length) };
}

/** POST /api/slugs/:id/move: the page in its new place. */
export async function movePage(slugId: number, parentId: number | null, locale: Lang): Promise<PageTreeNode> {
  const { json } = await httpClient(`${API_URL}/slugs/${slugId}/move?locale=${locale}`, { method: 'POST', body: JSON.stringify({ parentId }) });
  return json as PageTreeNode;
}

/** One page of the tree by its slug id, or null when there is none. */
export async function fetchPage(slugId: number, locale: Lang): Promise<PageTreeNode | null> {
  const { json } = await httpClient(`${API_URL}/slugs/tree?${new URLSearchParams({ slugId: String(slugId), locale })}`);
  return (json as PageTreeNode[])[0] ?? null;
}

/** The address a page gets under a parent's path (`/` is the home page: its children are at the top). */
export function addressUnder(parentPath: string | null, slug: string): string {
  const base = parentPath === null || parentPath === '/' ? '' : parentPath;
  return `${base}/${slug}`;
}
