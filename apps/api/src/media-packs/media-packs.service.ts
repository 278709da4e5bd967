import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { applyFilters, applySortAndRange, parseListQuery, type ListSpec, type RawListQuery, intFilter, containsFilter } from '../common/http/list-query';
import { findOr404 } from '../common/http/find-or-404';
import { Media } from '../medias/media.entity';
import type { CreateMediaPackDto, MediaPackDetailDto, MediaPackDto, UpdateMediaPackDto } from './dto/media-pack.dto';
import { MediaPack } from './media-pack.entity';

/** The count of each pack's media comes from one grouped join, in the same query as the page. */
const MEDIA_COUNT = 'COALESCE(counts.n, 0)';

const MEDIA_PACK_LIST: ListSpec<MediaPack> = {
  resource: 'media-packs',
  sortable: { id: 'pack.id', name: 'LOWER(pack.name)', createdAt: 'pack.createdAt', updatedAt: 'pack.updatedAt', mediaCount: MEDIA_COUNT },
  defaultSort: ['name', 'ASC'],
  filters: {
    id: intFilter('pack.id'),
    q: containsFilter('pack.name'),
  },
};

function toDto(pack: MediaPack, mediaCount: number): MediaPackDto {
  return { id: pack.id, name: pack.name, mediaCount, createdAt: pack.createdAt.toISOString(), updatedAt: pack.updatedAt.toISOString() };
}

@Injectable()
export class MediaPacksService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private withCounts(qb: SelectQueryBuilder<MediaPack>): SelectQueryBuilder<MediaPack> {
    return qb
      .leftJoin(
        (sub) => sub.select('m.packId', 'packId').addSelect('COUNT(*)::int', 'n').from(Media, 'm').where('m.packId IS NOT NULL').groupBy('m.packId'),
        'counts',
        'counts."packId" = pack.id',
      )
      .addSelect(MEDIA_COUNT, 'mediaCount');
  }

  async list(raw: RawListQuery): Promise<{ items: MediaPackDto[]; total: number; start: number }> {
    const query = parseListQuery(raw, MEDIA_PACK_LIST);
    const base = applyFilters(this.dataSource.getRepository(MediaPack).createQueryBuilder('pack'), query, MEDIA_PACK_LIST);
    const total = await base.clone().getCount();
    const { entities, raw: rows } = await applySortAndRange(this.withCounts(base), query, 'pack.id').getRawAndEntities<{
      pack_id: number;
      mediaCount: number;
    }>();
    const counts = new Map(rows.map((row) => [row.pack_id, Number(row.mediaCount)]));
    return { items: entities.map((pack) => toDto(pack, counts.get(pack.id) ?? 0)), total, start: query.range.start };
  }

  async get(id: number, manager: EntityManager = this.dataSource.manager): Promise<MediaPackDetailDto> {
    const pack = await findOr404(manager, MediaPack, { id }, `No media pack ${id}`);
    const media = await manager.getRepository(Media).find({ select: { id: true }, where: { packId: id }, order: { id: 'ASC' } });
    return { ...toDto(pack, media.length), mediaIds: media.map((m) => m.id) };
  }

  async create(dto: CreateMediaPackDto): Promise<MediaPackDetailDto> {
    return this.dataSource.transaction(async (manager) => {
      const pack = await manager.getRepository(MediaPack).save(manager.getRepository(MediaPack).create({ name: dto.name.trim() }));
      if (dto.mediaIds?.length) await this.setMedia(manager, pack.id, dto.mediaIds);
      return this.get(pack.id, manager);
    });
  }

  async update(id: number, dto: UpdateMediaPackDto): Promise<MediaPackDetailDto> {
    return this.dataSource.transaction(async (manager) => {
      const pack = await findOr404(manager, MediaPack, { id }, `No media pack ${id}`, true);
      if (dto.mediaIds !== undefined) await this.setMedia(manager, id, dto.mediaIds);
      // Always touch the row, so updatedAt moves when only the media change.
      await manager.getRepository(MediaPack).update({ id }, { name: dto.name?.trim() ?? pack.name, updatedAt: new Date() });
      return this.get(id, manager);
    });
  }

  async remove(id: number): Promise<MediaPackDetailDto> {
    return this.dataSource.transaction(async (manager) => {
      const pack = await this.get(id, manager);
      // Its media stay, unpacked (media.packId is ON DELETE SET NULL).
      await manager.getRepository(MediaPack).delete({ id });
      return pack;
    });
  }

  /** Makes `mediaIds` the pack's media: they move in (from any other pack), the others move out. */
  private async setMedia(manager: EntityManager, packId: number, mediaIds: number[]): Promise<void> {
    const repository = manager.getRepository(Media);
    if (mediaIds.length) {
      const found = await repository.find({ select: { id: true }, where: { id: In(mediaIds) } });
      if (found.length !== mediaIds.length) {
        const known = new Set(found.map((m) => m.id));
        const missing = mediaIds.filter((mediaId) => !known.has(mediaId));
        throw new BadRequestException({
          message: `No media ${missing.slice(0, 20).join(', ')}`,
          errors: { mediaIds: [`unknown ids: ${missing.slice(0, 20).join(', ')}`] },
        });
      }
    }
    const leaving = repository.createQueryBuilder().update(Media).set({ packId: null }).where('packId = :packId', { packId });
    if (mediaIds.length) leaving.andWhere('id NOT IN (:...mediaIds)', { mediaIds });
    await leaving.execute();
    if (mediaIds.length) await repository.update({ id: In(mediaIds) }, { packId });
  }
}
