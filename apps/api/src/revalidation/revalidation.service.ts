import { REVALIDATE_TOPIC, type RevalidationEvent } from '@cms/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { InstanceEventsService } from '../instance-events/instance-events.service';

export type { RevalidationEvent } from '@cms/contracts';

const TOPIC = REVALIDATE_TOPIC;
const ALL: RevalidationEvent = { scope: 'all' };

/**
 * The bus of cache purges. Writes that change what a public page shows emit here; page caches
 * (the API's page cache, the site's rendered pages) subscribe. Events reach every instance (see
 * InstanceEventsService); after the broadcast was interrupted, subscribers get "all".
 */
@Injectable()
export class RevalidationService {
  private readonly logger = new Logger(RevalidationService.name);
  private readonly emitted = new Set<(event: RevalidationEvent) => void>();

  constructor(private readonly events: InstanceEventsService) {}

  emit(event: RevalidationEvent): void {
    this.logger.log(event.scope === 'all' ? 'Revalidating every page' : `Revalidating ${event.paths.length} path(s)`);
    this.events.publish<RevalidationEvent>(TOPIC, event, ALL);
    for (const listener of this.emitted) listener(event);
  }

  /**
   * Events this instance emitted (its own writes), not those heard from the others: what must be
   * done once per write across every instance (a CDN purge) listens here.
   */
  onEmit(listener: (event: RevalidationEvent) => void): () => void {
    this.emitted.add(listener);
    return () => this.emitted.delete(listener);
  }

  /** Whether purges from every instance reach this one now: caches keep nothing while they may not. */
  reliable(): boolean {
    return this.events.reliable();
  }

  subscribe(listener: (event: RevalidationEvent) => void): () => void {
    const unsubscribe = this.events.subscribe<RevalidationEvent>(TOPIC, listener);
    const unsubscribeResync = this.events.onResync(() => listener(ALL));
    return () => {
      unsubscribe();
      unsubscribeResync();
    };
  }
}
