import { NotFoundException } from '@nestjs/common';
import type { EntityManager, EntityTarget, FindOptionsWhere, ObjectLiteral } from 'typeorm';

/**
 * The row of `entity` that `where` picks, locked FOR UPDATE until the transaction ends when `lock`
 * is set (for a read-then-write); a 404 saying `notFound` when there is none.
 */
export async function findOr404<E extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  where: FindOptionsWhere<E>,
  notFound: string,
  lock = false,
): Promise<E> {
  const row = await manager.getRepository(entity).findOne({ where, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  if (!row) throw new NotFoundException(notFound);
  return row;
}
