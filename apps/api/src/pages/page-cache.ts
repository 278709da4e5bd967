import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { KeptValues } from '../common/cache/kept-values';
import { RevalidationService } from '../revalidation/revalidation.service';

const MAX_ENTRIES = 5000;
/** A safety net: a write that forgot to emit cannot keep a page stale for longer. */
const TTL_MS = 5 * 60 * 1000;
const SETTINGS_KEY = 'page-settings';

export interface PageSettingRow {
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
  private readonly entries = new KeptValues<Buffer>({ max: MAX_ENTRIES, ttlMs: TTL_MS });
  /** The setting rows every page read needs (theme, option lists): changing one purges everything. */
  private readonly settings = new KeptValues<readonly PageSettingRow[]>({ max: 1, ttlMs: TTL_MS });
  private readonly unsubscribe: () => void;

  constructor(private readonly revalidation: RevalidationService) {
    this.unsubscribe = revalidation.subscribe((event) => {
      if (event.scope === 'all') {
        this.settings.clear();
        return this.entries.clear();
      }
      for (const locale of event.locales) for (const path of event.paths) this.entries.purge(PageCache.key(locale, path));
    });
  }

  static key(locale: string, path: string): string {
    return `${locale} ${path}`;
  }

  /** The page's JSON, encoded, when kept. */
  get(locale: string, path: string): Buffer | undefined {
    return this.entries.get(PageCache.key(locale, path));
  }

  /** The generation to hand back to `set`: reads it before querying. */
  currentGeneration(): number {
    return this.entries.generation;
  }

  /** Keeps an anonymous read of a page that is not guarded (the caller checks), read since `generation` was taken. */
  set(locale: string, path: string, body: Buffer, generation: number): void {
    if (this.revalidation.reliable()) this.entries.set(PageCache.key(locale, path), body, generation);
  }

  /**
   * The page settings: kept from one read to the next until a purge of everything (which a change
   * to any of them emits), while this instance hears the purges of the others.
   */
  async pageSettings(read: () => Promise<readonly PageSettingRow[]>): Promise<readonly PageSettingRow[]> {
    const kept = this.settings.get(SETTINGS_KEY);
    if (kept) return kept;
    const generation = this.settings.generation;
    const rows = await read();
    if (this.revalidation.reliable()) this.settings.set(SETTINGS_KEY, rows, generation);
    return rows;
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }
}
