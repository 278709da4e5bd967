import { BULK_ACTION_MAX_IDS, RightType } from '@cms/contracts';
import { contentModel } from './support/content-model';
import { useTestApp } from './support/test-app';

type Json = Record<string, unknown>;

/** POST /api/contents/bulk-actions: publish, unpublish, status and move of many contents in one transaction, and their undo. */
describe('POST /api/contents/bulk-actions', () => {
  const t = useTestApp();
  const cm = contentModel(t);
  const act = (body: Json, token = t.ownerToken) => t.http.post('/api/contents/bulk-actions').set('token', token).send(body);
  const row = async (id: number) =>
    (await t.dataSource.query(`SELECT published, status, "containerId" FROM "content" WHERE id = $1`, [id]))[0] as {
      published: boolean;
      status: string;
      containerId: number;
    };
  const versions = async (id: number) =>
    (await t.dataSource.query(`SELECT action FROM "record_version" WHERE resource = 'contents' AND "recordId" = $1 ORDER BY id`, [id])).map(
      (r: Json) => r.action,
    );

  it('publishes several contents at once, leaves those already published alone, and keeps a version, a webhook event and one audit entry', async () => {
    await t.dataSource.query(`DELETE FROM "webhook"`);
    const c = await cm.container({ title: 'Bulk news', slug: 'bulk-news', published: true });
    const a = await cm.content({ containerId: c.id, title: 'A', slug: 'bulk-a' });
    const b = await cm.content({ containerId: c.id, title: 'B' });
    const live = await cm.content({ containerId: c.id, title: 'Live', published: true });
    const hook = await t.ownerCreates('/api/webhooks', {
      url: 'https://hooks.example.com/cms',
      events: ['content.published'],
      secret: 'a-secret-of-32-characters-or-more!!',
    });
    const res = await act({ action: 'publish', ids: [a.id, b.id, live.id] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ action: 'publish', count: 2, ids: [a.id, b.id], unchanged: [live.id] });
    expect(res.body.undo.map((u: Json) => [u.id, u.published])).toEqual([
      [a.id, false],
      [b.id, false],
    ]);
    expect((await row(a.id)).published).toBe(true);
    expect(await versions(a.id)).toEqual(['create', 'publish']);
    expect(await versions(live.id)).toEqual(['create']);
    const deliveries = await t.dataSource.query(
      `SELECT "recordId" FROM "webhook_delivery" WHERE "webhookId" = $1 AND event = 'content.published' ORDER BY "recordId"`,
      [hook.id],
    );
    expect(deliveries.map((d: Json) => d.recordId)).toEqual([a.id, b.id]);
    const [audit] = await t.dataSource.query(`SELECT summary FROM "audit_entry" WHERE summary LIKE 'Published % in bulk%' ORDER BY id DESC LIMIT 1`);
    expect(audit.summary).toBe(`Published 2 contents in bulk: ids ${a.id}, ${b.id}`);
    // Its page is published with it.
    expect((await t.dataSource.query(`SELECT published FROM "slug" WHERE "contentId" = $1`, [a.id]))[0].published).toBe(true);
    await t.dataSource.query(`DELETE FROM "webhook"`);
  });

  it('publishes the waiting draft of a content in a container with drafts, as its Publish button does', async () => {
    const c = await cm.container({ title: 'Drafted', drafts: true, fields: [{ label: 'Body', name: 'body', type: 'STRING' }] });
    const content = await cm.content({ containerId: c.id, title: 'Before', fields: { body: 'live' }, published: true });
    expect((await cm.as().put(`/api/contents/${content.id}?locale=en`, { title: 'After', fields: { body: 'draft' } })).status).toBe(200);
    expect((await t.dataSource.query(`SELECT title FROM "content" WHERE id = $1`, [content.id]))[0].title).toBe('Before');
    const res = await act({ action: 'publish', ids: [content.id] });
    expect(res.body).toMatchObject({ count: 1, ids: [content.id] });
    const read = await cm.as().get(`/api/contents/${content.id}?locale=en`);
    expect(read.body).toMatchObject({ title: 'After', hasDraft: false, fields: { body: 'draft' } });
  });

  it('unpublishes and changes the status, and undoes each, putting every content back as it was; an older action cannot be undone once another changed them', async () => {
    const c = await cm.container({ title: 'Undo' });
    const a = await cm.content({ containerId: c.id, title: 'UA', published: true });
    const b = await cm.content({ containerId: c.id, title: 'UB', published: true });
    const down = await act({ action: 'unpublish', ids: [a.id, b.id] });
    expect(down.body.count).toBe(2);
    expect((await row(a.id)).published).toBe(false);
    const undoDown = await act({ action: 'undo', undo: down.body.undo });
    expect(undoDown.status).toBe(200);
    expect(undoDown.body).toMatchObject({ action: 'undo', count: 2, undo: [] });
    expect(await row(a.id)).toMatchObject({ status: 'AVAILABLE', published: true });

    const status = await act({ action: 'status', ids: [a.id, b.id], status: 'DISCONTINUED' });
    expect(status.body.count).toBe(2);
    expect((await row(b.id)).status).toBe('DISCONTINUED');
    // The unpublish's undo list is stale now: each content changed since.
    expect((await act({ action: 'undo', undo: down.body.undo })).status).toBe(409);
    const undoStatus = await act({ action: 'undo', undo: status.body.undo });
    expect(undoStatus.status).toBe(200);
    expect(await row(b.id)).toMatchObject({ status: 'AVAILABLE', published: true });
    expect(await versions(a.id)).toEqual(['create', 'unpublish', 'update', 'update', 'update']);
  });

  it('refuses an undo, naming the content, when someone changed it since: nothing is put back', async () => {
    const c = await cm.container({ title: 'Changed since' });
    const a = await cm.content({ containerId: c.id, title: 'CA' });
    const b = await cm.content({ containerId: c.id, title: 'CB' });
    const done = await act({ action: 'publish', ids: [a.id, b.id] });
    expect((await cm.as().put(`/api/contents/${b.id}?locale=en`, { title: 'CB edited' })).status).toBe(200);
    const res = await act({ action: 'undo', undo: done.body.undo });
    expect(res.status).toBe(409);
    expect(res.body.records).toEqual([{ id: b.id, message: expect.stringContaining('changed since the action') }]);
    expect(res.body.message).toContain(`content ${b.id}: changed since the action`);
    expect((await row(a.id)).published).toBe(true);
  });

  it('moves contents to a container whose fields fit, and refuses, per content and with nothing moved, those whose values have no field there', async () => {
    const from = await cm.container({ title: 'From', slug: 'from-here', fields: [{ label: 'Price', name: 'price', type: 'NUMBER' }] });
    const fits = await cm.container({
      title: 'Fits',
      slug: 'to-there',
      fields: [
        { label: 'Price', name: 'price', type: 'NUMBER' },
        { label: 'Note', name: 'note', type: 'STRING' },
      ],
    });
    const other = await cm.container({ title: 'Other', fields: [{ label: 'Price', name: 'price', type: 'STRING' }] });
    const plain = await cm.content({ containerId: from.id, title: 'No values' });
    const priced = await cm.content({ containerId: from.id, title: 'Priced', slug: 'priced', fields: { price: 12 } });

    const refused = await act({ action: 'move', ids: [plain.id, priced.id], containerId: other.id });
    expect(refused.status).toBe(400);
    expect(refused.body.records).toEqual([
      { id: priced.id, message: 'fields.price: is a list of NUMBER here but STRING in "Other"'.replace('a list of ', '') },
    ]);
    expect((await row(plain.id)).containerId).toBe(from.id);

    const moved = await act({ action: 'move', ids: [plain.id, priced.id], containerId: fits.id });
    expect(moved.status).toBe(200);
    expect(moved.body.count).toBe(2);
    const read = await cm.as().get(`/api/contents/${priced.id}?locale=en`);
    expect(read.body).toMatchObject({ containerId: fits.id, fields: { price: 12 }, path: '/to-there/priced' });

    const back = await act({ action: 'undo', undo: moved.body.undo });
    expect(back.status).toBe(200);
    expect((await cm.as().get(`/api/contents/${priced.id}?locale=en`)).body).toMatchObject({ containerId: from.id, path: '/from-here/priced' });
  });

  it('refuses a move to a container whose required field a content has no value of', async () => {
    const from = await cm.container({ title: 'Loose' });
    const strict = await cm.container({ title: 'Strict', fields: [{ label: 'Code', name: 'code', type: 'STRING', required: true }] });
    const content = await cm.content({ containerId: from.id, title: 'No code' });
    const res = await act({ action: 'move', ids: [content.id], containerId: strict.id });
    expect(res.status).toBe(400);
    expect(res.body.records).toEqual([{ id: content.id, message: 'fields.code: is required' }]);
  });

  it.each([
    ['an unknown action', { action: 'delete', ids: [1] }, /action must be one of publish, unpublish, status, move, undo/],
    ['no ids', { action: 'publish' }, /ids: is required/],
    ['empty ids', { action: 'publish', ids: [] }, /ids must name at least one content/],
    [
      'too many ids',
      { action: 'publish', ids: Array.from({ length: BULK_ACTION_MAX_IDS + 1 }, (_, i) => i + 1) },
      new RegExp(`ids must contain no more than ${BULK_ACTION_MAX_IDS} elements`),
    ],
    ['the same id twice', { action: 'publish', ids: [1, 1] }, /ids.*unique/],
    ['a status without its action', { action: 'publish', ids: [1], status: 'AVAILABLE' }, /status: is taken with action status only/],
    ['action status without a status', { action: 'status', ids: [1] }, /status: is required with action status/],
    ['a bad status', { action: 'status', ids: [1], status: 'GONE' }, /status must be AVAILABLE or DISCONTINUED/],
    ['action move without a container', { action: 'move', ids: [1] }, /containerId: is required with action move/],
    ['undo without its list', { action: 'undo' }, /undo: is required with action undo/],
    ['an unknown property', { action: 'publish', ids: [1], force: true }, /force/],
  ])('refuses %s with a 400 that says what is wrong', async (_label, body, message) => {
    const res = await act(body);
    expect(res.status).toBe(400);
    expect(`${res.body.message} ${JSON.stringify(res.body.errors ?? {})}`).toMatch(message);
  });

  it('answers 404 naming the ids that are no content, and changes nothing', async () => {
    const c = await cm.container({ title: 'Missing' });
    const a = await cm.content({ containerId: c.id, title: 'MA' });
    const res = await act({ action: 'publish', ids: [a.id, 999999] });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('No content 999999: nothing was changed');
    expect((await row(a.id)).published).toBe(false);
  });

  it('refuses a move to a container that does not exist', async () => {
    const c = await cm.container({ title: 'Nowhere' });
    const a = await cm.content({ containerId: c.id, title: 'NA' });
    const res = await act({ action: 'move', ids: [a.id], containerId: 999999 });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('container 999999 does not exist');
  });

  it('is refused (403) to a role that may not change contents, and changes nothing', async () => {
    const c = await cm.container({ title: 'Guarded' });
    const a = await cm.content({ containerId: c.id, title: 'GA' });
    const viewer = await t.userWithRights([RightType.VIEW_CONTENT]);
    const res = await act({ action: 'publish', ids: [a.id] }, viewer.token);
    expect(res.status).toBe(403);
    expect((await row(a.id)).published).toBe(false);
  });

  it('refuses (403) the contents whose change the editor’s role may not make, naming them, and changes none', async () => {
    // A members-only page whose draft hands its access to a role the editor may not give: publishing it is refused, as its own Publish is.
    const editorRights = [RightType.VIEW_CONTENT, RightType.UPDATE_CONTENT];
    const editor = await t.userWithRights(editorRights);
    const c = await cm.container({ title: 'Members', drafts: true });
    const open = await cm.content({ containerId: c.id, title: 'Open' });
    const guarded = await cm.content({ containerId: c.id, title: 'Guarded page', slug: 'guarded-page' });
    const admins = await t.ownerCreates<{ id: string }>('/api/roles', {
      id: `bulk-admins-${Date.now()}`,
      name: 'Bulk admins',
      rights: [RightType.DELETE_USER],
    });
    // The owner saves a draft that gives the page to a role the editor may not hand out.
    expect((await cm.as().put(`/api/contents/${guarded.id}?locale=en`, { accesses: [{ roleId: admins.id }] })).status).toBe(200);
    const res = await act({ action: 'publish', ids: [open.id, guarded.id] }, editor.token);
    expect(res.status).toBe(403);
    expect(res.body.records.map((r: Json) => r.id)).toEqual([guarded.id]);
    expect((await row(open.id)).published).toBe(false);
  });
});
