import { type AccessEntry, type Lang, type MetadataEntry, type SectionInput, SectionType } from '@cms/contracts';
import { isSuperAdmin } from '@cms/rights';
import { ForbiddenException, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AccessesService } from '../accesses/accesses.service';
import { readableSql } from '../accesses/readable-sql';
import type { AuthContext } from '../common/auth/auth-context';
import type { InputErrors } from '../common/http/input-errors';
import { MetadataService } from '../metadata/metadata.service';
import { RolesService } from '../roles/roles.service';
import { SectionsService, type PreparedSection } from '../sections/sections.service';
import { containerOfContentSql } from '../contents/content-sql';

/** Whose page the parts are: a container's or a content's. */
type PageOwner = { kind: 'container' | 'content'; id: number };

/** The page parts a container or content write may carry; absent (or null) ones are kept as they are. */
interface PagePartsInput {
  sections?: readonly SectionInput[] | null;
  metadata?: readonly MetadataEntry[] | null;
  accesses?: readonly AccessEntry[] | null;
  /** Says that `accesses: []` is meant to take away the page's last access (it then turns public). */
  clearAccesses?: boolean | null;
}

function columnsOf(owner: PageOwner): { containerId: number } | { contentId: number } {
  return owner.kind === 'container' ? { containerId: owner.id } : { contentId: owner.id };
}

/** What `check` prepared, for `write` in the same transaction. */
interface CheckedPageParts {
  sections: PreparedSection[] | null;
  /** Who writes; set when the write changes which roles the page lists, so `write` checks they still read it. */
  accessesChangedBy: AuthContext | null;
}

/**
 * The write path of a page's sections, metadata and accesses, the same for both owners: check every
 * part into one list of errors (so a refused write names all of them), then replace the locale's
 * sections and metadata and the page's accesses. The owner's service runs both in its transaction
 * and purges the pages the write affects. Slugs have their own service (SlugsService.apply).
 */
@Injectable()
export class PagePartsService {
  constructor(
    private readonly sections: SectionsService,
    private readonly metadata: MetadataService,
    private readonly accesses: AccessesService,
    private readonly roles: RolesService,
  ) {}

  /**
   * `owner`: the page written (null while it is being created); `actor`: who writes.
   * `noSections`: why this owner may have no sections of its own (a content whose container disables them).
   */
  async check(
    manager: EntityManager,
    actor: AuthContext,
    owner: PageOwner | null,
    input: PagePartsInput,
    errors: InputErrors,
    noSections?: string,
  ): Promise<CheckedPageParts> {
    let sections: PreparedSection[] | null = null;
    if (input.sections != null) {
      if (noSections && input.sections.length > 0) errors.add('sections', noSections);
      else sections = await this.sections.prepare(manager, input.sections, { allowedTypes: [SectionType.PAGE], path: 'sections' }, errors);
    }
    if (input.metadata != null) this.metadata.check(input.metadata, 'metadata', errors);
    const accessesChangedBy = input.accesses != null ? await this.checkAccesses(manager, actor, owner, input, errors) : null;
    return { sections, accessesChangedBy };
  }

  /**
   * Which roles read a page is a privilege like a role: each role added or removed must be one
   * `actor` could give a user (RolesService.assertCanAssign, the users' ceiling), and taking the
   * last one away (the page turns public) must be said with `clearAccesses`.
   */
  private async checkAccesses(
    manager: EntityManager,
    actor: AuthContext,
    owner: PageOwner | null,
    input: PagePartsInput,
    errors: InputErrors,
  ): Promise<AuthContext | null> {
    const entries = input.accesses!;
    await this.accesses.check(manager, entries, 'accesses', errors);
    const before = owner ? (await this.accesses.read(manager, columnsOf(owner))).map((e) => e.roleId) : [];
    const after = new Set(entries.map((e) => e.roleId));
    const changed = [...[...after].filter((roleId) => !before.includes(roleId)), ...before.filter((roleId) => !after.has(roleId))];
    if (before.length > 0 && after.size === 0 && input.clearAccesses !== true) {
      const opens = owner?.kind === 'content' ? "to its container's readers (every visitor when the container has no accesses)" : 'to every visitor';
      errors.add('accesses', `removing the last access opens the page ${opens}: send "clearAccesses": true with "accesses": [] to mean it`);
    }
    // Unknown roles are already refused above; the ceiling is asked of the rest.
    if (!errors.empty || changed.length === 0) return changed.length ? actor : null;
    // Who reads a members-only page is decided by those who read it: else an editor would add
    // its own role to a page it cannot read, and could then hand out the roles that open it.
    if (owner && !(await this.reads(manager, actor, owner))) {
      throw new ForbiddenException(`Your role "${actor.role}" does not read this page: only those who read a members-only page may change who else does`);
    }
    for (const roleId of changed) {
      try {
        await this.roles.assertCanAssign(actor, roleId, manager);
      } catch (error) {
        if (error instanceof ForbiddenException) {
          throw new ForbiddenException(`You cannot add or remove the role "${roleId}" in the page's accesses: ${error.message}`);
        }
        throw error;
      }
    }
    return changed.length ? actor : null;
  }

  async write(manager: EntityManager, owner: PageOwner, lang: Lang, input: PagePartsInput, checked: CheckedPageParts): Promise<void> {
    const columns = columnsOf(owner);
    if (checked.sections) await this.sections.replace(manager, owner, lang, [SectionType.PAGE], checked.sections);
    if (input.metadata != null) await this.metadata.replace(manager, columns, lang, input.metadata);
    if (input.accesses != null) await this.accesses.replace(manager, columns, input.accesses);
    if (checked.accessesChangedBy) await this.assertStillReads(manager, checked.accessesChangedBy, owner);
  }

  /** Nobody locks themselves out of a page by its accesses: asked after the write. */
  private async assertStillReads(manager: EntityManager, actor: AuthContext, owner: PageOwner): Promise<void> {
    if (!(await this.reads(manager, actor, owner))) {
      throw new ForbiddenException(
        `With these accesses your role "${actor.role}" could no longer read the page: keep your role among them (or leave the accesses as they were)`,
      );
    }
  }

  /** Whether `actor` reads the page now, by the page guard's own rule (readableSql). */
  private async reads(manager: EntityManager, actor: AuthContext, owner: PageOwner): Promise<boolean> {
    if (isSuperAdmin(actor)) return true;
    const containerId = owner.kind === 'content' ? containerOfContentSql('$1::int') : '$1::int';
    const contentId = owner.kind === 'content' ? '$1::int' : 'NULL::int';
    const [row] = await manager.query(`SELECT ${readableSql({ contentId, containerId }, { role: '$2', superAdmin: '$3' })} AS readable`, [
      owner.id,
      actor.role,
      false,
    ]);
    return row?.readable === true;
  }
}
