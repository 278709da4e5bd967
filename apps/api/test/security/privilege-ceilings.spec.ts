import { RightType } from '@cms/contracts';
import { contentModel } from '../support/content-model';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Attacks on the ceilings of role and user managers: strip a right one does not hold from
 * another role, edit super-admin, or hand out a zero-right role that opens members-only pages.
 */
describe('privilege ceilings count every right and every page a role opens', () => {
  let t: TestApp;
  let cm: ReturnType<typeof contentModel>;
  const as = (token: string) => ({
    put: (url: string, body: object) => t.http.put(url).set('token', token).send(body),
    post: (url: string, body: object) => t.http.post(url).set('token', token).send(body),
  });
  beforeAll(async () => {
    t = await createTestApp();
    cm = contentModel(t);
  });
  afterAll(() => t.close());

  it('refuses an UPDATE_ROLE holder who removes a right it does not hold from another role', async () => {
    const manager = await t.userWithRights([RightType.UPDATE_ROLE, RightType.VIEW_ROLE]);
    await as(t.ownerToken).post('/api/roles', { id: 'auditors', name: 'Auditors', rights: [RightType.DELETE_USER, RightType.VIEW_ROLE] });
    const strip = await as(manager.token).put('/api/roles/auditors', { rights: [RightType.VIEW_ROLE] });
    expect(strip.status).toBe(403);
    expect(strip.body.message).toContain(RightType.DELETE_USER);
    const role = await t.http.get('/api/roles/auditors').set('token', t.ownerToken);
    expect(role.body.rights).toEqual([RightType.DELETE_USER, RightType.VIEW_ROLE]);
    // Rights it holds itself it may take away, and a rename changes no right.
    expect((await as(manager.token).put('/api/roles/auditors', { rights: [RightType.DELETE_USER] })).status).toBe(200);
    expect((await as(manager.token).put('/api/roles/auditors', { name: 'Auditors 2' })).status).toBe(200);
  });

  it('refuses an UPDATE_ROLE holder who adds a right it does not hold', async () => {
    const manager = await t.userWithRights([RightType.UPDATE_ROLE]);
    await as(t.ownerToken).post('/api/roles', { id: 'helpers', name: 'Helpers', rights: [] });
    expect((await as(manager.token).put('/api/roles/helpers', { rights: [RightType.DELETE_ROLE] })).status).toBe(403);
    expect((await as(manager.token).put('/api/roles/helpers', { rights: [RightType.UPDATE_ROLE] })).status).toBe(200);
  });

  it('refuses any edit of super-admin by anyone but a super-admin', async () => {
    const manager = await t.userWithRights([RightType.UPDATE_ROLE]);
    const rename = await as(manager.token).put('/api/roles/super-admin', { name: 'Nobody' });
    expect(rename.status).toBe(403);
    expect((await t.http.get('/api/roles/super-admin').set('token', t.ownerToken)).body.name).not.toBe('Nobody');
    expect((await as(t.ownerToken).put('/api/roles/super-admin', { name: 'Owners' })).status).toBe(200);
  });

  it('refuses a user manager who hands out a zero-right role opening members-only pages it cannot read', async () => {
    await as(t.ownerToken).post('/api/roles', { id: 'vip', name: 'VIP', rights: [] });
    await cm.container({ title: 'VIP lounge', slug: 'vip-lounge', published: true, accesses: [{ roleId: 'vip' }] });
    const manager = await t.userWithRights([RightType.CREATE_USER, RightType.UPDATE_USER, RightType.VIEW_USER]);

    const create = await as(manager.token).post('/api/users', { name: 'Mole', email: 'mole@ceiling.test', password: 'password-123', roleId: 'vip' });
    expect(create.status).toBe(403);
    expect(create.body.message).toContain('VIP lounge');

    const plain = await t.userWithRights([]);
    const promote = await as(manager.token).put(`/api/users/${plain.id}`, { roleId: 'vip' });
    expect(promote.status).toBe(403);
    const [{ roleId }] = await t.dataSource.query(`SELECT "roleId" FROM "login" WHERE "userId" = $1`, [plain.id]);
    expect(roleId).toBe(plain.roleId);
  });

  it('lets a user manager hand out a role whose pages its own role reads too, and a super-admin any role', async () => {
    const manager = await t.userWithRights([RightType.CREATE_USER, RightType.VIEW_USER]);
    await as(t.ownerToken).post('/api/roles', { id: 'readers', name: 'Readers', rights: [] });
    await cm.container({ title: 'Reading room', slug: 'reading-room', published: true, accesses: [{ roleId: 'readers' }, { roleId: manager.roleId }] });
    expect(
      (await as(manager.token).post('/api/users', { name: 'Reader', email: 'reader@ceiling.test', password: 'password-123', roleId: 'readers' })).status,
    ).toBe(201);
    expect((await as(t.ownerToken).post('/api/users', { name: 'Guest', email: 'guest@ceiling.test', password: 'password-123', roleId: 'vip' })).status).toBe(
      201,
    );
  });

  describe('page accesses: who may read a page is handed out under the same ceiling as a role', () => {
    const editorRights = [
      RightType.VIEW_CONTAINER,
      RightType.UPDATE_CONTAINER,
      RightType.CREATE_CONTAINER,
      RightType.VIEW_CONTENT,
      RightType.UPDATE_CONTENT,
      RightType.UPDATE_USER,
      RightType.VIEW_USER,
    ];
    const accessesOf = async (column: 'containerId' | 'contentId', id: number) =>
      (await t.dataSource.query(`SELECT "roleId" FROM "access" WHERE "${column}" = $1 ORDER BY "roleId"`, [id])).map((r: { roleId: string }) => r.roleId);
    const page = (path: string, token?: string) => {
      const req = t.http.get(`/api/pages?path=${encodeURIComponent(path)}`);
      return token ? req.set('token', token) : req;
    };

    it('attack: a page editor adds a role it may not hand out ("club") and its own role to a page\'s accesses', async () => {
      await as(t.ownerToken).post('/api/roles', { id: 'club', name: 'Club', rights: [] });
      await cm.container({ title: 'Club house', slug: 'club-house', published: true, accesses: [{ roleId: 'club' }] });
      const editor = await t.userWithRights(editorRights);
      const plain = await t.userWithRights([]);
      expect((await as(editor.token).put(`/api/users/${plain.id}`, { roleId: 'club' })).status).toBe(403);

      const lobby = await cm.container({ title: 'Lobby', slug: 'lobby', published: true });
      const res = await as(editor.token).put(`/api/containers/${lobby.id}`, { accesses: [{ roleId: 'club' }, { roleId: editor.roleId }] });
      expect(res.status).toBe(403);
      expect(res.body.message).toContain('"club"');
      expect(res.body.message).toContain('Club house');
      expect(await accessesOf('containerId', lobby.id)).toEqual([]);
      // Nor on a content's page.
      const desk = await cm.content({ containerId: lobby.id, title: 'Desk', slug: 'desk', published: true });
      expect((await as(editor.token).put(`/api/contents/${desk.id}`, { accesses: [{ roleId: 'club' }, { roleId: editor.roleId }] })).status).toBe(403);
      expect(await accessesOf('contentId', desk.id)).toEqual([]);
      // Nor on a page it creates.
      const created = await as(editor.token).post('/api/containers', { title: 'Annex', accesses: [{ roleId: 'club' }, { roleId: editor.roleId }] });
      expect(created.status).toBe(403);
    });

    it('attack: a page editor adds its own role to a members-only page it cannot read, then hands out the role that opens it', async () => {
      await as(t.ownerToken).post('/api/roles', { id: 'inner-circle', name: 'Inner circle', rights: [] });
      const vault = await cm.container({ title: 'Vault', slug: 'vault', published: true, accesses: [{ roleId: 'inner-circle' }] });
      const editor = await t.userWithRights(editorRights);
      const res = await as(editor.token).put(`/api/containers/${vault.id}`, { accesses: [{ roleId: 'inner-circle' }, { roleId: editor.roleId }] });
      expect(res.status).toBe(403);
      expect(res.body.message).toContain('does not read this page');
      expect(await accessesOf('containerId', vault.id)).toEqual(['inner-circle']);
      expect((await page('/vault', editor.token)).status).not.toBe(200);
      const plain = await t.userWithRights([]);
      expect((await as(editor.token).put(`/api/users/${plain.id}`, { roleId: 'inner-circle' })).status).toBe(403);
    });

    it("attack: a page editor removes from a page's accesses a role holding rights it does not hold", async () => {
      await as(t.ownerToken).post('/api/roles', { id: 'auditors-2', name: 'Auditors 2', rights: [RightType.DELETE_USER] });
      const editor = await t.userWithRights(editorRights);
      const books = await cm.container({ title: 'Books', slug: 'books', published: true, accesses: [{ roleId: 'auditors-2' }, { roleId: editor.roleId }] });
      const res = await as(editor.token).put(`/api/containers/${books.id}`, { accesses: [{ roleId: editor.roleId }] });
      expect(res.status).toBe(403);
      expect(res.body.message).toContain(RightType.DELETE_USER);
      expect(await accessesOf('containerId', books.id)).toEqual(['auditors-2', editor.roleId].sort());
    });

    it("attack: a page editor drops its own role from a page's accesses and locks itself out: 403, nothing written", async () => {
      await as(t.ownerToken).post('/api/roles', { id: 'friends', name: 'Friends', rights: [] });
      const editor = await t.userWithRights(editorRights);
      const garden = await cm.container({ title: 'Garden', slug: 'garden', published: true });
      // Within its ceiling: a zero-right role that opens nothing it does not read, and its own.
      const open = await as(editor.token).put(`/api/containers/${garden.id}`, { accesses: [{ roleId: 'friends' }, { roleId: editor.roleId }] });
      expect(open.status).toBe(200);
      const out = await as(editor.token).put(`/api/containers/${garden.id}`, { accesses: [{ roleId: 'friends' }] });
      expect(out.status).toBe(403);
      expect(out.body.message).toContain('could no longer read the page');
      expect(await accessesOf('containerId', garden.id)).toEqual(['friends', editor.roleId].sort());
      // The same list sent back (react-admin's save of another property) is no change to check.
      expect((await as(editor.token).put(`/api/containers/${garden.id}`, { title: 'Garden 2', accesses: open.body.accesses })).status).toBe(200);
    });

    it('attack: accesses: [] on a members-only page opens it only with clearAccesses: true (400 naming the flag otherwise)', async () => {
      const editor = await t.userWithRights(editorRights);
      const attic = await cm.container({ title: 'Attic', slug: 'attic', published: true, accesses: [{ roleId: editor.roleId }] });
      const note = await cm.content({ containerId: attic.id, title: 'Note', slug: 'note', published: true, accesses: [{ roleId: editor.roleId }] });
      for (const [url, column, id] of [
        [`/api/containers/${attic.id}`, 'containerId', attic.id],
        [`/api/contents/${note.id}`, 'contentId', note.id],
      ] as const) {
        const silent = await as(editor.token).put(url, { accesses: [] });
        expect(silent.status).toBe(400);
        expect(silent.body.message).toContain('clearAccesses');
        expect(await accessesOf(column, id)).toEqual([editor.roleId]);
        expect((await as(editor.token).put(url, { accesses: [], clearAccesses: false })).status).toBe(400);
      }
      expect((await page('/attic')).status).not.toBe(200);
      expect((await as(editor.token).put(`/api/containers/${attic.id}`, { accesses: [], clearAccesses: true })).status).toBe(200);
      expect((await page('/attic')).status).toBe(200);
      expect((await as(editor.token).put(`/api/contents/${note.id}`, { accesses: [], clearAccesses: true })).status).toBe(200);
      expect(await accessesOf('contentId', note.id)).toEqual([]);
      // A page that has none: [] changes nothing and needs no flag.
      expect((await as(editor.token).put(`/api/containers/${attic.id}`, { accesses: [] })).status).toBe(200);
    });

    it('lets a super-admin set any accesses', async () => {
      const c = await cm.container({ title: 'Any', slug: 'any-page', published: true });
      expect((await as(t.ownerToken).put(`/api/containers/${c.id}`, { accesses: [{ roleId: 'club' }] })).status).toBe(200);
      expect((await as(t.ownerToken).put(`/api/containers/${c.id}`, { accesses: [], clearAccesses: true })).status).toBe(200);
    });
  });
});
