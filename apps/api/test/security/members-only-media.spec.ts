import { MEDIA_VARIANT_WIDTHS } from '@cms/contracts';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { contentModel } from '../support/content-model';
import { solidImage, upload } from '../support/media-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Media URLs are capability URLs (whoever holds one fetches the file), but an image shown only on
 * members-only pages is not kept a year by shared caches; and anonymous callers cannot make the
 * server render and keep a variant per width and format they invent.
 */
describe('members-only media and resized variants', () => {
  let t: TestApp;
  let cm: ReturnType<typeof contentModel>;
  let members: { roleId: string };

  const image = async (name: string) => {
    const res = await upload(t, t.ownerToken, await solidImage('png', 2600, 20), name);
    expect(res.status).toBe(201);
    return res.body as { id: number; uri: string };
  };

  beforeAll(async () => {
    t = await createTestApp();
    cm = contentModel(t);
    members = await t.userWithRights([]);
  });
  afterAll(() => t.close());

  it('members-only media: an image shown only on a members-only page is answered Cache-Control: private, never immutable for a year', async () => {
    const hidden = await image('hidden.png');
    const shared = await image('shared.png');
    const vault = await cm.container({
      title: 'Vault',
      slug: 'vault',
      published: true,
      accesses: [{ roleId: members.roleId }],
      fields: [{ label: 'Picture', name: 'picture', type: 'IMAGE' }],
    });
    await cm.content({ containerId: vault.id, title: 'Plan', slug: 'plan', published: true, fields: { picture: hidden.id } });
    await cm.content({
      containerId: vault.id,
      title: 'Other plan',
      slug: 'other-plan',
      published: true,
      sections: [{ block: 'media', content: { mediaId: shared.id } }],
    });
    const open = await cm.container({ title: 'Open', slug: 'open', published: true });
    await cm.content({
      containerId: open.id,
      title: 'Public',
      slug: 'public',
      published: true,
      sections: [{ block: 'media', content: { mediaId: shared.id } }],
    });

    for (const url of [`/api/uploads/${hidden.uri}`, `/api/uploads/${hidden.uri}?w=640&format=webp`]) {
      const res = await t.http.get(url);
      expect([url, res.status]).toEqual([url, 200]);
      expect([url, res.headers['cache-control']]).toEqual([url, 'private, no-cache']);
    }
    // Shown on a public page too: shared caches may keep it.
    expect((await t.http.get(`/api/uploads/${shared.uri}`)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('members-only media: the answer kept for a file follows its page when the page turns members-only, and back', async () => {
    const picture = await image('turning.png');
    const club = await cm.container({ title: 'Club', slug: 'club', published: true, fields: [{ label: 'Picture', name: 'picture', type: 'IMAGE' }] });
    await cm.content({ containerId: club.id, title: 'Event', slug: 'event', published: true, fields: { picture: picture.id } });
    const header = async () => (await t.http.get(`/api/uploads/${picture.uri}`)).headers['cache-control'];
    expect(await header()).toBe('public, max-age=31536000, immutable');
    expect(await header()).toBe('public, max-age=31536000, immutable');
    expect((await cm.as().put(`/api/containers/${club.id}`, { accesses: [{ roleId: members.roleId }] })).status).toBe(200);
    expect(await header()).toBe('private, no-cache');
    expect((await cm.as().put(`/api/containers/${club.id}`, { accesses: [], clearAccesses: true })).status).toBe(200);
    expect(await header()).toBe('public, max-age=31536000, immutable');
  });

  it('variant flood: an anonymous caller makes at most one variant per listed width, plus the fallback, whatever widths and formats it asks', async () => {
    const target = await image('flood.png');
    const statuses = new Set<number>();
    for (const format of ['', '&format=webp', '&format=avif', '&format=jpeg', '&format=png']) {
      for (let w = 50; w <= 2700; w += 150) statuses.add((await t.http.get(`/api/uploads/${target.uri}?w=${w}${format}`)).status);
    }
    expect([...statuses].sort()).toEqual([200, 400]);
    const dir = path.join((t.config.storage as { dir: string }).dir, 'variants', target.uri.split('.')[0]);
    const made = fs.readdirSync(dir);
    expect(made.length).toBeLessThanOrEqual(MEDIA_VARIANT_WIDTHS.length + 2);
    expect(made.filter((name) => !name.endsWith('.webp'))).toEqual(['w1280.png']);
  });
});
