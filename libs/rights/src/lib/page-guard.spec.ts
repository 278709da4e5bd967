import { RightType, SUPER_ADMIN_ROLE_ID } from '@cms/contracts';
import { decidePageAccess, hasRight, holdsAnyRight, isGuarded } from '../index';

const editor = { role: 'editor', rights: [RightType.VIEW_CONTENT] };
const superAdmin = { role: SUPER_ADMIN_ROLE_ID, rights: [] };

describe('rights', () => {
  it('grants the super-admin role every right', () => {
    expect(hasRight(superAdmin, RightType.DELETE_USER)).toBe(true);
    expect(holdsAnyRight(superAdmin)).toBe(true);
  });

  it('grants a plain role only the rights it holds', () => {
    expect(hasRight(editor, RightType.VIEW_CONTENT)).toBe(true);
    expect(hasRight(editor, RightType.UPDATE_CONTENT)).toBe(false);
    expect(hasRight(null, RightType.VIEW_CONTENT)).toBe(false);
    expect(holdsAnyRight({ role: 'reader', rights: [] })).toBe(false);
  });
});

describe('page guard', () => {
  it('lets anyone through a page that neither requires auth nor lists accesses', () => {
    expect(isGuarded({})).toBe(false);
    expect(decidePageAccess({ accesses: [] }, null)).toEqual({ kind: 'allow' });
  });

  it('sends a signed-out visitor of a guarded page to sign-in', () => {
    expect(decidePageAccess({ requireAuth: true }, null)).toEqual({ kind: 'sign-in' });
    expect(decidePageAccess({ accesses: [{ roleId: 'editor' }] }, null)).toEqual({ kind: 'sign-in' });
  });

  it('sends a signed-in user whose role is not listed to not-found', () => {
    expect(decidePageAccess({ accesses: [{ roleId: 'staff' }] }, editor)).toEqual({ kind: 'not-found' });
  });

  it('lets a listed role and the super-admin role through', () => {
    expect(decidePageAccess({ accesses: [{ roleId: 'editor' }] }, editor)).toEqual({ kind: 'allow' });
    expect(decidePageAccess({ accesses: [{ roleId: 'staff' }] }, superAdmin)).toEqual({ kind: 'allow' });
    expect(decidePageAccess({ requireAuth: true }, editor)).toEqual({ kind: 'allow' });
  });
});
