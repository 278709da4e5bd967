import { contentModel } from '../support/content-model';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Attack class: a link the CMS stores as a site path takes its readers off-site. Browsers read `\`
 * as `/` and drop tabs and newlines in http(s) URLs, so `/\evil.example` and `/<tab>/evil.example`
 * are `//evil.example`: another host, under the site's own page. The API refuses them on write
 * (safeHref, libs/contracts); the site checks again on render (apps/site render specs).
 */
describe('attack: off-site link through a backslash path', () => {
  let t: TestApp;
  let cm: ReturnType<typeof contentModel>;
  let containerId: number;
  beforeAll(async () => {
    t = await createTestApp();
    cm = contentModel(t);
    containerId = (
      await cm.container({
        title: 'Links',
        fields: [
          { label: 'Website', name: 'website', type: 'LINK' },
          { label: 'Body', name: 'body', type: 'RICHTEXT' },
        ],
      })
    ).id;
  });
  afterAll(() => t.close());

  const OFF_SITE = ['/\\evil.example', '\\\\evil.example', '\\/evil.example', '/\t/evil.example', '/%5Cevil.example', '/%5c%5cevil.example'];

  it.each(OFF_SITE)('refuses the link field %j with a 400 that names the field', async (href) => {
    const res = await cm.as().post('/api/contents', { containerId, title: 'Bad link', fields: { website: href } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('website');
  });

  it.each(OFF_SITE)('refuses the block link %j with a 400 that names the property', async (href) => {
    const res = await cm.as().put(`/api/containers/${containerId}`, { sections: [{ block: 'cta', content: { title: 'x', action: { label: 'Go', href } } }] });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('sections.0.content.action.href');
  });

  it('refuses the menu link /\\evil.example', async () => {
    const res = await cm
      .as()
      .put(`/api/containers/${containerId}`, { sections: [{ block: 'navigation', content: { items: [{ label: 'x', href: '/\\evil.example' }] } }] });
    expect(res.status).toBe(400);
  });

  it('drops a backslash target from rich-text links and images, entity-encoded or not, and keeps the text', async () => {
    const body =
      '<p><a href="/\\evil.example">a</a> <a href="/&#92;evil.example">b</a> <a href="/%5Cevil.example">c</a>' +
      '<img src="/\\evil.example/x.png" /> <a href="/fine">d</a></p>';
    const res = await cm.as().post('/api/contents', { containerId, title: 'Rich', fields: { body } });
    expect(res.status).toBe(201);
    expect(res.body.fields.body).toBe('<p><a>a</a> <a>b</a> <a>c</a><img /> <a href="/fine">d</a></p>');
  });

  it('still takes site paths, anchors and http(s) links', async () => {
    const res = await cm.as().post('/api/contents', { containerId, title: 'Good link', fields: { website: 'https://example.com/search?q=a%5Cb' } });
    expect(res.status).toBe(201);
    const page = await cm
      .as()
      .put(`/api/containers/${containerId}`, { sections: [{ block: 'cta', content: { title: 'x', action: { label: 'Go', href: '/blog/news' } } }] });
    expect(page.status).toBe(200);
  });
});
