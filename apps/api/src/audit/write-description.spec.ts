import { describeWrite, type WriteRequest } from './write-description';

const write = (method: string, route: string, more: Partial<WriteRequest> = {}): WriteRequest => ({
  method,
  route,
  params: {},
  query: {},
  body: undefined,
  answer: undefined,
  ...more,
});

/** The description of a write that is one (describeWrite answers null for a dry run). */
const entryOf = (request: WriteRequest) => describeWrite(request)!;

describe('describeWrite', () => {
  it('takes create, update and delete from the method, the id from the path or else the answer', () => {
    expect(entryOf(write('POST', '/api/elements', { body: { title: 'Banner' }, answer: { id: 7, title: 'Banner' } }))).toEqual({
      action: 'create',
      resource: 'elements',
      resourceId: '7',
      summary: 'Created element 7 "Banner"',
    });
    expect(entryOf(write('PUT', '/api/contents/:id', { params: { id: '12' }, query: { locale: 'fr' }, body: { title: 'Bonjour', fields: {} } }))).toEqual({
      action: 'update',
      resource: 'contents',
      resourceId: '12',
      summary: 'Updated content 12 "Bonjour" (fr): title, fields',
    });
    expect(entryOf(write('DELETE', '/api/media-packs/:id', { params: { id: '3' }, answer: { id: 3, name: 'Pack' } })).summary).toBe(
      'Deleted media pack 3 "Pack"',
    );
  });

  it('takes the action from a verb at the end of the path, record versions’ restore included', () => {
    expect(entryOf(write('POST', '/api/contents/:id/publish', { params: { id: '5' }, answer: { id: 5, title: 'Post' } }))).toMatchObject({
      action: 'publish',
      resourceId: '5',
      summary: 'Published content 5 "Post"',
    });
    expect(entryOf(write('POST', '/api/containers/:id/discard', { params: { id: '2' } })).action).toBe('discard');
    const restored = entryOf(
      write('POST', '/api/contents/:id/versions/:versionId/restore', { params: { id: '5', versionId: '41' }, answer: { id: 5, title: 'Post' } }),
    );
    expect(restored).toEqual({ action: 'restore', resource: 'contents', resourceId: '5', summary: 'Restored content 5 "Post" to version 41' });
  });

  it('says where a page moved (POST /api/slugs/:id/move)', () => {
    expect(
      describeWrite(
        write('POST', '/api/slugs/:id/move', { params: { id: '12' }, body: { parentId: 3 }, answer: { slugId: 12, title: 'About', path: '/company/about' } }),
      ),
    ).toEqual({ action: 'move', resource: 'slugs', resourceId: '12', summary: 'Moved page 12 "About" to /company/about' });
  });

  it('never writes a password, and calls a password set through the users screen a password change', () => {
    const described = describeWrite(
      write('PUT', '/api/users/:id', { params: { id: '4' }, body: { password: 'hunter2-secret', roleId: 'editor' }, answer: { id: 4, name: 'Ann' } }),
    );
    expect(described).toEqual({ action: 'password-change', resource: 'users', resourceId: '4', summary: 'Changed the password of user 4 "Ann": roleId' });
  });

  it('lists the rights of a role, names the layout by locale and a visitor’s message by its form', () => {
    expect(entryOf(write('PUT', '/api/roles/:id', { params: { id: 'editor' }, body: { name: 'Editor', rights: ['VIEW_CONTENT'] } })).summary).toBe(
      'Updated role editor "Editor": rights VIEW_CONTENT',
    );
    expect(entryOf(write('POST', '/api/layout', { query: { locale: 'it' }, body: { sections: [] } }))).toEqual({
      action: 'update',
      resource: 'layout',
      resourceId: 'it',
      summary: 'Updated layout (it): sections',
    });
    expect(entryOf(write('POST', '/api/forms/:id/messages', { params: { id: '9' }, body: { values: { name: 'Ann' } } }))).toEqual({
      action: 'create',
      resource: 'messages',
      resourceId: null,
      summary: 'Message received through form 9',
    });
  });

  it('names a webhook’s test and a delivery sent again by the webhook, never its secret', () => {
    expect(describeWrite(write('POST', '/api/webhooks/:id/test', { params: { id: '3' }, answer: { id: 41, webhookId: 3 } }))).toEqual({
      action: 'test',
      resource: 'webhooks',
      resourceId: '3',
      summary: 'Sent a test delivery to webhook 3',
    });
    expect(entryOf(write('POST', '/api/webhooks/deliveries/:id/redeliver', { params: { id: '41' }, answer: { id: 42, webhookId: 3 } })).summary).toBe(
      'Sent delivery 41 of webhook 3 again (delivery 42)',
    );
    expect(entryOf(write('PUT', '/api/webhooks/:id', { params: { id: '3' }, body: { secret: 'whsec_0123456789abcdef' } })).summary).toBe(
      'Updated webhook 3: secret',
    );
  });

  it('keeps a summary short and on one line', () => {
    const { summary } = entryOf(write('POST', '/api/elements', { answer: { id: 1, title: `Long\n${'x'.repeat(300)}` } }));
    expect(summary).not.toContain('\n');
    expect(summary.length).toBeLessThan(120);
  });

  it('says how many contents a bulk create made, and nothing of a dry run', () => {
    expect(entryOf(write('POST', '/api/contents/bulk', { query: { locale: 'fr' }, answer: { count: 3, ids: [7, 8, 9], dryRun: false } }))).toEqual({
      action: 'create',
      resource: 'contents',
      resourceId: null,
      summary: 'Created 3 contents in bulk (fr): ids 7 to 9',
    });
    expect(describeWrite(write('POST', '/api/contents/bulk', { query: { dryRun: 'true' }, answer: { count: 3, ids: [], dryRun: true } }))).toBeNull();
  });
});
