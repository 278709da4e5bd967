import type { ContentDto, ContentPreviewDto, Lang } from '@cms/contracts';
import { API_URL } from '../http/api-request';
import { httpClient } from '../http/http-client';

/** The actions on a content beyond its save: POST /api/contents/:id/{publish,unpublish,discard}. */
export type ContentAction = 'publish' | 'unpublish' | 'discard';

/** The resources whose pages have drafts: contents, and containers' own pages. */
export type DraftResource = 'contents' | 'containers';

const recordUrl = (resource: DraftResource, id: number | string, suffix = '', locale?: Lang) =>
  `${API_URL}/${resource}/${encodeURIComponent(String(id))}${suffix}${locale ? `?locale=${encodeURIComponent(locale)}` : ''}`;
const contentUrl = (id: number | string, suffix = '', locale?: Lang) => recordUrl('contents', id, suffix, locale);

/**
 * Publishes (every locale, or `only` the one given), unpublishes or discards the draft; the API
 * answers the content as it now stands.
 */
export async function runContentAction(id: number | string, action: ContentAction, only?: Lang): Promise<ContentDto> {
  return (await httpClient(contentUrl(id, `/${action}`, action === 'publish' ? only : undefined), { method: 'POST' })).json as ContentDto;
}

/** Sets or clears the publish and unpublish times (ISO, UTC; null clears): they apply at once, draft or not. */
export async function saveSchedule(id: number | string, body: { publishAt?: string | null; unpublishAt?: string | null }, locale?: Lang): Promise<ContentDto> {
  return (
    await httpClient(contentUrl(id, '', locale), {
      method: 'PUT',
      body: JSON.stringify(body),
      headers: new Headers({ 'Content-Type': 'application/json' }),
    })
  ).json as ContentDto;
}

/** A site address that renders the draft in the locale, valid for a while (409: the record has no page). */
export async function requestPreview(
  id: number | string,
  locale: Lang,
  signal?: AbortSignal,
  resource: DraftResource = 'contents',
): Promise<ContentPreviewDto> {
  return (await httpClient(recordUrl(resource, id, '/preview', locale), { method: 'POST', signal })).json as ContentPreviewDto;
}

/** A container page's draft made live (every locale, or `only` one) or thrown away: POST /api/containers/:id/{publish,discard}. */
export async function runContainerPageAction(id: number | string, action: 'publish' | 'discard', only?: Lang): Promise<void> {
  await httpClient(recordUrl('containers', id, `/${action}`, action === 'publish' ? only : undefined), { method: 'POST' });
}
