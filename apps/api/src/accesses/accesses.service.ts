import type { AccessEntry } from '@cms/contracts';
import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { Role } from '../roles/role.entity';
import type { InputErrors } from '../common/http/input-errors';
import { Access } from './access.entity';
import { titleOfContentSql } from '../contents/content-sql';

type AccessOwner = { containerId: number } | { contentId: number };

/** A page a role opens: the container or content whose accesses name it. */
interface GuardedPage {
  containerId: number | null;
  contentId: number | null;
  title: string;
}

/** How an error message names pages: `container 3 "Members", content 7 "Notes"` (the first ten). */
export function describePages(pages: readonly GuardedPage[]): string {
  const named = pages.slice(0, 10).map((p) => (p.containerId !== null ? `container ${p.containerId}` : `content ${p.contentId}`) + ` "${p.title}"`);
  return named.join(', ') + (pages.length > 10 ? ` and ${pages.length - 10} more` : '');
}

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

  /**
   * The pages `roleId` opens that `unlessOpenedBy` does not open too (all of them without it).
   * One query; a role's accesses are what make a members-only page readable to it.
   */
  async pagesOpenedBy(manager: EntityManager, roleId: string, unlessOpenedBy?: string): Promise<GuardedPage[]> {
    const rows: GuardedPage[] = await manager.query(
      `SELECT a."containerId", a."contentId", COALESCE(c.title, ${titleOfContentSql('a."contentId"')}) AS title
       FROM "access" a
       LEFT JOIN "container" c ON c.id = a."containerId"
       WHERE a."roleId" = $1
         AND ($2::varchar IS NULL OR NOT EXISTS (
           SELECT 1 FROM "access" b
           WHERE b."roleId" = $2 AND b."containerId" IS NOT DISTINCT FROM a."containerId" AND b."contentId" IS NOT DISTINCT FROM a."contentId"))
       ORDER BY a."containerId" NULLS LAST, a."contentId"`,
      [roleId, unlessOpenedBy ?? null],
    );
    return rows;
  }

  async read(manager: EntityManager, owner: AccessOwner): Promise<AccessEntry[]> {
    const rows = await manager.getRepository(Access).find({ where: owner, order: { roleId: 'ASC' } });
    return rows.map((r) => ({ roleId: r.roleId }));
  }
}
