import { type AccessEntry, type Lang, type MetadataEntry, type SectionInput, SectionType } from '@cms/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AccessesService } from '../accesses/accesses.service';
import type { InputErrors } from '../common/http/input-errors';
import { MetadataService } from '../metadata/metadata.service';
import { SectionsService, type PreparedSection } from '../sections/sections.service';

/** Whose page the parts are: a container's or a content's. */
export type PageOwner = { kind: 'container' | 'content'; id: number };

/** The page parts a container or content write may carry; absent (or null) ones are kept as they are. */
export interface PagePartsInput {
  sections?: readonly SectionInput[] | null;
  metadata?: readonly MetadataEntry[] | null;
  accesses?: readonly AccessEntry[] | null;
}

/** What `check` prepared, for `write` in the same transaction. */
export interface CheckedPageParts {
  sections: PreparedSection[] | null;
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
  ) {}

  /** `noSections`: why this owner may have no sections of its own (a content whose container disables them). */
  async check(manager: EntityManager, input: PagePartsInput, errors: InputErrors, noSections?: string): Promise<CheckedPageParts> {
    let sections: PreparedSection[] | null = null;
    if (input.sections != null) {
      if (noSections && input.sections.length > 0) errors.add('sections', noSections);
      else sections = await this.sections.prepare(manager, input.sections, { allowedTypes: [SectionType.PAGE], path: 'sections' }, errors);
    }
    if (input.metadata != null) this.metadata.check(input.metadata, 'metadata', errors);
    if (input.accesses != null) await this.accesses.check(manager, input.accesses, 'accesses', errors);
    return { sections };
  }

  async write(manager: EntityManager, owner: PageOwner, lang: Lang, input: PagePartsInput, checked: CheckedPageParts): Promise<void> {
    const columns = owner.kind === 'container' ? { containerId: owner.id } : { contentId: owner.id };
    if (checked.sections) await this.sections.replace(manager, owner, lang, [SectionType.PAGE], checked.sections);
    if (input.metadata != null) await this.metadata.replace(manager, columns, lang, input.metadata);
    if (input.accesses != null) await this.accesses.replace(manager, columns, input.accesses);
  }
}
