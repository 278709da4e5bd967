import type { DataSource, EntityManager } from 'typeorm';

/**
 * Whether `apply` changes what `show` answers: both run inside a savepoint that is always rolled
 * back, so nothing `apply` writes is kept, and a refusal it throws (a 400, a 409, a database error)
 * comes out with the transaction still usable. How a draft is checked, and compared with what is
 * live, before it is saved.
 */
export async function changesWhatItShows(
  manager: EntityManager,
  show: () => Promise<unknown>,
  apply: () => Promise<unknown>,
  /** Reads what else is wanted of the applied state (a version of it), before it is rolled back. */
  whileApplied?: () => Promise<void>,
): Promise<boolean> {
  await manager.query('SAVEPOINT tried');
  try {
    const before = JSON.stringify(await show());
    await apply();
    const differs = JSON.stringify(await show()) !== before;
    await whileApplied?.();
    return differs;
  } finally {
    await manager.query('ROLLBACK TO SAVEPOINT tried');
  }
}

/** Thrown to roll a transaction back once it has read what it wanted (inRolledBackTransaction). */
const ROLLED_BACK = Symbol('rolled back');

/**
 * What `work` answers inside a transaction that is then rolled back, whatever it wrote: how a draft
 * is shown (applied to the live rows, read by the live statements, and never seen by anyone else).
 */
export async function inRolledBackTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  let result: T | undefined;
  try {
    await dataSource.transaction(async (manager) => {
      result = await work(manager);
      throw ROLLED_BACK;
    });
  } catch (error) {
    if (error !== ROLLED_BACK) throw error;
  }
  return result as T;
}
