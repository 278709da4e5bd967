import DataLoader from 'dataloader';

/** The most keys one statement reads; more wait for the next. */
const MAX_BATCH = 64;

/**
 * One statement for the reads of the same kind that concurrent requests ask for at once. Each
 * read waits, at most, for the I/O callbacks of the current event-loop turn (setImmediate): what
 * those requests want goes to PostgreSQL as one statement, on one connection, in one round trip.
 * On this kind of machine a round trip costs more CPU than the lookup it carries (the write to
 * the socket and PostgreSQL's wake-up), so under load this is what a read costs less by; alone,
 * a read waits microseconds. `readMany` answers, for each key in order, its value or undefined.
 * Nothing is cached: every read sees the database as it is when its statement runs.
 */
export function batchedReads<K, V>(readMany: (keys: readonly K[]) => Promise<(V | undefined)[]>): (key: K) => Promise<V | undefined> {
  const loader = new DataLoader<K, V | undefined>((keys) => readMany(keys), {
    cache: false,
    maxBatchSize: MAX_BATCH,
    batchScheduleFn: (run) => setImmediate(run),
  });
  return (key) => loader.load(key);
}

/** Rows that carry `n`, their key's 1-based position (WITH ORDINALITY), back in their keys' order. */
export function inKeyOrder<R extends { n: number }>(count: number, rows: readonly R[]): (R | undefined)[] {
  const ordered = new Array<R | undefined>(count).fill(undefined);
  for (const row of rows) ordered[row.n - 1] = row;
  return ordered;
}
