import { affectsCurrentUser, apiPathOf, toCreatePayload, toUpdatePayload } from './resource-payloads';

describe('resource payloads', () => {
  it('sends the roles screen at /admin/users/roles to the /api/roles endpoint', () => {
    expect(apiPathOf('users/roles')).toBe('roles');
    expect(apiPathOf('users')).toBe('users');
  });

  it('creates a user with only the fields the API accepts', () => {
    expect(
      toCreatePayload('users', { name: 'Ann', email: 'ann@example.com', password: 'secret123', roleId: 'editor', confirm: 'x' }),
    ).toEqual({ name: 'Ann', email: 'ann@example.com', password: 'secret123', roleId: 'editor' });
  });

  it('leaves a blank role key out so that the API derives it from the name', () => {
    expect(toCreatePayload('users/roles', { id: '', name: 'Editors', rights: ['VIEW_CONTENT'] })).toEqual({
      name: 'Editors',
      rights: ['VIEW_CONTENT'],
    });
  });

  it('updates only the user fields that changed, never the id or dates', () => {
    const previous = { id: 3, name: 'Ann', email: 'ann@example.com', roleId: 'editor', updatedAt: '2026-01-01' };
    expect(toUpdatePayload('users', { ...previous, name: 'Anna' }, previous)).toEqual({ name: 'Anna' });
  });

  it('keeps the current password when the new one is left empty', () => {
    const previous = { id: 3, name: 'Ann', email: 'ann@example.com', roleId: 'editor' };
    expect(toUpdatePayload('users', { ...previous, password: '' }, previous)).toEqual({});
    expect(toUpdatePayload('users', { ...previous, password: 'n3w-secret' }, previous)).toEqual({ password: 'n3w-secret' });
    expect(toUpdatePayload('users', { ...previous, password: 'n3w-secret', currentPassword: 'old-secret' }, previous)).toEqual({ password: 'n3w-secret', currentPassword: 'old-secret' });
    expect(toUpdatePayload('users', { ...previous, password: '', currentPassword: 'old-secret' }, previous)).toEqual({});
  });

  it('treats the same rights in another order as unchanged', () => {
    const previous = { id: 'editor', name: 'Editor', rights: ['VIEW_CONTENT', 'UPDATE_CONTENT'] };
    expect(toUpdatePayload('users/roles', { ...previous, rights: ['UPDATE_CONTENT', 'VIEW_CONTENT'] }, previous)).toEqual({});
    expect(toUpdatePayload('users/roles', { ...previous, rights: ['VIEW_CONTENT'] }, previous)).toEqual({ rights: ['VIEW_CONTENT'] });
  });

  it('never sends a role key on update', () => {
    expect(toUpdatePayload('users/roles', { id: 'editor', name: 'Editors' })).toEqual({ name: 'Editors' });
  });

  it('passes other resources through untouched', () => {
    expect(toCreatePayload('containers', { title: 'Blog', extra: 1 })).toEqual({ title: 'Blog', extra: 1 });
  });

  it('knows which writes can change the signed-in user', () => {
    expect(affectsCurrentUser('users')).toBe(true);
    expect(affectsCurrentUser('users/roles')).toBe(true);
    expect(affectsCurrentUser('containers')).toBe(false);
  });
});
