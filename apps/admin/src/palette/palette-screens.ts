import type { TopBar } from '@cms/rights';
import { SEARCH_KINDS, type SearchHit, type SearchKind } from '@cms/contracts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** One line of the palette: a screen of the menu or a record the search found, and where it opens. */
export interface PaletteItem {
  id: string;
  group: 'screens' | SearchKind;
  label: string;
  detail: string | null;
  href: string;
}

/** The groups in the order the palette shows them. */
export const PALETTE_GROUPS = ['screens', ...SEARCH_KINDS] as const;

/**
 * Every screen the top bar offers this user (libs/rights `buildTopBar`: the same rights), in their
 * language: its entries, their dropdown links, each container's shortcuts, and the user menu's
 * links (Settings). The public home page is left out: it is not a screen of the back office.
 */
export function paletteScreens(bar: TopBar, translate: Translate): PaletteItem[] {
  const items: PaletteItem[] = [];
  const add = (key: string, label: string, href: string | null, detail: string | null = null) => {
    if (href && !items.some((item) => item.href === href)) items.push({ id: `screen-${key}`, group: 'screens', label, detail, href });
  };
  for (const entry of bar.entries) {
    if (!entry.visible || entry.key === 'home') continue;
    add(entry.key, translate(entry.label), entry.href);
    if (!entry.dropdown || entry.dropdown.disabled) continue;
    for (const link of entry.dropdown.links) add(link.key, translate(link.label), link.href, translate(entry.label));
    for (const c of entry.dropdown.containers ?? []) {
      add(`container-all-${c.id}`, translate(c.allLabel, { title: c.title }), c.allHref, translate(entry.label));
      add(`container-create-${c.id}`, translate(c.createLabel, { title: c.title }), c.createHref, translate(entry.label));
      add(`container-edit-${c.id}`, translate('cms.menu.container_edit', { title: c.title }), c.editHref, translate(entry.label));
    }
  }
  for (const item of bar.userMenu) if (item.visible && item.href) add(item.key, translate(item.label), item.href);
  return items;
}

/** Lower case without accents: "Créer" is found by "creer". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/**
 * The screens whose label holds `q` (case and accents aside), ranked as the API ranks records:
 * the whole label, its start, a word's start, anywhere; the menu's order among equals. All of
 * them, in the menu's order, for an empty q.
 */
export function matchScreens(screens: readonly PaletteItem[], q: string, max = 8): PaletteItem[] {
  const needle = folded(q.trim());
  if (!needle) return screens.slice(0, max);
  const rank = (label: string) => {
    const text = folded(label);
    if (text === needle) return 4;
    if (text.startsWith(needle)) return 3;
    if (text.split(/[\s\-–—'’]+/).some((word) => word.startsWith(needle))) return 2;
    return text.includes(needle) ? 1 : 0;
  };
  return screens
    .map((item, index) => ({ item, index, rank: rank(item.label) }))
    .filter((s) => s.rank > 0)
    .sort((a, b) => b.rank - a.rank || a.index - b.index)
    .slice(0, max)
    .map((s) => s.item);
}

/** Where a record the search found opens: its edit screen (read-only to those who may not change it). */
export function recordHref(hit: Pick<SearchHit, 'kind' | 'id'>): string {
  return `/admin/${hit.kind}/${encodeURIComponent(String(hit.id))}`;
}

/** The records as palette lines, grouped by kind in PALETTE_GROUPS' order, each group as ranked. */
export function recordItems(hits: readonly SearchHit[]): PaletteItem[] {
  return SEARCH_KINDS.flatMap((kind) =>
    hits
      .filter((hit) => hit.kind === kind)
      .map((hit) => ({
        id: `${hit.kind}-${hit.id}`,
        group: hit.kind,
        label: hit.title,
        detail: [hit.matched, hit.detail].filter(Boolean).join(' · ') || null,
        href: recordHref(hit),
      })),
  );
}
