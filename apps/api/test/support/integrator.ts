/**
 * What an integrator writes with the typed client: sign in, make a container and a content, list
 * the container's contents with their total, read the content's page, and read it again with
 * If-None-Match. api-client.spec.ts type-checks this file against types generated from the live
 * document and runs it against a running API.
 */
import { createCmsClient, parseContentRange } from '@cms/api-client';

export interface IntegratorRun {
  contentId: number;
  listed: string[];
  total: number | undefined;
  pageTitle: string;
  pagePrice: unknown;
  notModified: number;
}

export async function integrate(baseUrl: string, credentials: { email: string; password: string }, slug = 'integrated'): Promise<IntegratorRun> {
  const cms = createCmsClient({ baseUrl });
  const signIn = await cms.POST('/api/auth/signin', { body: credentials });
  if (!signIn.data) throw new Error(`Sign-in refused: ${signIn.error?.message}`);
  cms.setToken(signIn.data.token);

  const container = await cms.POST('/api/containers', {
    body: { title: 'Products', slug, published: true, fields: [{ label: 'Price', name: 'price', type: 'NUMBER' }] },
  });
  if (!container.data) throw new Error(`Container refused: ${container.error?.message}`);
  const created = await cms.POST('/api/contents', {
    params: { query: { locale: 'en' } },
    body: { containerId: container.data.id, title: 'A lamp', slug: 'lamp', published: true, fields: { price: 12.5 } },
  });
  if (!created.data) throw new Error(`Content refused: ${created.error?.message} ${JSON.stringify(created.error?.errors)}`);

  const list = await cms.GET('/api/contents', {
    params: { query: { filter: JSON.stringify({ containerId: container.data.id }), sort: '["id","ASC"]', range: '[0,9]' } },
  });
  if (!list.data) throw new Error(`List refused: ${list.error?.message}`);

  const page = await cms.GET('/api/pages', { params: { query: { path: `/${slug}/lamp`, locale: 'en' } } });
  if (!page.data) throw new Error(`Page refused: ${page.error?.message}`);
  const etag = page.response.headers.get('ETag') ?? '';
  const again = await cms.GET('/api/pages', { params: { query: { path: `/${slug}/lamp`, locale: 'en' }, header: { 'If-None-Match': etag } } });

  return {
    contentId: created.data.id,
    listed: list.data.map((content) => content.title),
    total: parseContentRange(list.response.headers.get('Content-Range'))?.total,
    pageTitle: page.data.title,
    pagePrice: page.data.content?.fields.price,
    notModified: again.response.status,
  };
}
