import {
  COLOR_PATTERN,
  DEFAULT_BACKGROUND_COLOR,
  DEFAULT_LANG,
  DEFAULT_PRIMARY_COLOR,
  FAVICON_SETTING_NAME,
  type KnownSettingName,
  type KnownSettings,
  LOGO_SETTING_NAME,
  PAGE_SETTING_NAMES,
  type PublicLogo,
  type PublicSettings,
} from '@cms/contracts';
import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import { listPage, type ListPage, type ListSpec, type RawListQuery, intFilter, textFilter, containsFilter } from '../common/http/list-query';
import { findOr404 } from '../common/http/find-or-404';
import { RevalidationService } from '../revalidation/revalidation.service';
import type { CreateSettingDto, SettingDto, UpdateSettingDto } from './dto/setting.dto';
import { checkSettingValue, isKnownSetting } from './setting-values';
import { Setting } from './setting.entity';
import { updatedByNow, VersionsService, type Version, type VersionAction } from '../versions/versions.service';
import type { Dropped, VersionedRecords } from '../versions/versioned-records';
import { writeLeavingOut } from '../versions/leaving-out';

const SETTING_LIST: ListSpec<Setting> = {
  resource: 'settings',
  sortable: { id: 'setting.id', name: 'setting.name', updatedAt: 'setting.updatedAt' },
  defaultSort: ['name', 'ASC'],
  filters: {
    id: intFilter('setting.id'),
    name: textFilter('setting.name'),
    q: containsFilter('setting.name'),
  },
};

function toDto(setting: Setting): SettingDto {
  return { id: setting.id, name: setting.name, value: setting.value, updatedAt: setting.updatedAt.toISOString() };
}

/**
 * Site-wide name/value pairs. Known names (KnownSettings in the contracts) are validated by type;
 * other names hold free, size-limited JSON. Writing a setting that public pages show purges them.
 */
@Injectable()
export class SettingsService implements VersionedRecords {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly revalidation: RevalidationService,
    private readonly versions: VersionsService,
  ) {}

  list(raw: RawListQuery): Promise<ListPage<SettingDto>> {
    return listPage(this.dataSource.getRepository(Setting).createQueryBuilder('setting'), raw, SETTING_LIST, 'setting.id', (rows) => rows.map(toDto));
  }

  async get(id: number): Promise<SettingDto> {
    return toDto(await this.find({ id }));
  }

  async getByName(name: string): Promise<SettingDto> {
    return toDto(await this.find({ name }));
  }

  async create(dto: CreateSettingDto): Promise<SettingDto> {
    const value = await this.checked(dto.name, dto.value);
    const saved = await this.dataSource.transaction(async (manager) => {
      await this.assertNameFree(manager, dto.name);
      const repo = manager.getRepository(Setting);
      const saved = await repo.save(repo.create({ name: dto.name, value, updatedBy: updatedByNow() }));
      await this.keepVersion(manager, saved, 'create');
      return saved;
    });
    this.changed(dto.name);
    return toDto(saved);
  }

  async update(id: number, dto: UpdateSettingDto, action: VersionAction = 'update'): Promise<SettingDto> {
    const { before, after } = await this.dataSource.transaction(async (manager) => {
      const setting = await this.find({ id }, manager, true);
      const name = dto.name ?? setting.name;
      const value = await this.checked(name, dto.value, manager);
      if (name !== setting.name) await this.assertNameFree(manager, name);
      // JSON null is a value (no image), not SQL NULL: written as jsonb like the other values.
      await manager.query(`UPDATE "setting" SET "name" = $2, "value" = $3::jsonb, "updatedAt" = now(), "updatedBy" = $4 WHERE id = $1`, [
        id,
        name,
        JSON.stringify(value),
        updatedByNow(),
      ]);
      const after = await this.find({ id }, manager);
      await this.keepVersion(manager, after, action);
      return { before: setting.name, after };
    });
    this.changed(before, after.name);
    return toDto(after);
  }

  /** Creates or replaces the setting of this name. */
  async put(name: string, rawValue: unknown): Promise<SettingDto> {
    const value = await this.checked(name, rawValue);
    await this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query(
        `INSERT INTO "setting" ("name", "value", "updatedBy") VALUES ($1, $2::jsonb, $3)
         ON CONFLICT ("name") DO UPDATE SET "value" = EXCLUDED."value", "updatedAt" = now(), "updatedBy" = EXCLUDED."updatedBy" RETURNING id`,
        [name, JSON.stringify(value), updatedByNow()],
      );
      await this.keepVersion(manager, await this.find({ id: row.id }, manager), 'update');
    });
    this.changed(name);
    return this.getByName(name);
  }

  async remove(id: number): Promise<SettingDto> {
    const removed = await this.dataSource.transaction(async (manager) => {
      const setting = await this.find({ id }, manager, true);
      await manager.getRepository(Setting).delete({ id });
      await this.versions.forget(manager, 'settings', id);
      return setting;
    });
    this.changed(removed.name);
    return toDto(removed);
  }

  /** The stored value of a known setting, or undefined when unset (or no longer valid). */
  async value<N extends KnownSettingName>(name: N, manager: EntityManager = this.dataSource.manager): Promise<KnownSettings[N] | undefined> {
    const row = await manager.getRepository(Setting).findOne({ where: { name } });
    if (!row) return undefined;
    try {
      return checkSettingValue(name, row.value) as KnownSettings[N];
    } catch {
      return undefined;
    }
  }

  /** What public pages show, with the spec's defaults where a setting is unset. */
  async publicSettings(): Promise<PublicSettings> {
    const names: string[] = ['siteName', 'defaultLocale', 'cookieConsentText', 'primaryColor', 'backgroundColor', LOGO_SETTING_NAME];
    const rows = await this.dataSource.getRepository(Setting).findBy({ name: In(names) });
    const logoId = rows.find((r) => r.name === LOGO_SETTING_NAME)?.value;
    const valueOf = <N extends KnownSettingName>(name: N): KnownSettings[N] | undefined => {
      const row = rows.find((r) => r.name === name);
      if (!row) return undefined;
      try {
        return checkSettingValue(name, row.value) as KnownSettings[N];
      } catch {
        return undefined;
      }
    };
    const color = (value: string | undefined, fallback: string) => (value && COLOR_PATTERN.test(value) ? value : fallback);
    return {
      siteName: valueOf('siteName') ?? {},
      defaultLocale: valueOf('defaultLocale') ?? DEFAULT_LANG,
      cookieConsentText: valueOf('cookieConsentText') ?? {},
      primaryColor: color(valueOf('primaryColor'), DEFAULT_PRIMARY_COLOR),
      backgroundColor: color(valueOf('backgroundColor'), DEFAULT_BACKGROUND_COLOR),
      logo: typeof logoId === 'number' && Number.isSafeInteger(logoId) ? await this.logo(logoId) : null,
    };
  }

  private async logo(mediaId: number): Promise<PublicLogo | null> {
    const rows: { uri: string; mimeType: string; width: number | null; height: number | null; alt: Record<string, string> | null }[] =
      await this.dataSource.query(`SELECT uri, "mimeType", width, height, alt FROM "media" WHERE id = $1 AND "mimeType" LIKE 'image/%'`, [mediaId]);
    const [media] = rows;
    return media ? { uri: media.uri, mimeType: media.mimeType, width: media.width, height: media.height, alt: media.alt ?? {} } : null;
  }

  /** checkSettingValue, and for the image settings, that the media exists and is an image. */
  private async checked(name: string, rawValue: unknown, manager: EntityManager = this.dataSource.manager): Promise<unknown> {
    const value = checkSettingValue(name, rawValue);
    if ((name === LOGO_SETTING_NAME || name === FAVICON_SETTING_NAME) && typeof value === 'number') {
      const rows: unknown[] = await manager.query(`SELECT 1 FROM "media" WHERE id = $1 AND "mimeType" LIKE 'image/%'`, [value]);
      if (rows.length === 0) {
        const reason = `must be the id of an image media: no image has the id ${value}`;
        throw new BadRequestException({ message: `The value of the setting "${name}" ${reason}`, errors: { value: [reason] } });
      }
    }
    return value;
  }

  private find(where: { id: number } | { name: string }, manager: EntityManager = this.dataSource.manager, lock = false): Promise<Setting> {
    return findOr404(manager, Setting, where, 'id' in where ? `No setting ${where.id}` : `No setting named "${where.name.slice(0, 100)}"`, lock);
  }

  private async assertNameFree(manager: EntityManager, name: string): Promise<void> {
    if (await manager.getRepository(Setting).exists({ where: { name } })) {
      throw new ConflictException(`A setting named "${name}" already exists: change it with PUT /api/settings/by-name/${name}`);
    }
  }

  private changed(...names: string[]): void {
    if (names.some((name) => isKnownSetting(name) && PAGE_SETTING_NAMES.includes(name))) this.revalidation.emit({ scope: 'all' });
  }

  /** Keeps a version of a setting as it is now in `manager`'s transaction: its name and value. */
  private async keepVersion(manager: EntityManager, setting: Setting, action: VersionAction): Promise<void> {
    await this.versions.record(manager, {
      resource: 'settings',
      recordId: setting.id,
      action,
      locales: [],
      state: { name: setting.name, value: setting.value },
    });
  }

  async assertExists(id: number): Promise<void> {
    await this.find({ id });
  }

  /** Writes the version's name and value back, checked as a PUT is (a value that no longer passes its rules is a 400). */
  async restore(id: number, version: Version): Promise<Dropped> {
    const { name, value } = version.state as { name: string; value: unknown };
    return writeLeavingOut({ name, value } as UpdateSettingDto, (body) => this.update(id, body, 'restore'));
  }
}
