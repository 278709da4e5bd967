import { RightType, SUPER_ADMIN_ROLE_ID } from '@cms/contracts';
import { buildTopBar } from '@cms/rights';
import en from '../i18n/en';
import { matchScreens, paletteScreens, recordItems } from './palette-screens';

/** The English catalog as react-admin's translate reads it. */
function translate(key: string, options: Record<string, unknown> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
  return typeof value === 'string' ? value.replace(/%\{(\w+)\}/g, (_, name: string) => String(options[name])) : key;
}

describe('palette screens', () => {
  const owner = { role: SUPER_ADMIN_ROLE_ID, rights: [] };
  const containers = [{ id: 3, title: 'News' }] as Parameters<typeof buildTopBar>[1];

  it('offers every screen of the top bar and the user menu, in the user’s language, with the containers’ shortcuts', () => {
    const labels = paletteScreens(buildTopBar(owner, containers), translate).map((s) => s.label);
    expect(labels).toEqual(expect.arrayContaining(['Containers', 'Create a container', 'Layout', 'Settings', 'All News', 'Create a News', 'Edit News']));
    expect(labels).not.toContain('Home');
  });

  it('offers only the screens the rights open', () => {
    const editor = { role: 'editor', rights: [RightType.VIEW_CONTENT] };
    const labels = paletteScreens(buildTopBar(editor, containers), translate).map((s) => s.label);
    expect(labels).toContain('Contents');
    expect(labels).not.toContain('Create a container');
    expect(labels).not.toContain('Settings');
    expect(labels).not.toContain('Layout');
  });

  it('ranks the whole label, its start, a word’s start, then anywhere, ignoring case and accents', () => {
    const screens = paletteScreens(buildTopBar(owner, containers), translate);
    expect(matchScreens(screens, 'layout').map((s) => s.label)).toEqual(['Layout']);
    expect(matchScreens(screens, 'CREATE A CONT').map((s) => s.label)).toEqual(['Create a container', 'Create a content']);
    expect(matchScreens(screens, 'container')[0].label).toBe('Containers');
    expect(matchScreens([{ id: 'x', group: 'screens', label: 'Créer un conteneur', detail: null, href: '/admin/containers/create' }], 'creer')).toHaveLength(1);
    expect(matchScreens(screens, 'zzz')).toEqual([]);
  });

  it('opens each record found on its edit screen, grouped by kind', () => {
    const items = recordItems([
      { kind: 'users', id: 2, title: 'Ann', detail: 'ann@x.test', matched: null, match: 3, updatedAt: '2026-01-01T00:00:00Z' },
      { kind: 'contents', id: 7, title: 'Harbour', detail: 'News', matched: 'Port', match: 3, updatedAt: '2026-01-01T00:00:00Z' },
    ]);
    expect(items.map((i) => [i.group, i.href, i.detail])).toEqual([
      ['contents', '/admin/contents/7', 'Port · News'],
      ['users', '/admin/users/2', 'ann@x.test'],
    ]);
  });
});
