/**
 * Events every process of a scaled-out install must see (cache purges and invalidations), carried
 * by PostgreSQL NOTIFY on one channel. The API publishes them; API instances and standalone site
 * processes LISTEN.
 */
export const INSTANCE_EVENTS_CHANNEL = 'cms_instance_events';

/** The topic of public-page purges; its payload is a RevalidationEvent. */
export const REVALIDATE_TOPIC = 'revalidate';

/** What to purge from the public pages' caches: everything, or some paths in some locales. */
export type RevalidationEvent = { scope: 'all' } | { scope: 'paths'; paths: string[]; locales: string[] };

/** One NOTIFY payload, as JSON text. `origin` names the process that published it. */
export interface InstanceEventMessage<T = unknown> {
  origin: string;
  topic: string;
  payload: T;
}

/** A purge named in a NOTIFY payload, or null when the payload is not one (another topic, malformed). */
export function revalidationOf(text: string): RevalidationEvent | null {
  let message: Partial<InstanceEventMessage>;
  try {
    message = JSON.parse(text) as Partial<InstanceEventMessage>;
  } catch {
    return null;
  }
  if (message?.topic !== REVALIDATE_TOPIC || typeof message.payload !== 'object' || message.payload === null) return null;
  const event = message.payload as Partial<{ scope: string; paths: unknown; locales: unknown }>;
  if (event.scope === 'all') return { scope: 'all' };
  const strings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
  if (event.scope === 'paths' && strings(event.paths) && strings(event.locales)) return { scope: 'paths', paths: event.paths, locales: event.locales };
  return null;
}
