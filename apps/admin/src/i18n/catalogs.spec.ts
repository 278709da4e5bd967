import { INITIALIZING_TEXT, REVALIDATE_ERROR_TOAST, REVALIDATE_SUCCESS_TOAST, SUPER_ADMIN_ROLE_ID } from '@cms/contracts';
import { buildTopBar } from '@cms/rights';
import * as fs from 'node:fs';
import * as path from 'node:path';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { loadCatalog } from './catalogs';
import en from './en';
import { preferredUiLocale, UI_LOCALES, type UiLocale } from './locales';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) out.set(inner, text);
  }
  return out;
}

const placeholders = (text: string) => new Set([...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]));

const english = flatten(en as unknown as Tree);
const OTHERS = UI_LOCALES.map((entry) => entry.locale).filter((locale): locale is Exclude<UiLocale, 'en'> => locale !== 'en');

describe.each(OTHERS)('the %s catalog', (locale) => {
  let catalog: Map<string, string>;
  beforeAll(async () => {
    catalog = flatten((await loadCatalog(locale)) as unknown as Tree);
  });

  it('has every key of the English catalog, none of them empty', () => {
    const missing = [...english.keys()].filter((key) => !catalog.has(key));
    // ra.boolean.null is a blank on purpose: an unset yes/no shows nothing.
    const empty = [...catalog.entries()].filter(([key, text]) => text.trim() === '' && english.get(key)?.trim() !== '').map(([key]) => key);
    expect(missing).toEqual([]);
    expect(empty).toEqual([]);
  });

  it('has no key that English lacks (a typo would never be shown)', () => {
    expect([...catalog.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it('uses only the placeholders English gives, and all of ours', () => {
    const problems: string[] = [];
    for (const [key, text] of catalog) {
      const source = english.get(key);
      if (source === undefined) continue;
      const expected = placeholders(source);
      const found = placeholders(text);
      for (const name of found) if (!expected.has(name)) problems.push(`${key}: unknown %{${name}}`);
      // Our own messages must keep every value; smart_count may be implied by a plural form.
      if (!key.startsWith('ra.')) for (const name of expected) if (name !== 'smart_count' && !found.has(name)) problems.push(`${key}: lost %{${name}}`);
    }
    expect(problems).toEqual([]);
  });

  it('is translated, not copied from English', () => {
    const ours = [...catalog.entries()].filter(([key]) => key.startsWith('cms.') && /\p{L}{4,}/u.test(english.get(key) ?? ''));
    const copied = ours.filter(([key, text]) => text === english.get(key)).map(([key]) => key);
    // Some words are the same in several languages (Type, Max, HTML...): most are not.
    expect(copied.length / ours.length).toBeLessThan(0.1);
  });
});

describe('the English catalog', () => {
  const translate = polyglotI18nProvider(() => en, 'en').translate;

  it("keeps the spec's exact strings", () => {
    expect(translate('cms.app.initializing')).toBe(INITIALIZING_TEXT);
    expect(INITIALIZING_TEXT).toBe('Initializing...');
    expect(translate('cms.notifications.revalidated')).toBe(REVALIDATE_SUCCESS_TOAST);
    expect(REVALIDATE_SUCCESS_TOAST).toBe('Pages successfully revalidated');
    expect(translate('cms.notifications.revalidate_error')).toBe('Error Revalidating pages');
    expect(REVALIDATE_ERROR_TOAST).toBe('Error Revalidating pages');
  });

  it('words the top bar of libs/rights exactly as the spec does', () => {
    const bar = buildTopBar({ role: SUPER_ADMIN_ROLE_ID, rights: [] }, [{ id: 1, title: 'Blog' }]);
    expect(bar.entries.map((entry) => translate(entry.label))).toEqual([
      'Home',
      'Containers',
      'Contents',
      'Pages',
      'Elements',
      'Users',
      'Roles',
      'Messages',
      'Forms',
      'Medias',
      'Layout',
    ]);
    const [blog] = bar.entries.find((entry) => entry.key === 'containers')?.dropdown?.containers ?? [];
    expect(translate(blog.allLabel, { title: blog.title })).toBe('All Blog');
    expect(translate(blog.createLabel, { title: blog.title })).toBe('Create a Blog');
    expect(bar.userMenu.map((item) => translate(item.label))).toEqual(['Settings', 'Revalidate all', 'Disconnect']);
    const links = bar.entries.flatMap((entry) => entry.dropdown?.links ?? []).map((link) => translate(link.label));
    expect(links).toEqual([
      'Create a container',
      'Create a content',
      'Translations',
      'Redirects',
      'Create an element',
      'Create a user',
      'Roles',
      'Create a form',
      'Messages',
      'Media Packs',
    ]);
  });
});

describe('keys used by the source', () => {
  const roots = [path.join(__dirname, '..'), path.join(__dirname, '../../../../libs/rights/src')];
  const files = roots.flatMap((root) =>
    (fs.readdirSync(root, { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.spec.ts') && !file.startsWith(`i18n${path.sep}`))
      .map((file) => path.join(root, file)),
  );
  const prefixes = new Set<string>();
  for (const key of english.keys()) key.split('.').forEach((_part, index, parts) => prefixes.add(parts.slice(0, index + 1).join('.')));

  it('finds the source files', () => {
    expect(files.length).toBeGreaterThan(40);
  });

  it('exist in the English catalog (a key missing there would show as is)', () => {
    const unknown: string[] = [];
    for (const file of files) {
      const source = fs.readFileSync(file, 'utf8');
      for (const match of source.matchAll(/['"`]((?:cms|ra)\.[\w./-]+?)(\$\{|['"`])/g)) {
        const [, key, end] = match;
        // `cms.layout.sections.${type}` names a group of keys: the group must exist.
        const known = end === '${' ? prefixes.has(key.replace(/\.$/, '')) : english.has(key);
        if (!known) unknown.push(`${path.relative(roots[0], file)}: ${key}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});

describe('the language of a first visit', () => {
  it("is the browser's first preferred language among the five", () => {
    expect(preferredUiLocale(['de-DE', 'fr-CA', 'en'])).toBe('fr');
    expect(preferredUiLocale(['tr'])).toBe('tr');
    expect(preferredUiLocale(['es-419'])).toBe('es');
    expect(preferredUiLocale(['it_IT'])).toBe('it');
    expect(preferredUiLocale(['de', 'ja'])).toBe('en');
    expect(preferredUiLocale([])).toBe('en');
  });
});
