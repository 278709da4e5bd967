import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { KeptValues } from '@cms/cache';
import { RevalidationService } from '../revalidation/revalidation.service';
import type { Section } from '../sections/section.entity';
import type { Lang } from '@cms/contracts';
import { addressOf } from '../redirects/redirects.service';
import type { RedirectStatus } from './page-moved';

const MAX_ENTRIES = 5000;
/** A safety net: a write that forgot to emit cannot keep a page stale for longer. */
const TTL_MS = 5 * 60 * 1000;
const SETTINGS_KEY = 'page-settings';
const LAYOUT_KEY = 'layout-sections';
const LINKS_KEY = 'layout-links';

/** Where an address leads that has no page: a redirect's (id, counted at each hit) or another locale's address of a page (id null). */
export interface PageMove {
  id: number | null;
  to: string;
  status: RedirectStatus;
}

/** Freezes a value and everything it holds, so that a value shared by every read cannot be changed by one. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** A page's JSON, encoded, with the keys a shared cache files it under (cdn/surrogate-keys.ts). */
export interface KeptPage {
  body: Buffer;
  keys: readonly string[];
}

interface PageSettingRow {
  name: string;
  value: unknown;
}

/**
 * Anonymous reads of pages that are not guarded, kept by (locale, path) until a revalidation event
 * names them. Only the public's view is kept: a reader with a token may see more in a listing or
 * a reference, so PagesService neither stores nor serves those reads here. A read that started
 * before a purge is not stored (the generation changed), so a purge cannot be undone by a slow
 * read of the old data.
 */
@Injectable()
export class PageCache implements OnModuleDestroy {
  private readonly entries = new KeptValues<KeptPage>({ name: 'page_reads', max: MAX_ENTRIES, ttlMs: TTL_MS });
  /** Addresses without a page that lead elsewhere, by site address (addressOf: `/fr/blog/old`): purged with the page at the same path and locale. */
  private readonly moves = new KeptValues<PageMove>({ name: 'page_moves', max: MAX_ENTRIES, ttlMs: TTL_MS });
  /**
   * What every page read needs and only a purge of everything changes (a change to any of it emits
   * one): the setting rows (theme, option lists) and the layout's sections.
   */
  private readonly shared = new KeptValues<readonly unknown[]>({ name: 'page_shared', max: 3, ttlMs: TTL_MS });
  private readonly unsubscribe: () => void;

  constructor(private readonly revalidation: RevalidationService) {
    this.unsubscribe = revalidation.subscribe((event) => {
      if (event.scope === 'all') {
        this.shared.clear();
        this.moves.clear();
        return this.entries.clear();
      }
      for (const locale of event.locales)
        for (const path of event.paths) {
          this.entries.purge(PageCache.key(locale, path));
          this.moves.purge(addressOf(locale as Lang, path));
        }
    });
  }

  static key(locale: string, path: string): string {
    return `${locale} ${path}`;
  }

  /** How many page reads are kept (the shared rows apart): what a flood of made-up addresses must not grow. */
  get size(): number {
    return this.entries.size;
  }

  /** The page's JSON, encoded, with its keys, when kept. */
  get(locale: string, path: string): KeptPage | undefined {
    return this.entries.get(PageCache.key(locale, path));
  }

  /** The generation to hand back to `set`: reads it before querying. */
  currentGeneration(): number {
    return this.entries.generation;
  }

  /** Keeps an anonymous read of a page that is not guarded (the caller checks), read since `generation` was taken. */
  set(locale: string, path: string, page: KeptPage, generation: number): void {
    if (this.revalidation.reliable()) this.entries.set(PageCache.key(locale, path), page, generation);
  }

  /** Where an address without a page leads, when kept. */
  getMove(address: string): PageMove | undefined {
    return this.moves.get(address);
  }

  /** The generation to hand back to `setMove`: reads it before looking the address up. */
  currentMoveGeneration(): number {
    return this.moves.generation;
  }

  /** Keeps where an address without a page leads, looked up since `generation` was taken. */
  setMove(address: string, move: PageMove, generation: number): void {
    if (this.revalidation.reliable()) this.moves.set(address, move, generation);
  }

  /**
   * The internal links of the layout's navigation sections to their pages' addresses, kept with the
   * layout: a purge of everything forgets them (a layout write, and any write that changes a page's address).
   */
  layoutLinks(read: () => Promise<[string, string][]>): Promise<readonly [string, string][]> {
    return this.keepShared(LINKS_KEY, read);
  }

  /**
   * The page settings: kept from one read to the next until a purge of everything (which a change
   * to any of them emits), while this instance hears the purges of the others.
   */
  pageSettings(read: () => Promise<readonly PageSettingRow[]>): Promise<readonly PageSettingRow[]> {
    return this.keepShared(SETTINGS_KEY, read);
  }

  /**
   * Every layout section in every locale, kept like the settings: a layout write emits a purge of
   * everything (LayoutService, and AffectedPagesService for what the layout places or lists). A
   * first visit then reads only its own page's sections, not the layout's too (ten rows of JSON,
   * a third of a content page's answer, read, parsed and walked again at every page). The rows
   * are frozen: every page read shares them.
   */
  layoutSections(read: () => Promise<Section[]>): Promise<readonly Section[]> {
    return this.keepShared(LAYOUT_KEY, async () => deepFreeze(await read()));
  }

  private async keepShared<T>(key: string, read: () => Promise<readonly T[]>): Promise<readonly T[]> {
    const kept = this.shared.get(key) as readonly T[] | undefined;
    if (kept) return kept;
    const generation = this.shared.generation;
    const rows = await read();
    if (this.revalidation.reliable()) this.shared.set(key, rows, generation);
    return rows;
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }
}
