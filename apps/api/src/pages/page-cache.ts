import type { PageResponse } from '@cms/contracts';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { RevalidationService } from '../revalidation/revalidation.service';

const MAX_ENTRIES = 5000;
/** A safety net: a write that forgot to emit cannot keep a page stale for longer. */
const TTL_MS = 5 * 60 * 1000;

/**
 * Page reads of pages that are not guarded, kept by (locale, path) until a revalidation event
 * names them. A read that started before a purge is not stored (the generation changed), so a
 * purge cannot be undone by a slow read of the old data.
 */
@Injectable()
export class PageCache implements OnModuleDestroy {
  private readonly entries = new Map<string, { page: PageResponse; storedAt: number }>();
  private generation = 0;
  private readonly unsubscribe: () => void;

  constructor(revalidation: RevalidationService) {
    this.unsubscribe = revalidation.subscribe((event) => {
      this.generation += 1;
      if (event.scope === 'all') {
        this.entries.clear();
        return;
      }
      for (const locale of event.locales) for (const path of event.paths) this.entries.delete(PageCache.key(locale, path));
    });
  }

  static key(locale: string, path: string): string {
    return `${locale} ${path}`;
  }

  get(locale: string, path: string): PageResponse | undefined {
    const key = PageCache.key(locale, path);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (Date.now() - entry.storedAt > TTL_MS) return undefined;
    this.entries.set(key, entry);
    return entry.page;
  }

  /** The generation to hand back to `set`: reads it before querying. */
  currentGeneration(): number {
    return this.generation;
  }

  set(locale: string, path: string, page: PageResponse, generation: number): void {
    if (generation !== this.generation || page.accesses.length > 0) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(PageCache.key(locale, path), { page, storedAt: Date.now() });
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }
}
