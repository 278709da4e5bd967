import { RightType } from '@cms/contracts';
import { contentModel } from '../support/content-model';
import { useTestApp } from '../support/test-app';

/**
 * Attack: use the command palette's search (GET /api/search) to read the titles, slugs, e-mails or
 * file names of records one's role may not read. Each kind is searched only with its own read right
 * (the cell of its list in libs/rights): a role without it finds none of that kind, whatever q is.
 */
describe('attack: the search leaks records the caller may not read', () => {
  const t = useTestApp();
  const cm = contentModel(t);
  const SECRET = 'Zanzibarsecret';

  const R = RightType;
  /** Each kind, the right that reads it, and one record of it whose title (or name, e-mail) holds SECRET. */
  const kinds: Record<string, { right: RightType; make: () => Promise<number> }> = {
    contents: {
      right: R.VIEW_CONTENT,
      make: async () => {
        const c = await cm.container({ title: 'Plain container' });
        return (await cm.content({ containerId: c.id, title: `${SECRET} content` })).id;
      },
    },
    containers: { right: R.VIEW_CONTAINER, make: async () => (await cm.container({ title: `${SECRET} container` })).id },
    elements: {
      right: R.VIEW_ELEMENT,
      make: async () =>
        (await t.ownerCreates('/api/elements', { title: `${SECRET} element`, block: 'cta', content: { title: 'Hi', action: { label: 'Go', href: '/x' } } })).id,
    },
    forms: {
      right: R.VIEW_FORM,
      make: async () => {
        const id = await cm.form();
        await t.dataSource.query(`UPDATE "form" SET title = $2 WHERE id = $1`, [id, `${SECRET} form`]);
        return id;
      },
    },
    medias: {
      right: R.VIEW_MEDIA,
      make: async () => {
        const id = await cm.media();
        await t.dataSource.query(`UPDATE "media" SET name = $2 WHERE id = $1`, [id, `${SECRET}.png`]);
        return id;
      },
    },
    users: { right: R.VIEW_USER, make: async () => (await t.userWithRights([], `${SECRET} user`)).id },
  };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    for (const [kind, { make }] of Object.entries(kinds)) ids[kind] = await make();
  });

  const search = async (token: string, q = SECRET.toLowerCase()) => {
    const res = await t.http.get(`/api/search?q=${encodeURIComponent(q)}&limit=50`).set('token', token);
    expect(res.status).toBe(200);
    return res.body as { hits: { kind: string; id: number; title: string; detail: string | null }[]; searched: string[] };
  };

  it.each(Object.keys(kinds))('a role holding only the right to read %s finds those and nothing of the other kinds', async (kind) => {
    const user = await t.userWithRights([kinds[kind].right]);
    const { hits, searched } = await search(user.token);
    expect(searched).toEqual([kind]);
    expect(new Set(hits.map((h) => h.kind))).toEqual(new Set([kind]));
    expect(hits.map((h) => h.id)).toContain(ids[kind]);
  });

  it.each(Object.keys(kinds))('a role holding every right but the one to read %s finds none of them', async (kind) => {
    const user = await t.userWithRights(Object.values(RightType).filter((right) => right !== kinds[kind].right));
    const { hits, searched } = await search(user.token);
    expect(searched).not.toContain(kind);
    expect(hits.filter((h) => h.kind === kind)).toEqual([]);
    // Nor through what another kind answers about it (a content's detail is its container's title).
    if (kind === 'containers') expect(JSON.stringify(hits)).not.toContain(`${SECRET} container`);
  });

  it('a content found does not name its container to a role that may not read containers’ titles (not even their choices)', async () => {
    const user = await t.userWithRights([R.VIEW_CONTENT]);
    expect((await t.http.get('/api/containers/choices').set('token', user.token)).status).toBe(403);
    const { hits } = await search(user.token);
    expect(hits).toEqual([expect.objectContaining({ kind: 'contents', id: ids.contents, detail: null })]);
    const reader = await t.userWithRights([R.VIEW_CONTENT, R.VIEW_CONTAINER]);
    expect((await search(reader.token)).hits).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'contents', detail: 'Plain container' })]));
  });
});
