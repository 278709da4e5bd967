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
    expect((await as(manager.token).post('/api/users', { name: 'Reader', email: 'reader@ceiling.test', password: 'password-123', roleId: 'readers' })).status).toBe(201);
    expect((await as(t.ownerToken).post('/api/users', { name: 'Guest', email: 'guest@ceiling.test', password: 'password-123', roleId: 'vip' })).status).toBe(201);
  });
});
