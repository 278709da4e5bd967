import type { ContentTranslations, Lang, TranslationStatus, TranslationSummaryRow } from '@cms/contracts';
import { useQuery } from '@tanstack/react-query';
import { API_URL } from '../http/api-request';
import { httpClient } from '../http/http-client';

/** The statuses of a page of contents (GET /api/translations?contentIds=), in one call. */
export async function fetchStatuses(ids: readonly (number | string)[], signal?: AbortSignal): Promise<ContentTranslations[]> {
  if (ids.length === 0) return [];
  const { json } = await httpClient(`${API_URL}/translations?contentIds=${ids.map((id) => encodeURIComponent(String(id))).join(',')}`, { signal });
  return (Array.isArray(json) ? json : []) as ContentTranslations[];
}

export async function fetchSummary(signal?: AbortSignal): Promise<TranslationSummaryRow[]> {
  const { json } = await httpClient(`${API_URL}/translations/summary`, { signal });
  return (Array.isArray(json) ? json : []) as TranslationSummaryRow[];
}

/**
 * The translation statuses of the contents `ids` (a list page): every cell of the page asks with
 * the same ids, and react-query makes that one request. Kept for a few seconds: a list page
 * shown again after an edit asks again.
 */
export function useTranslationStatuses(ids: readonly (number | string)[]) {
  const key = [...ids].map(String).sort();
  return useQuery({
    queryKey: ['translations', 'statuses', key],
    queryFn: ({ signal }) => fetchStatuses(ids, signal),
    enabled: ids.length > 0,
    staleTime: 5_000,
    retry: false,
  });
}

/** The address of the contents list filtered to a container, a locale and a status, under the back office's `basename` (react-admin's useBasename). */
export function filteredContentsHref(basename: string, containerId: number, locale: Lang, status: TranslationStatus): string {
  const filter = encodeURIComponent(JSON.stringify({ translation: { locale, status } }));
  return `${basename}/contents?container=${containerId}&filter=${filter}`;
}

/** The edit screen of a content, opened in `locale`. */
export function editInLocaleHref(basename: string, contentId: number | string, locale: Lang): string {
  return `${basename}/contents/${encodeURIComponent(String(contentId))}?locale=${locale}`;
}
