import { RIGHT_TYPES, RightType, type Me } from '@cms/contracts';
import { RESOURCE_ALIASES, RESOURCE_RULES, ruleFor, satisfiesRule } from '@cms/rights';

/**
 * The screens' buttons ask react-admin's canAccess; it must answer from libs/rights' table, the
 * one the API's routes name (apps/api/test/route-rights.spec.ts checks the routes against it).
 */
describe("react-admin's canAccess", () => {
  let me: Me | null = null;
  let canAccess: (resource: string, action: string) => Promise<boolean>;
  beforeAll(async () => {
    // The token store listens to the browser's storage events when loaded; these tests run in Node.
    Object.assign(globalThis, { window: { addEventListener: () => undefined } });
    const { createRaAuthProvider } = await import('./ra-auth-provider');
    const provider = createRaAuthProvider({ getMe: () => me, signOut: () => undefined });
    canAccess = (resource, action) => provider.canAccess!({ resource, action }) as Promise<boolean>;
  });
  const as = (...rights: RightType[]) => {
    me = { id: 1, name: 'Staff', email: 'staff@example.com', role: 'staff', rights } as unknown as Me;
  };

  it('shows Delete on messages only to holders of VIEW_MESSAGE and DELETE_FORM, as the API deletes them', async () => {
    as(RightType.VIEW_MESSAGE);
    expect(await canAccess('messages', 'list')).toBe(true);
    expect(await canAccess('messages', 'export')).toBe(true);
    expect(await canAccess('messages', 'delete')).toBe(false);
    as(RightType.VIEW_MESSAGE, RightType.DELETE_FORM);
    expect(await canAccess('messages', 'delete')).toBe(true);
  });

  it('answers every cell of the table, under the API names and the screen names, as the rule says', async () => {
    const names = [...Object.keys(RESOURCE_RULES), ...Object.keys(RESOURCE_ALIASES)];
    const mismatches: string[] = [];
    for (const resource of names) {
      for (const action of ['list', 'show', 'create', 'edit', 'delete', 'export', 'choices']) {
        const rule = ruleFor(resource, action);
        for (const right of RIGHT_TYPES) {
          as(right);
          const expected = rule !== null && satisfiesRule(me, rule);
          if ((await canAccess(resource, action)) !== expected) mismatches.push(`${resource} ${action} with ${right}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('denies everything to a signed-out visitor', async () => {
    me = null;
    expect(await canAccess('messages', 'list')).toBe(false);
  });
});
