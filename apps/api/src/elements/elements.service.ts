import { Injectable, ConflictException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type QueryDeepPartialEntity } from 'typeorm';
import { choicesOf, type ChoiceDto } from '../common/http/choices';
import { listPage, type ListPage, type ListSpec, type RawListQuery, intFilter, textFilter, oneOfFilter, containsFilter } from '../common/http/list-query';
import { findOr404 } from '../common/http/find-or-404';
import { InputErrors } from '../common/http/input-errors';
import { SectionsService } from '../sections/sections.service';
import { AffectedPagesService } from '../slugs/affected-pages.service';
import type { CreateElementDto, ElementDto, UpdateElementDto } from './dto/element.dto';
import { Element } from './element.entity';
import { titleOfContentSql } from '../contents/content-sql';
import { updatedByNow, VersionsService, type Version, type VersionAction } from '../versions/versions.service';
import type { Dropped, VersionedRecords } from '../versions/versioned-records';
import { writeLeavingOut } from '../versions/leaving-out';

const ELEMENT_LIST: ListSpec<Element> = {
  resource: 'elements',
  sortable: { id: 'element.id', title: 'LOWER(element.title)', block: 'element.block', status: 'element.status', updatedAt: 'element.updatedAt' },
  defaultSort: ['title', 'ASC'],
  filters: {
    id: intFilter('element.id'),
    block: textFilter('element.block'),
    formId: intFilter('element.formId'),
    status: oneOfFilter('element.status', ['AVAILABLE', 'DISCONTINUED']),
    q: containsFilter('element.title'),
  },
};

function toDto(element: Element): ElementDto {
  return {
    id: element.id,
    title: element.title,
    block: element.block,
    formId: element.formId,
    content: element.content ?? {},
    status: element.status,
    updatedAt: element.updatedAt.toISOString(),
  };
}

/** Reusable blocks placed in sections by reference (block `element` + elementId). */
@Injectable()
export class ElementsService implements VersionedRecords {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sections: SectionsService,
    private readonly affected: AffectedPagesService,
    private readonly versions: VersionsService,
  ) {}

  /** Id and title of every element, for the pickers of screens that may not list them. */
  choices(): Promise<ChoiceDto[]> {
    return choicesOf(this.dataSource.manager, Element, 'title');
  }

  list(raw: RawListQuery): Promise<ListPage<ElementDto>> {
    return listPage(this.dataSource.getRepository(Element).createQueryBuilder('element'), raw, ELEMENT_LIST, 'element.id', (elements) => elements.map(toDto));
  }

  async get(id: number): Promise<ElementDto> {
    return toDto(await this.find(this.dataSource.manager, id));
  }

  private find(manager: EntityManager, id: number, lock = false): Promise<Element> {
    return findOr404(manager, Element, { id }, `No element ${id}`, lock);
  }

  async create(dto: CreateElementDto): Promise<ElementDto> {
    const id = await this.dataSource.transaction(async (manager) => {
      const errors = new InputErrors();
      const prepared = await this.sections.prepareElement(manager, { block: dto.block, content: dto.content, formId: dto.formId }, errors);
      errors.throwIfAny();
      const { identifiers } = await manager.getRepository(Element).insert({
        title: dto.title,
        block: prepared.block,
        content: prepared.content,
        formId: prepared.formId,
        status: dto.status,
        updatedBy: updatedByNow(),
      } as QueryDeepPartialEntity<Element>);
      const id = identifiers[0].id as number;
      await this.keepVersion(manager, id, 'create');
      return id;
    });
    return this.get(id);
  }

  async update(id: number, dto: UpdateElementDto, action: VersionAction = 'update'): Promise<ElementDto> {
    const affected = await this.dataSource.transaction(async (manager) => {
      const element = await this.find(manager, id, true);
      const errors = new InputErrors();
      const prepared = await this.sections.prepareElement(
        manager,
        { block: dto.block ?? element.block, content: dto.content ?? element.content, formId: dto.formId !== undefined ? dto.formId : element.formId },
        errors,
      );
      errors.throwIfAny();
      await manager.getRepository(Element).update({ id }, {
        title: dto.title ?? element.title,
        block: prepared.block,
        content: prepared.content,
        formId: prepared.formId,
        status: dto.status ?? element.status,
        updatedAt: new Date(),
        updatedBy: updatedByNow(),
      } as QueryDeepPartialEntity<Element>);
      await this.keepVersion(manager, id, action);
      return this.affected.collect(manager, { elementIds: [id] });
    });
    this.affected.emit(affected, 'all');
    return this.get(id);
  }

  /** Deletes an element no section places; otherwise 409 naming where it is placed. */
  async remove(id: number): Promise<ElementDto> {
    return this.dataSource.transaction(async (manager) => {
      const element = await this.find(manager, id, true);
      const uses: { type: string; lang: string; containerTitle: string | null; contentTitle: string | null }[] = await manager.query(
        `SELECT s.type, s.lang, c.title AS "containerTitle", ${titleOfContentSql('s."contentId"')} AS "contentTitle"
         FROM "section" s LEFT JOIN "container" c ON c.id = s."containerId"
         WHERE s."elementId" = $1 ORDER BY s.id LIMIT 11`,
        [id],
      );
      if (uses.length) {
        const places = uses
          .slice(0, 10)
          .map(
            (u) =>
              (u.containerTitle !== null
                ? `container "${u.containerTitle}"`
                : u.contentTitle !== null
                  ? `content "${u.contentTitle}"`
                  : `the layout (${u.type})`) + ` in ${u.lang}`,
          );
        throw new ConflictException(
          `The element "${element.title}" is placed in ${places.join(', ')}${uses.length > 10 ? ' and more' : ''}: take it out of those sections first`,
        );
      }
      await manager.getRepository(Element).delete({ id });
      await this.versions.forget(manager, 'elements', id);
      return toDto(element);
    });
  }

  /** Keeps a version of the element as it is now in `manager`'s transaction. */
  private async keepVersion(manager: EntityManager, id: number, action: VersionAction): Promise<void> {
    const { title, block, content, formId, status } = toDto(await this.find(manager, id));
    await this.versions.record(manager, { resource: 'elements', recordId: id, action, locales: [], state: { title, block, content, formId, status } });
  }

  async assertExists(id: number): Promise<void> {
    await this.find(this.dataSource.manager, id);
  }

  /** Writes the version's title, block, content, form and status back (what is refused now, a deleted form, is left as it is). */
  async restore(id: number, version: Version): Promise<Dropped> {
    const { title, block, content, formId, status } = version.state as UpdateElementDto;
    return writeLeavingOut({ title, block, content, formId, status } as UpdateElementDto, (body) => this.update(id, body, 'restore'));
  }
}
