import type { AccessEntry } from '@cms/contracts';
import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { Role } from '../roles/role.entity';
import type { InputErrors } from '../sections/input-errors';
import { Access } from './access.entity';

export type AccessOwner = { containerId: number } | { contentId: number };

/** The roles that may read a container's or a content's page; a page with any is guarded. */
@Injectable()
export class AccessesService {
  /** Roles must exist; the same role twice is refused. One query. */
  async check(manager: EntityManager, entries: readonly AccessEntry[], path: string, errors: InputErrors): Promise<void> {
    const ids = [...new Set(entries.map((e) => e.roleId))];
    if (ids.length !== entries.length) errors.add(path, 'names a role twice');
    if (ids.length === 0) return;
    const found = new Set((await manager.getRepository(Role).find({ select: { id: true }, where: { id: In(ids) } })).map((r) => r.id));
    entries.forEach((entry, index) => {
      if (!found.has(entry.roleId)) errors.add(`${path}.${index}.roleId`, `role "${entry.roleId}" does not exist`);
    });
  }

  async replace(manager: EntityManager, owner: AccessOwner, entries: readonly AccessEntry[]): Promise<void> {
    await manager.getRepository(Access).delete(owner);
    if (entries.length) await manager.getRepository(Access).insert(entries.map((e) => ({ ...owner, roleId: e.roleId })));
  }

  async read(manager: EntityManager, owner: AccessOwner): Promise<AccessEntry[]> {
    const rows = await manager.getRepository(Access).find({ where: owner, order: { roleId: 'ASC' } });
    return rows.map((r) => ({ roleId: r.roleId }));
  }
}
