import { elementWrites } from '../elements/element-writes';
import { roleWrites } from '../roles/role-writes';
import { userWrites } from '../users/user-writes';
import type { Payload, ResourceWrites } from './resource-writes';

const writers: Record<string, ResourceWrites> = { users: userWrites, 'users/roles': roleWrites, elements: elementWrites };
const toCreatePayload = (resource: string, data: Payload) => writers[resource].create?.(data);
const toUpdatePayload = (resource: string, data: Payload, previous: Payload = {}) => writers[resource].update?.(data, previous);

describe('resource writes', () => {
  it('sends the roles screen at /admin/users/roles to the /api/roles endpoint', () => {
    expect(roleWrites.apiPath).toBe('roles');
    expect(userWrites.apiPath).toBeUndefined();
  });

  it('creates a user with only the fields the API accepts', () => {
    expect(toCreatePayload('users', { name: 'Ann', email: 'ann@example.com', password: 'secret123', roleId: 'editor', confirm: 'x' })).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
      password: 'secret123',
      roleId: 'editor',
    });
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

  it('sends a user’s language when it changed, null when it was cleared', () => {
    const previous = { id: 3, name: 'Ann', email: 'ann@example.com', roleId: 'editor', language: null };
    expect(toUpdatePayload('users', { ...previous, language: 'it' }, previous)).toEqual({ language: 'it' });
    expect(toUpdatePayload('users', { ...previous, language: null }, { ...previous, language: 'it' })).toEqual({ language: null });
    expect(toUpdatePayload('users', previous, previous)).toEqual({});
    expect(toCreatePayload('users', { name: 'Ann', email: 'ann@example.com', password: 'secret123', roleId: 'editor', language: 'tr' })).toMatchObject({
      language: 'tr',
    });
  });

  it('keeps the current password when the new one is left empty', () => {
    const previous = { id: 3, name: 'Ann', email: 'ann@example.com', roleId: 'editor' };
    expect(toUpdatePayload('users', { ...previous, password: '' }, previous)).toEqual({});
    expect(toUpdatePayload('users', { ...previous, password: 'n3w-secret' }, previous)).toEqual({ password: 'n3w-secret' });
    expect(toUpdatePayload('users', { ...previous, password: 'n3w-secret', currentPassword: 'old-secret' }, previous)).toEqual({
      password: 'n3w-secret',
      currentPassword: 'old-secret',
    });
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

  it('never keeps the passwords just typed in the cache', () => {
    expect(userWrites.forget).toEqual(['password', 'currentPassword']);
  });

  it('sends an element back whole, its content as its block takes it', () => {
    const previous = { id: 4, title: 'Banner', block: 'richtext', content: { html: '<p>a</p>' }, formId: null, status: 'AVAILABLE', updatedAt: 'x' };
    expect(toUpdatePayload('elements', { ...previous, title: 'Top' }, previous)).toEqual({ ...previous, title: 'Top' });
  });

  it('knows which writes can change the signed-in user', () => {
    expect(userWrites.changes).toBe('current-user');
    expect(roleWrites.changes).toBe('current-user');
    expect(elementWrites.changes).toBeUndefined();
  });
});
