import { DEFAULT_LANG, LAYOUT_SECTION_TYPES, LANGS, type Lang } from '@cms/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { InputErrors } from '../common/http/input-errors';
import { sectionToDto, SectionsService } from '../sections/sections.service';
import { AffectedPagesService } from '../slugs/affected-pages.service';
import type { LayoutDto, LayoutRequestDto } from './dto/layout.dto';
import { VersionsService, type Version, type VersionAction } from '../versions/versions.service';
import type { Dropped } from '../versions/versioned-records';
import { leaveOutPagePart, writeLeavingOut } from '../versions/leaving-out';

/** The layout's record id among versions: there is one layout. */
export const LAYOUT_RECORD_ID = 0;

type LayoutState = { locales: Partial<Record<Lang, { sections: LayoutRequestDto['sections'] | null }>> };

/** The site layout: sections with no owner, of the four layout types, per locale. */
@Injectable()
export class LayoutService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sections: SectionsService,
    private readonly affected: AffectedPagesService,
    private readonly versions: VersionsService,
  ) {}

  async get(lang: Lang, manager: EntityManager = this.dataSource.manager): Promise<LayoutDto> {
    const { sections, fallbackTypes } = await this.sections.read(manager, { kind: 'layout' }, lang, LAYOUT_SECTION_TYPES);
    return { locale: lang, sections: sections.map(sectionToDto), fallbackTypes };
  }

  /** Replaces the layout of the locale in one transaction; every page shows it, so every page is purged. */
  async replace(lang: Lang, dto: LayoutRequestDto): Promise<LayoutDto> {
    await this.dataSource.transaction(async (manager) => {
      await this.write(manager, lang, dto);
      await this.keepVersion(manager, 'update', [lang]);
    });
    this.affected.emit('all', lang);
    return this.get(lang);
  }

  private async write(manager: EntityManager, lang: Lang, dto: LayoutRequestDto): Promise<void> {
    const errors = new InputErrors();
    for (const [index, section] of dto.sections.entries())
      if (section.type === undefined) errors.add(`sections.${index}.type`, `is required in the layout: one of ${LAYOUT_SECTION_TYPES.join(', ')}`);
    const prepared = await this.sections.prepare(manager, dto.sections, { allowedTypes: LAYOUT_SECTION_TYPES, path: 'sections' }, errors);
    errors.throwIfAny();
    await this.sections.replace(manager, { kind: 'layout' }, lang, LAYOUT_SECTION_TYPES, prepared);
  }

  /** Keeps a version of the layout as it is now in `manager`'s transaction: each locale's own sections (null: it shows en's). */
  private async keepVersion(manager: EntityManager, action: VersionAction, locales: Lang[]): Promise<void> {
    const state: LayoutState = { locales: {} };
    for (const lang of LANGS) {
      const { sections } = await this.sections.read(manager, { kind: 'layout' }, lang, LAYOUT_SECTION_TYPES);
      const own = sections.filter((section) => section.lang === lang).map(sectionToDto);
      state.locales[lang] = {
        sections: own.length > 0 || lang === DEFAULT_LANG ? own.map(({ id: _id, lang: _lang, ...kept }) => kept) : null,
      };
    }
    await this.versions.record(manager, { resource: 'layout', recordId: LAYOUT_RECORD_ID, action, locales, state });
  }

  /** Writes a version's sections back in every locale, in one transaction, as a new version: a section naming what is gone is left out. */
  async restore(version: Version): Promise<Dropped> {
    const { locales } = version.state as LayoutState;
    const dropped: Dropped = [];
    await this.dataSource.transaction(async (manager) => {
      for (const lang of LANGS) {
        const sections = [...(locales?.[lang]?.sections ?? [])];
        await manager.query('SAVEPOINT layout_locale');
        dropped.push(
          ...(await writeLeavingOut(
            { sections },
            async (body) => {
              try {
                await this.write(manager, lang, body);
                await manager.query('RELEASE SAVEPOINT layout_locale');
              } catch (error) {
                await manager.query('ROLLBACK TO SAVEPOINT layout_locale');
                await manager.query('SAVEPOINT layout_locale');
                throw error;
              }
            },
            { label: ` (${lang})`, leaveOut: leaveOutPagePart },
          )),
        );
      }
      await this.keepVersion(manager, 'restore', [...LANGS]);
    });
    this.affected.emit('all', 'all');
    return dropped;
  }
}
