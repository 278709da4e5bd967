import { LAYOUT_SECTION_TYPES, type Lang } from '@cms/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { InputErrors } from '../common/http/input-errors';
import { sectionToDto, SectionsService } from '../sections/sections.service';
import { AffectedPagesService } from '../slugs/affected-pages.service';
import type { LayoutDto, LayoutRequestDto } from './dto/layout.dto';

/** The site layout: sections with no owner, of the four layout types, per locale. */
@Injectable()
export class LayoutService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sections: SectionsService,
    private readonly affected: AffectedPagesService,
  ) {}

  async get(lang: Lang, manager: EntityManager = this.dataSource.manager): Promise<LayoutDto> {
    const { sections, fallbackTypes } = await this.sections.read(manager, { kind: 'layout' }, lang, LAYOUT_SECTION_TYPES);
    return { locale: lang, sections: sections.map(sectionToDto), fallbackTypes };
  }

  /** Replaces the layout of the locale in one transaction; every page shows it, so every page is purged. */
  async replace(lang: Lang, dto: LayoutRequestDto): Promise<LayoutDto> {
    await this.dataSource.transaction(async (manager) => {
      const errors = new InputErrors();
      for (const [index, section] of dto.sections.entries())
        if (section.type === undefined) errors.add(`sections.${index}.type`, `is required in the layout: one of ${LAYOUT_SECTION_TYPES.join(', ')}`);
      const prepared = await this.sections.prepare(manager, dto.sections, { allowedTypes: LAYOUT_SECTION_TYPES, path: 'sections' }, errors);
      errors.throwIfAny();
      await this.sections.replace(manager, { kind: 'layout' }, lang, LAYOUT_SECTION_TYPES, prepared);
    });
    this.affected.emit('all', lang);
    return this.get(lang);
  }
}
