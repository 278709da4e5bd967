import {
  BLOCKS,
  BLOCK_NAMES,
  DEFAULT_LANG,
  inLocale,
  isBlockName,
  SectionType,
  type BlockDefinition,
  type BlockReference,
  type Lang,
  type SectionDto,
  type SectionInput,
} from '@cms/contracts';
import { Injectable } from '@nestjs/common';
import { Brackets, In, type EntityManager, type QueryDeepPartialEntity } from 'typeorm';
import { checkBlockContent, type BlockReferences } from './block-content';
import type { InputErrors } from '../common/http/input-errors';
import { Section } from './section.entity';

/** Whose sections: a container's or a content's page (PAGE), or the site layout (no owner). */
type SectionOwner = { kind: 'container'; id: number } | { kind: 'content'; id: number } | { kind: 'layout' };

/** A section checked and ready to store (its owner, locale and position are set on replace). */
export interface PreparedSection {
  type: SectionType;
  block: string;
  content: Record<string, unknown>;
  formId: number | null;
  elementId: number | null;
  containerContentId: number | null;
}

interface PrepareOptions {
  /** The types the owner may have (PAGE for pages, the four layout types for the layout). */
  allowedTypes: readonly SectionType[];
  /** Where the list sits in the payload, for error paths (`sections`). */
  path: string;
  /** Elements are blocks too, but cannot place another element or list contents. */
  forElement?: boolean;
}

const REFERENCES: readonly BlockReference[] = ['formId', 'elementId', 'containerContentId'];
const MAX_SECTIONS = 200;

export function sectionToDto(section: Section): SectionDto {
  return {
    id: section.id,
    type: section.type,
    block: section.block,
    position: section.position,
    lang: section.lang,
    content: section.content ?? {},
    formId: section.formId,
    elementId: section.elementId,
    containerContentId: section.containerContentId,
  };
}

function ownerColumns(owner: SectionOwner): { containerId: number | null; contentId: number | null } {
  return { containerId: owner.kind === 'container' ? owner.id : null, contentId: owner.kind === 'content' ? owner.id : null };
}

type WantedKind = BlockReference | 'mediaId';
const WANTED_NAMES: Record<WantedKind, string> = { formId: 'form', elementId: 'element', containerContentId: 'container', mediaId: 'media' };

/** Ids that sections name, checked to exist in one query. */
class Wanted {
  private readonly paths = new Map<WantedKind, Map<number, string[]>>();

  add(kind: WantedKind, id: number, path: string): void {
    let byId = this.paths.get(kind);
    if (!byId) this.paths.set(kind, (byId = new Map()));
    byId.set(id, [...(byId.get(id) ?? []), path]);
  }

  async check(manager: EntityManager, errors: InputErrors): Promise<void> {
    if (this.paths.size === 0) return;
    const ids = (kind: WantedKind) => [...(this.paths.get(kind)?.keys() ?? [])];
    const rows: { kind: WantedKind; id: number }[] = await manager.query(
      `SELECT 'formId' AS kind, id FROM "form" WHERE id = ANY($1::int[])
       UNION ALL SELECT 'elementId', id FROM "element" WHERE id = ANY($2::int[])
       UNION ALL SELECT 'containerContentId', id FROM "container" WHERE id = ANY($3::int[])
       UNION ALL SELECT 'mediaId', id FROM "media" WHERE id = ANY($4::int[])`,
      [ids('formId'), ids('elementId'), ids('containerContentId'), ids('mediaId')],
    );
    const found = new Set(rows.map((r) => `${r.kind}:${r.id}`));
    for (const [kind, byId] of this.paths) {
      for (const [id, paths] of byId) if (!found.has(`${kind}:${id}`)) for (const path of paths) errors.add(path, `${WANTED_NAMES[kind]} ${id} does not exist`);
    }
  }
}

/**
 * Sections of pages and of the layout: checked against the block registry of @cms/contracts
 * (content schema, the one reference column each block needs, references that exist), and
 * replaced per owner and locale inside the owner's transaction.
 */
@Injectable()
export class SectionsService {
  /**
   * Checks sections as a payload gives them; every problem goes to `errors` under
   * `<path>.<index>...`. Existence of the forms, elements, containers and media they name is
   * checked in one query.
   */
  async prepare(manager: EntityManager, inputs: readonly SectionInput[], options: PrepareOptions, errors: InputErrors): Promise<PreparedSection[]> {
    if (inputs.length > MAX_SECTIONS) {
      errors.add(options.path, `must have at most ${MAX_SECTIONS} sections`);
      return [];
    }
    const wanted = new Wanted();
    const prepared = inputs.map((input, index) => this.prepareOne(input, `${options.path}.${index}`, options, errors, wanted));
    await wanted.check(manager, errors);
    return prepared;
  }

  /** Checks a reusable element as a block (paths `block`, `content...`, `formId`). */
  async prepareElement(manager: EntityManager, input: Pick<SectionInput, 'block' | 'content' | 'formId'>, errors: InputErrors): Promise<PreparedSection> {
    const wanted = new Wanted();
    const prepared = this.prepareOne(
      { ...input, type: SectionType.PAGE },
      '',
      { allowedTypes: [SectionType.PAGE], path: '', forElement: true },
      errors,
      wanted,
    );
    await wanted.check(manager, errors);
    return prepared;
  }

  private prepareOne(input: SectionInput, path: string, options: PrepareOptions, errors: InputErrors, wanted: Wanted): PreparedSection {
    const at = (key: string) => (path ? `${path}.${key}` : key);
    const type = input.type ?? options.allowedTypes[0];
    if (!options.allowedTypes.includes(type)) errors.add(at('type'), `must be one of ${options.allowedTypes.join(', ')}`);
    const section: PreparedSection = { type, block: input.block, content: {}, formId: null, elementId: null, containerContentId: null };
    if (!isBlockName(input.block)) {
      errors.add(at('block'), `is not a known block: use one of ${BLOCK_NAMES.join(', ')}`);
      return section;
    }
    const definition: BlockDefinition = BLOCKS[input.block];
    if (options.forElement && !definition.reusable) errors.add(at('block'), `an element cannot be a "${input.block}" block`);
    for (const reference of REFERENCES) {
      const id = input[reference] ?? null;
      if (reference === definition.reference) {
        if (id === null) errors.add(at(reference), `is required by the "${input.block}" block`);
        else {
          section[reference] = id;
          wanted.add(reference, id, at(reference));
        }
      } else if (id !== null) {
        errors.add(at(reference), `is not used by the "${input.block}" block`);
      }
    }
    const refs: BlockReferences = { mediaIds: [] };
    section.content = checkBlockContent(definition, input.content, at('content'), errors, refs);
    for (const mediaId of refs.mediaIds) wanted.add('mediaId', mediaId, at('content'));
    return section;
  }

  /** Replaces the owner's sections of these types in the locale by `sections`, in their order. */
  async replace(manager: EntityManager, owner: SectionOwner, lang: Lang, types: readonly SectionType[], sections: readonly PreparedSection[]): Promise<void> {
    const columns = ownerColumns(owner);
    const qb = manager
      .createQueryBuilder()
      .delete()
      .from(Section)
      .where({ lang, type: In([...types]) });
    qb.andWhere(columns.containerId === null ? '"containerId" IS NULL' : '"containerId" = :containerId', { containerId: columns.containerId });
    qb.andWhere(columns.contentId === null ? '"contentId" IS NULL' : '"contentId" = :contentId', { contentId: columns.contentId });
    await qb.execute();
    if (sections.length === 0) return;
    const positions = new Map<SectionType, number>();
    await manager.getRepository(Section).insert(
      sections.map((section) => {
        const position = positions.get(section.type) ?? 0;
        positions.set(section.type, position + 1);
        return { ...section, ...columns, lang, position };
      }) as QueryDeepPartialEntity<Section>[],
    );
  }

  /**
   * The owner's sections in the locale, falling back to en's when the locale has none. For the
   * layout the fallback is per type (a locale may have its own header and en's footer).
   */
  async read(
    manager: EntityManager,
    owner: SectionOwner,
    lang: Lang,
    types: readonly SectionType[],
  ): Promise<{ sections: Section[]; fallbackTypes: SectionType[] }> {
    const columns = ownerColumns(owner);
    const qb = manager
      .getRepository(Section)
      .createQueryBuilder('s')
      .where({ lang: In([...new Set([lang, DEFAULT_LANG])]), type: In([...types]) })
      .andWhere(
        new Brackets((w) => {
          w.where(columns.containerId === null ? 's.containerId IS NULL' : 's.containerId = :containerId', { containerId: columns.containerId });
          w.andWhere(columns.contentId === null ? 's.contentId IS NULL' : 's.contentId = :contentId', { contentId: columns.contentId });
        }),
      )
      .orderBy('s.position', 'ASC')
      .addOrderBy('s.id', 'ASC');
    return pickLocale(await qb.getMany(), lang, types);
  }
}

/** Per type, the locale's sections if it has any, else en's; types in the order given. */
export function pickLocale(rows: readonly Section[], lang: Lang, types: readonly SectionType[]): { sections: Section[]; fallbackTypes: SectionType[] } {
  const sections: Section[] = [];
  const fallbackTypes: SectionType[] = [];
  for (const type of types) {
    const chosen = inLocale(
      rows.filter((r) => r.type === type),
      lang,
    );
    if (chosen.fellBack) fallbackTypes.push(type);
    sections.push(...chosen.rows);
  }
  return { sections, fallbackTypes };
}
