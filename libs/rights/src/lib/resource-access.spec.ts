import { RightType, SUPER_ADMIN_ROLE_ID } from '@cms/contracts';
import { canAccessResource, ruleFor } from '../index';

const R = RightType;
const user = (...rights: RightType[]) => ({ role: 'staff', rights });
const superAdmin = { role: SUPER_ADMIN_ROLE_ID, rights: [] };

describe('resource access', () => {
  it.each([
    ['containers', 'CONTAINER'],
    ['contents', 'CONTENT'],
    ['elements', 'ELEMENT'],
    ['forms', 'FORM'],
    ['users', 'USER'],
    ['roles', 'ROLE'],
    ['users/roles', 'ROLE'],
    ['medias', 'MEDIA'],
    ['medias/packs', 'MEDIAPACK'],
    ['media-packs', 'MEDIAPACK'],
  ])('maps list, show, create, edit and delete of %s to the %s rights', (resource, noun) => {
    expect(ruleFor(resource, 'list')).toEqual({ all: [`VIEW_${noun}`] });
    expect(ruleFor(resource, 'show')).toEqual({ all: [`VIEW_${noun}`] });
    expect(ruleFor(resource, 'export')).toEqual({ all: [`VIEW_${noun}`] });
    expect(ruleFor(resource, 'create')).toEqual({ all: [`CREATE_${noun}`] });
    expect(ruleFor(resource, 'clone')).toEqual({ all: [`CREATE_${noun}`] });
    expect(ruleFor(resource, 'edit')).toEqual({ all: [`UPDATE_${noun}`] });
    expect(ruleFor(resource, 'delete')).toEqual({ all: [`DELETE_${noun}`] });
  });

  it('opens the audit log to ACCESS_SETTINGS for reading and export only: no cell writes an entry', () => {
    for (const action of ['list', 'export', 'choices']) expect(ruleFor('audit', action)).toEqual({ all: [R.ACCESS_SETTINGS] });
    for (const action of ['show', 'create', 'edit', 'delete']) expect(ruleFor('audit', action)).toBeNull();
    expect(canAccessResource(user(R.ACCESS_SETTINGS), 'audit', 'list')).toBe(true);
    expect(canAccessResource(user(R.ACCESS_SETTINGS), 'audit', 'delete')).toBe(false);
    expect(canAccessResource(user(R.VIEW_USER, R.REVALIDATION), 'audit', 'list')).toBe(false);
  });

  it('lets a user list users with VIEW_USER but not create, edit or delete them', () => {
    const viewer = user(R.VIEW_USER);
    expect(canAccessResource(viewer, 'users', 'list')).toBe(true);
    expect(canAccessResource(viewer, 'users', 'create')).toBe(false);
    expect(canAccessResource(viewer, 'users', 'edit')).toBe(false);
    expect(canAccessResource(viewer, 'users', 'delete')).toBe(false);
  });

  it('guards the roles screen at /admin/users/roles with the role rights, not the user rights', () => {
    expect(canAccessResource(user(R.VIEW_USER), 'users/roles', 'list')).toBe(false);
    expect(canAccessResource(user(R.VIEW_ROLE), 'users/roles', 'list')).toBe(true);
    expect(canAccessResource(user(R.UPDATE_ROLE), 'users/roles', 'edit')).toBe(true);
  });

  it('guards messages with VIEW_MESSAGE, deletes them with DELETE_FORM too, and never lets staff create one', () => {
    expect(canAccessResource(user(R.VIEW_MESSAGE), 'messages', 'list')).toBe(true);
    expect(canAccessResource(user(R.VIEW_MESSAGE), 'messages', 'export')).toBe(true);
    expect(canAccessResource(user(R.VIEW_MESSAGE), 'messages', 'delete')).toBe(false);
    expect(canAccessResource(user(R.DELETE_FORM), 'messages', 'delete')).toBe(false);
    expect(canAccessResource(user(R.VIEW_MESSAGE, R.DELETE_FORM), 'messages', 'delete')).toBe(true);
    expect(canAccessResource(user(R.VIEW_FORM), 'messages', 'list')).toBe(false);
    expect(canAccessResource(user(R.VIEW_MESSAGE), 'messages', 'create')).toBe(false);
  });

  it('guards the layout with VIEW_LAYOUT to read and UPDATE_LAYOUT to change', () => {
    expect(canAccessResource(user(R.VIEW_LAYOUT), 'layout', 'list')).toBe(true);
    expect(canAccessResource(user(R.VIEW_LAYOUT), 'layout', 'edit')).toBe(false);
    expect(canAccessResource(user(R.UPDATE_LAYOUT), 'layout', 'edit')).toBe(true);
  });

  it('guards the settings with ACCESS_SETTINGS', () => {
    expect(canAccessResource(user(R.VIEW_USER), 'settings', 'show')).toBe(false);
    expect(canAccessResource(user(R.ACCESS_SETTINGS), 'settings', 'edit')).toBe(true);
  });

  it('guards API tokens with ACCESS_SETTINGS, every action', () => {
    for (const action of ['list', 'show', 'create', 'edit', 'delete']) expect(ruleFor('tokens', action)).toEqual({ all: [R.ACCESS_SETTINGS] });
    expect(canAccessResource(user(R.VIEW_USER, R.CREATE_USER), 'tokens', 'create')).toBe(false);
    // The token screen picks a role without VIEW_ROLE.
    expect(canAccessResource(user(R.ACCESS_SETTINGS), 'roles', 'choices')).toBe(true);
  });

  it('applies the resource rights to field-level read and write checks', () => {
    expect(canAccessResource(user(R.VIEW_USER), 'users.email', 'read')).toBe(true);
    expect(canAccessResource(user(R.VIEW_USER), 'users.email', 'write')).toBe(false);
    expect(canAccessResource(user(R.UPDATE_USER), 'users.email', 'write')).toBe(true);
  });

  it('denies unknown resources and actions to everyone but the super-admin role', () => {
    const everything = user(...Object.values(RightType));
    expect(canAccessResource(everything, 'payments', 'list')).toBe(false);
    expect(canAccessResource(everything, 'users', 'impersonate')).toBe(false);
    expect(ruleFor('payments', 'list')).toBeNull();
    expect(canAccessResource(superAdmin, 'payments', 'list')).toBe(true);
  });

  it('opens the pickers of roles, forms, elements and containers to one of the rights of the screens that edit them', () => {
    expect(canAccessResource(user(R.UPDATE_CONTENT), 'roles', 'choices')).toBe(true);
    expect(canAccessResource(user(R.CREATE_USER), 'users/roles', 'choices')).toBe(true);
    expect(canAccessResource(user(R.UPDATE_ELEMENT), 'forms', 'choices')).toBe(true);
    expect(canAccessResource(user(R.UPDATE_LAYOUT), 'elements', 'choices')).toBe(true);
    expect(canAccessResource(user(R.CREATE_CONTAINER), 'containers', 'choices')).toBe(true);
    expect(canAccessResource(user(R.VIEW_MESSAGE, R.VIEW_MEDIA), 'roles', 'choices')).toBe(false);
    expect(canAccessResource(user(R.UPDATE_USER), 'forms', 'choices')).toBe(false);
    // Choices are a narrow list, not the list: they open nothing else.
    expect(canAccessResource(user(R.UPDATE_CONTENT), 'roles', 'list')).toBe(false);
  });

  it('lets the super-admin role do everything on every resource', () => {
    for (const action of ['list', 'show', 'create', 'edit', 'delete']) {
      expect(canAccessResource(superAdmin, 'users/roles', action)).toBe(true);
    }
  });

  it('denies a signed-out visitor and a user without rights', () => {
    expect(canAccessResource(null, 'users', 'list')).toBe(false);
    expect(canAccessResource(undefined, 'contents', 'list')).toBe(false);
    expect(canAccessResource(user(), 'contents', 'list')).toBe(false);
  });
});
