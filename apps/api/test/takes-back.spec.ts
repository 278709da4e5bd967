import { FormFieldType, RightType } from '@cms/contracts';
import { contentModel } from './support/content-model';
import { useTestApp } from './support/test-app';

type Json = Record<string, unknown>;

/**
 * Every resource takes back what it answered: GET a record, PUT it back as it came, and the record
 * is the same (react-admin's default update and an integrator's read-modify-write need no
 * shaping). Read-only properties are ignored; a property no answer has is still a 400 naming it.
 */
describe('the API takes back what it answered', () => {
  const t = useTestApp({ FORM_SUBMISSIONS_PER_MINUTE: '100000' });
  const cm = contentModel(t);
  const owner = () => cm.as();
  let n = 0;
  /** Unique names: each resource's maker runs once per test. */
  const unique = (name: string) => `${name}${++n}`;
  /** What may differ between two reads of one record: when it last changed, and its sections' ids (a write replaces a locale's sections). */
  const comparable = (record: Json) => ({
    ...record,
    updatedAt: null,
    ...(Array.isArray(record.sections) ? { sections: (record.sections as Json[]).map((section) => ({ ...section, id: null })) } : {}),
  });

  const resources: [string, () => Promise<string>][] = [
    [
      'containers',
      async () => {
        const c = await cm.container({
          slug: unique('shop'),
          published: true,
          fields: [{ label: 'Price', name: 'price', type: 'NUMBER', min: 0 }],
          sections: [{ block: 'hero', content: { title: 'Hi' } }],
          metadata: [{ name: 'description', content: 'A shop' }],
        });
        return `/api/containers/${c.id}?locale=en`;
      },
    ],
    [
      'contents',
      async () => {
        const c = await cm.container({ slug: unique('blog'), published: true, fields: [{ label: 'Text', name: 'text', type: 'STRING' }] });
        const content = await cm.content({
          containerId: c.id,
          slug: 'post',
          published: true,
          fields: { text: 'Hello' },
          sections: [{ block: 'richtext', content: { html: '<p>Hi</p>' } }],
        });
        return `/api/contents/${content.id}?locale=en`;
      },
    ],
    [
      'elements',
      async () =>
        `/api/elements/${(await t.ownerCreates('/api/elements', { title: 'Banner', block: 'cta', content: { title: 'Join', action: { label: 'Go', href: '/jobs' } } })).id}`,
    ],
    [
      'forms',
      async () =>
        `/api/forms/${(await t.ownerCreates('/api/forms', { title: 'Contact', fields: [{ name: 'email', type: FormFieldType.EMAIL, label: 'E-mail', required: true }] })).id}?locale=en`,
    ],
    ['medias', async () => `/api/medias/${await cm.media()}`],
    ['media-packs', async () => `/api/media-packs/${(await t.ownerCreates('/api/media-packs', { name: 'Pack', mediaIds: [await cm.media()] })).id}`],
    [
      'messages',
      async () => {
        const form = await t.ownerCreates('/api/forms', { title: 'Survey', fields: [{ name: 'x', type: FormFieldType.TEXT }] });
        expect((await t.http.post(`/api/forms/${form.id}/messages`).send({ values: { x: 'hi' } })).status).toBe(201);
        const [message] = (await owner().get(`/api/messages?filter=${encodeURIComponent(JSON.stringify({ formId: form.id }))}`)).body;
        return `/api/messages/${message.id}`;
      },
    ],
    [
      'roles',
      async () => `/api/roles/${(await t.ownerCreates('/api/roles', { id: unique('editors'), name: unique('Editors'), rights: [RightType.VIEW_CONTENT] })).id}`,
    ],
    ['users', async () => `/api/users/${(await t.userWithRights([RightType.VIEW_CONTENT])).id}`],
    ['settings', async () => `/api/settings/${(await t.ownerCreates('/api/settings', { name: unique('customFlag'), value: { on: true } })).id}`],
    ['configurators', async () => `/api/configurators/${(await t.ownerCreates('/api/configurators', { data: { steps: [] } })).id}`],
  ];

  it.each(resources)('%s: a record PUT back as GET answered it is kept as it was', async (_name, make) => {
    const url = await make();
    const read = await owner().get(url);
    expect(read.status).toBe(200);
    const put = await owner().put(url, read.body);
    expect({ status: put.status, body: put.body }).toMatchObject({ status: 200 });
    expect(comparable(put.body)).toEqual(comparable(read.body));
    expect(comparable((await owner().get(url)).body)).toEqual(comparable(read.body));
  });

  it.each(resources)('%s: a property that no answer has is still refused, by its name', async (_name, make) => {
    const url = await make();
    const read = await owner().get(url);
    const put = await owner().put(url, { ...read.body, nonsense: 1 });
    expect(put.status).toBe(400);
    expect(put.body.message).toContain('property nonsense should not exist');
  });

  it('ignores read-only properties, whatever values they carry: the path decides which record changes', async () => {
    const c = await cm.container({ title: 'Kept' });
    const other = await cm.container({ title: 'Other' });
    const put = await owner().put(`/api/containers/${c.id}`, {
      id: other.id,
      title: 'Renamed',
      updatedAt: '2000-01-01T00:00:00.000Z',
      path: '/elsewhere',
      locale: 'fr',
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: c.id, title: 'Renamed', locale: 'en' });
    expect(put.body.updatedAt).not.toMatch(/^2000/);
    expect((await owner().get(`/api/containers/${other.id}`)).body.title).toBe('Other');
  });
});
