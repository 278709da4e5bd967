import type { EntityManager } from 'typeorm';

/**
 * Whether `apply` changes what `show` answers: both run inside a savepoint that is always rolled
 * back, so nothing `apply` writes is kept, and a refusal it throws (a 400, a 409, a database error)
 * comes out with the transaction still usable. How a draft is checked, and compared with what is
 * live, before it is saved.
 */
export async function changesWhatItShows(manager: EntityManager, show: () => Promise<unknown>, apply: () => Promise<unknown>): Promise<boolean> {
  await manager.query('SAVEPOINT tried');
  try {
    const before = JSON.stringify(await show());
    await apply();
    return JSON.stringify(await show()) !== before;
  } finally {
    await manager.query('ROLLBACK TO SAVEPOINT tried');
  }
}
