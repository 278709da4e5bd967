import { LANGS } from '@cms/contracts';
import { demoImage, seedDemoSite } from '../src/demo/demo-site';
import { OWNER, createTestApp, type TestApp } from './support/test-app';

describe('demo site', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoSite(t.app, OWNER);
  }, 120_000);
  afterAll(() => t.close());

  const page = (path: string, locale: string) => t.http.get(`/api/pages?path=${encodeURIComponent(path)}&locale=${locale}`);

  it('draws its pictures with sharp: real JPEGs of the size asked for', async () => {
    const image = await demoImage(['#000000', '#ffffff', '#888888'], 1, 320, 200);
    expect(image.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('publishes a home page with a hero, features, the latest posts and a call to action, in every language', async () => {
    const heroes = new Set<string>();
    for (const locale of LANGS) {
      const res = await page('/', locale);
      expect(res.status).toBe(200);
      expect(res.body.sections.map((s: { block: string }) => s.block)).toEqual(['hero', 'feature-list', 'contents', 'cta']);
      expect(res.body.sections[2].items).toHaveLength(3);
      heroes.add(res.body.sections[0].content.title);
      expect(res.body.media[res.body.sections[0].content.mediaId]).toMatchObject({ mimeType: 'image/jpeg', width: 1600, height: 1200 });
    }
    // Real translations: five different titles.
    expect(heroes.size).toBe(LANGS.length);
  });

  it('has a blog of at least three posts with a cover, a date and rich text in each language', async () => {
    for (const locale of LANGS) {
      const blog = await page('/blog', locale);
      expect(blog.status).toBe(200);
      const listed = blog.body.sections.find((s: { block: string }) => s.block === 'contents');
      expect(listed.itemsTotal).toBeGreaterThanOrEqual(3);
      const post = await page(listed.items[0].path, locale);
      expect(post.status).toBe(200);
      const { fields, fallbackFields } = post.body.content;
      expect(fallbackFields).toEqual([]);
      expect(fields.body).toMatch(/^<p>/);
      expect(typeof fields.date).toBe('string');
      expect(post.body.media[fields.cover]).toMatchObject({ mimeType: 'image/jpeg', width: 1600, height: 1000 });
    }
  });

  it('has an about page, a contact page with its form, and header and footer menus in each language', async () => {
    for (const locale of LANGS) {
      expect((await page('/about', locale)).status).toBe(200);
      const contact = await page('/contact', locale);
      const formSection = contact.body.sections.find((s: { block: string }) => s.block === 'form');
      expect(contact.body.forms[formSection.formId]).toMatchObject({ fieldsLocale: locale });
      expect(contact.body.layout.map((s: { type: string; block: string }) => `${s.type} ${s.block}`)).toEqual(['HEADER navigation', 'FOOTER navigation']);
    }
    const settings = await t.http.get('/api/settings/public');
    expect(Object.keys(settings.body.siteName).sort()).toEqual([...LANGS].sort());
    expect(settings.body.logo).toMatchObject({ mimeType: 'image/jpeg' });
  });

  it('is ordinary data an editor changes: a post can be unpublished and the owner is signed out', async () => {
    const blog = await page('/blog', 'en');
    const first = blog.body.sections.find((s: { block: string }) => s.block === 'contents').items[0];
    const res = await t.http.put(`/api/contents/${first.id}`).set('token', t.ownerToken).send({ published: false });
    expect(res.status).toBe(200);
    expect((await page(first.path, 'en')).status).toBe(404);
  });
});
