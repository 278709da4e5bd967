import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import * as v8 from 'node:v8';
import { collectGarbage } from './collect-garbage';

export interface IdleMemoryReducerOptions {
  /** How long the server must have had no request in flight before it collects (ms). */
  quietMs: number;
  /** How much V8's old generation must have grown since the last collection (bytes). */
  minGrowthBytes: number;
  /** What collects (one full, compacting collection by default); replaced in tests. */
  collect?: () => void;
  /** Clock, replaced in tests. */
  now?: () => number;
}

export interface IdleMemoryReducer {
  /** Runs one check now (the timer calls it every half `quietMs`); true when it collected. */
  check(): boolean;
  stop(): void;
}

/** Bytes V8 holds live or as garbage outside the young generation (which scavenges keep small). */
export function oldGenerationUsed(): number {
  let used = 0;
  for (const space of v8.getHeapSpaceStatistics()) {
    if (space.space_name !== 'new_space' && space.space_name !== 'new_large_object_space') used += space.space_used_size;
  }
  return used;
}

/**
 * V8's memory reducer, for a server. V8 runs a full collection only once its old generation has
 * grown by at least 8 MB plus the young generation's capacity since the last one, and shrinks the
 * heap after some seconds of quiet only once such a collection has armed its reducer: a server
 * that served a burst of requests, then went quiet, kept the requests' garbage (10–15 MB of V8's
 * heap) until its next burst. This does what V8's reducer would: once no request has been in
 * flight for `quietMs` and the old generation has grown by `minGrowthBytes` since the last
 * collection, it collects (one compacting collection: about 170 ms, once per quiet spell that
 * follows such growth). Never while a request is served, and at most once per `minGrowthBytes` of
 * growth, about the pace at which V8 collects anyway under load. Issue 29, docs/perf.md.
 */
export function reduceMemoryWhenIdle(server: Server, options: IdleMemoryReducerOptions): IdleMemoryReducer {
  const now = options.now ?? Date.now;
  const collect = options.collect ?? (() => collectGarbage(1));
  let inFlight = 0;
  let lastActivity = now();
  let baseline = oldGenerationUsed();

  const onRequest = (_request: IncomingMessage, response: ServerResponse) => {
    inFlight += 1;
    lastActivity = now();
    response.once('close', () => {
      inFlight -= 1;
      lastActivity = now();
    });
  };
  server.on('request', onRequest);

  const check = (): boolean => {
    if (inFlight > 0 || now() - lastActivity < options.quietMs) return false;
    const used = oldGenerationUsed();
    // A collection V8 ran on its own since lowers the mark: growth counts from what it left.
    baseline = Math.min(baseline, used);
    if (used - baseline < options.minGrowthBytes) return false;
    collect();
    baseline = oldGenerationUsed();
    return true;
  };
  const timer = setInterval(check, Math.max(100, Math.floor(options.quietMs / 2)));
  timer.unref();

  return {
    check,
    stop() {
      clearInterval(timer);
      server.off('request', onRequest);
    },
  };
}
