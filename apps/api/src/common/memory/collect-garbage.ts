import * as v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Full garbage collections, now, each compacting V8's old generation in full. Start-up (Nest's
 * module graph, the demo site written through the API, the migrations) leaves some 25 MB of garbage
 * in V8's old generation, which V8's memory reducer collects only after 20–40 s of quiet: a server
 * that has just started would hold it through its first half-minute. Start-up runs two: the first
 * frees the objects; the second, once the first's sweeping is done, gives the emptied pages back to
 * the system (one alone left V8's heap at 94 MB of which 63 used; two, 77). A few hundred ms of
 * CPU, once. After a burst of requests one is enough (`reduceMemoryWhenIdle`). Issue 29,
 * docs/perf.md. `--expose-gc` adds `gc` only to contexts made after it is set: this one, made for
 * the purpose, has it; the server's own global scope does not.
 */
export function collectGarbage(times = 2): void {
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  // Each compacts the old generation in full: start-up leaves live objects scattered over pages
  // that are partly empty, which V8's own heuristics leave in place (they move only the emptiest).
  // A collection's setting only: the flag is off again before anything else runs.
  v8.setFlagsFromString('--compact-on-every-full-gc');
  try {
    for (let i = 0; i < times; i += 1) gc();
  } finally {
    v8.setFlagsFromString('--no-compact-on-every-full-gc');
  }
}
