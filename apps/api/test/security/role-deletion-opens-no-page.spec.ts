import { contentModel } from '../support/content-model';
import { useTestApp } from '../support/test-app';

/**
 * Attack: delete the only role that guards a members-only page. Its access rows used to cascade
 * away with it, and a page without accesses is public: the page opened to every visitor.
 */
describe('role deletion never opens a members-only page', () => {
  const t = useTestApp();
  const cm = contentModel(t);

  const read = (path: string) => t.http.get(`/api/pages?path=${encodeURIComponent(path)}`);

  it('answers 409 naming the pages a role guards, and the pages stay guarded', async () => {
    const role = await t.http.post('/api/roles').set('token', t.ownerToken).send({ id: 'club-members', name: 'Club members', rights: [] });
    expect(role.status).toBe(201);
    const club = await cm.container({ title: 'Members club', slug: 'members-club', published: true, accesses: [{ roleId: 'club-members' }] });
    const minutes = await cm.content({ containerId: club.id, title: 'Board minutes', slug: 'minutes', published: true, accesses: [{ roleId: 'club-members' }] });
    const before = (await read('/members-club')).status;
    expect(before).not.toBe(200);

    const res = await t.http.delete('/api/roles/club-members').set('token', t.ownerToken);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(`container ${club.id} "Members club"`);
    expect(res.body.message).toContain(`content ${minutes.id} "Board minutes"`);

    expect((await t.http.get('/api/roles/club-members').set('token', t.ownerToken)).status).toBe(200);
    expect((await read('/members-club')).status).toBe(before);
    expect((await read('/members-club/minutes')).status).toBe(before);
    const [{ count }] = await t.dataSource.query(`SELECT count(*)::int AS count FROM "access" WHERE "roleId" = 'club-members'`);
    expect(count).toBe(2);
  });

  it('deletes the role once no page names it any more', async () => {
    await t.http.post('/api/roles').set('token', t.ownerToken).send({ id: 'old-members', name: 'Old members', rights: [] });
    const page = await cm.container({ title: 'Old club', slug: 'old-club', published: true, accesses: [{ roleId: 'old-members' }] });
    expect((await t.http.delete('/api/roles/old-members').set('token', t.ownerToken)).status).toBe(409);
    expect((await cm.as().put(`/api/containers/${page.id}`, { accesses: [] })).status).toBe(200);
    expect((await t.http.delete('/api/roles/old-members').set('token', t.ownerToken)).status).toBe(200);
  });
});
