import { mediaUrl } from '@cms/contracts';
import { BadRequestException, ConflictException, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { DataSource, type EntityManager } from 'typeorm';
import { listPage, type ListPage, type ListSpec, type RawListQuery, escapeLike, intFilter, containsFilter } from '../common/http/list-query';
import { findOr404 } from '../common/http/find-or-404';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { MediaPack } from '../media-packs/media-pack.entity';
import { RevalidationService } from '../revalidation/revalidation.service';
import { ScratchSpace } from '../storage/scratch-space';
import { STORAGE, type StorageDriver } from '../storage/storage-driver';
import type { MediaDto, MediaUploadLimitsDto, UpdateMediaDto } from './dto/media.dto';
import { ImageBudget } from './image-budget';
import { normalizeAlt, parseUploadFields } from './media-fields';
import { prepareIcon, prepareRaster, prepareSvg, sniffMediaType, type PreparedMedia } from './media-processing';
import { MEDIA_TYPES, variantPrefix } from './media-types';
import { findMediaUsages } from './media-usage';
import { Media } from './media.entity';
import { receiveUpload } from './multipart-upload';
import { WebhookEventsService } from '../webhooks/webhook-events.service';

const MEDIA_LIST: ListSpec<Media> = {
  resource: 'medias',
  sortable: {
    id: 'media.id',
    name: 'LOWER(media.name)',
    mimeType: 'media.mimeType',
    size: 'media.size',
    uploadTime: 'media.uploadTime',
    packId: 'media.packId',
  },
  defaultSort: ['uploadTime', 'DESC'],
  filters: {
    id: intFilter('media.id'),
    packId: intFilter('media.packId'),
    mimeType: {
      kind: { type: 'string' },
      apply: (qb, value, param) => {
        const prefixes = (Array.isArray(value) ? value : [value]).map((v) => `${escapeLike(String(v).toLowerCase())}%`);
        qb.andWhere(`media.mimeType LIKE ANY(ARRAY[:...${param}])`, { [param]: prefixes });
      },
    },
    q: containsFilter('media.name'),
  },
};

function toMediaDto(media: Media): MediaDto {
  return {
    id: media.id,
    uri: media.uri,
    url: mediaUrl(media.uri),
    mimeType: media.mimeType,
    name: media.name,
    size: media.size,
    alt: media.alt ?? {},
    packId: media.packId,
    uploadTime: media.uploadTime.toISOString(),
    width: media.width,
    height: media.height,
  };
}

/**
 * Media: the upload pipeline (stream to scratch, sniff, check or re-encode, store, then the row)
 * and the records. A failed upload leaves neither a row nor a stored file.
 */
@Injectable()
export class MediasService {
  private readonly logger = new Logger(MediasService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STORAGE) private readonly storage: StorageDriver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly scratch: ScratchSpace,
    private readonly budget: ImageBudget,
    private readonly revalidation: RevalidationService,
    private readonly webhooks: WebhookEventsService,
  ) {}

  list(raw: RawListQuery): Promise<ListPage<MediaDto>> {
    return listPage(this.dataSource.getRepository(Media).createQueryBuilder('media'), raw, MEDIA_LIST, 'media.id', (medias) => medias.map(toMediaDto));
  }

  async get(id: number): Promise<MediaDto> {
    return toMediaDto(await this.find(id));
  }

  private find(id: number, manager: EntityManager = this.dataSource.manager, lock = false): Promise<Media> {
    return findOr404(manager, Media, { id }, `No media ${id}`, lock);
  }

  limits(): MediaUploadLimitsDto {
    return { maxBytes: this.config.uploadMaxMb * 1024 * 1024, types: MEDIA_TYPES.map(({ mime, ext, label }) => ({ mime, ext, label })) };
  }

  async upload(request: IncomingMessage): Promise<MediaDto> {
    const received = await receiveUpload(request, {
      maxBytes: this.config.uploadMaxMb * 1024 * 1024,
      tmpDir: this.scratch.dir,
      fileField: 'file',
    });
    const output = `${received.tempPath}.out`;
    try {
      const fields = parseUploadFields(received.fields, received.filename);
      if (received.size === 0) throw new BadRequestException('The file is empty');
      if (fields.packId !== null) await this.assertPackExists(fields.packId);
      const type = await sniffMediaType(received.tempPath);
      let prepared: PreparedMedia;
      switch (type.kind) {
        case 'raster':
          prepared = await prepareRaster(received.tempPath, output, type, this.config.uploadMaxPixels, this.budget);
          break;
        case 'svg':
          prepared = await prepareSvg(received.tempPath, output, received.size);
          break;
        case 'icon':
          prepared = await prepareIcon(received.tempPath, received.size);
          break;
        case 'file':
          prepared = { path: received.tempPath, size: received.size, width: null, height: null };
          break;
      }
      const uri = `${randomBytes(16).toString('hex')}.${type.ext}`;
      await this.storage.put(uri, createReadStream(prepared.path), { contentType: type.mime, size: prepared.size });
      try {
        const media = await this.dataSource.transaction(async (manager) => {
          const repository = manager.getRepository(Media);
          const saved = await repository.save(
            repository.create({
              uri,
              mimeType: type.mime,
              name: fields.name,
              size: prepared.size,
              alt: fields.alt,
              packId: fields.packId,
              width: prepared.width,
              height: prepared.height,
            }),
          );
          await this.webhooks.emit(manager, [{ event: 'media.created', recordType: 'media', recordId: saved.id }]);
          return saved;
        });
        return toMediaDto(media);
      } catch (error) {
        await this.storage.delete(uri).catch((e: Error) => this.logger.warn(`Could not remove ${uri} after a failed insert: ${e.message}`));
        throw error;
      }
    } finally {
      await this.scratch.remove(received.tempPath, output);
    }
  }

  async update(id: number, dto: UpdateMediaDto): Promise<MediaDto> {
    const { media, used } = await this.dataSource.transaction(async (manager) => {
      const current = await this.find(id, manager, true);
      if (dto.packId !== undefined && dto.packId !== null) await this.assertPackExists(dto.packId, manager);
      const changes: Partial<Media> = {};
      if (dto.name !== undefined && dto.name !== null) changes.name = dto.name.trim();
      if (dto.alt !== undefined && dto.alt !== null) changes.alt = normalizeAlt(dto.alt);
      if (dto.packId !== undefined) changes.packId = dto.packId;
      if (Object.keys(changes).length) await manager.getRepository(Media).update({ id }, changes);
      const textChanged = (changes.name !== undefined && changes.name !== current.name) || changes.alt !== undefined;
      return { media: await this.find(id, manager), used: textChanged && (await findMediaUsages(manager, id)).length > 0 };
    });
    // Pages show the alternative texts (and may show names) of the media they use.
    if (used) this.revalidation.emit({ scope: 'all' });
    return toMediaDto(media);
  }

  async remove(id: number): Promise<MediaDto> {
    const media = await this.dataSource.transaction(async (manager) => {
      const found = await this.find(id, manager, true);
      const usages = await findMediaUsages(manager, id);
      if (usages.length) {
        throw new ConflictException({
          message: `The media "${found.name}" is in use by ${usages.join(', ')}: remove it from there first`,
          errors: usages,
        });
      }
      await manager.getRepository(Media).delete({ id });
      await this.webhooks.emit(manager, [{ event: 'media.deleted', recordType: 'media', recordId: id }]);
      return found;
    });
    // The row is gone: from now on nothing refers to the files, whatever happens to them.
    const hex = media.uri.split('.')[0];
    await Promise.all([this.storage.delete(media.uri), this.storage.deletePrefix(variantPrefix(hex))]).catch((error: Error) =>
      this.logger.warn(`Could not remove the files of media ${id} (${media.uri}): ${error.message}`),
    );
    return toMediaDto(media);
  }

  private async assertPackExists(packId: number, manager: EntityManager = this.dataSource.manager): Promise<void> {
    if (!(await manager.getRepository(MediaPack).exists({ where: { id: packId } }))) throw new BadRequestException(`No media pack ${packId}`);
  }
}
