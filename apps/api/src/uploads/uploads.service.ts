import { FAVICON_SETTING_NAME, isRecordId, LOGO_SETTING_NAME, MEDIA_REFERENCE_KEY } from '@cms/contracts';
import { Inject, Injectable, Logger, NotFoundException, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { ifNoneMatchNames } from '../common/http/entity-tags';
import { isInline, MEDIA_KEY, mediaTypeOfExt, mediaTypeOfMime, VARIANT_TYPES, variantKey, type MediaType } from '../medias/media-types';
import { ANONYMOUS_READER, readableSql } from '../accesses/readable-sql';
import { Media } from '../medias/media.entity';
import { Setting } from '../settings/setting.entity';
import { RangeNotSatisfiableError, STORAGE, type RangeRequest, type StorageDriver, type StoredObject } from '../storage/storage-driver';
import { parseVariantQuery, VariantsService } from './variants.service';
import { KeptValues } from '@cms/cache';
import { RevalidationService } from '../revalidation/revalidation.service';
import { containerOfContentSql, contentsShowingMediaSql } from '../contents/content-sql';

const DEFAULT_FAVICON = path.join(__dirname, '..', 'assets', 'favicon.ico');

/** Keys never change content (a new file gets a new key), so caches may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * A media shown only on members-only pages: no shared cache keeps it, and browsers ask again
 * (ETag). Its URL is still a capability URL: whoever holds it can fetch the file.
 */
const MEMBERS_ONLY = 'private, no-cache';
/** The favicon URL stays while the file behind it changes. */
const FAVICON_CACHE = 'public, max-age=3600';

/**
 * Uploaded files are served so that none can act as a page of this origin: the type is ours
 * (from the key's extension, which the server chose from the sniffed type), sniffing is off, a
 * sandboxing CSP applies, and anything that is not an image, audio or video is a download.
 */
const UPLOAD_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; font-src data:; sandbox",
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

/** One `bytes=` range, as RFC 9110 allows ignoring the others (several ranges, malformed ones). */
function parseRangeHeader(header: string | undefined): RangeRequest | undefined {
  const match = header ? /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') return { suffix: Number(match[2]) };
  const start = Number(match[1]);
  if (match[2] === '') return { start };
  const end = Number(match[2]);
  return end < start ? undefined : { start, end };
}

function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

@Injectable()
export class UploadsService implements OnModuleDestroy {
  private readonly logger = new Logger(UploadsService.name);
  /**
   * Whether a file is shown only on members-only pages, by URI: every file request asks, and the
   * answer scans sections and elements. Any purge may change it (a page's accesses, a section, a
   * field), so every revalidation event drops all of it.
   */
  private readonly membersOnlyKept = new KeptValues<boolean>({ name: 'members_only_media', max: 10_000, ttlMs: 5 * 60 * 1000 });
  private readonly unsubscribe: () => void;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STORAGE) private readonly storage: StorageDriver,
    private readonly variants: VariantsService,
    private readonly revalidation: RevalidationService,
  ) {
    this.unsubscribe = revalidation.subscribe(() => this.membersOnlyKept.clear());
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  /** GET /api/uploads/{file}[?w=&format=]: only names the server generates; anything else is a 404. */
  async serve(req: FastifyRequest, res: FastifyReply, file: string, query: { w?: unknown; format?: unknown }): Promise<void> {
    const match = MEDIA_KEY.exec(file);
    if (!match) throw new NotFoundException('No such file');
    const type = mediaTypeOfExt(match[2])!;
    const variant = query.w === undefined && query.format === undefined ? null : parseVariantQuery(query.w, query.format, type);
    const cacheControl = (await this.membersOnly(file)) ? MEMBERS_ONLY : IMMUTABLE;
    if (!variant) return this.send(req, res, file, type, cacheControl);
    const key = variantKey(match[1], variant.width, VARIANT_TYPES[variant.format].ext);
    return this.send(req, res, key, VARIANT_TYPES[variant.format], cacheControl, () => this.variants.ensure(file, key, variant));
  }

  /**
   * Whether every place that shows the media `uri` is a page an anonymous visitor may not read
   * (readableSql, the page guard's rule): content fields and sections of members-only contents or
   * containers. A reusable element (placed anywhere), the layout, the logo or the favicon count as
   * public; so does a media used nowhere.
   */
  private async membersOnly(uri: string): Promise<boolean> {
    const kept = this.membersOnlyKept.get(uri);
    if (kept !== undefined) return kept;
    const generation = this.membersOnlyKept.generation;
    const answer = await this.readMembersOnly(uri);
    if (this.revalidation.reliable()) this.membersOnlyKept.set(uri, answer, generation);
    return answer;
  }

  private async readMembersOnly(uri: string): Promise<boolean> {
    const reference = `$.** ? (@.${MEDIA_REFERENCE_KEY} == $id)`;
    const readable = readableSql({ contentId: 'u."contentId"', containerId: 'u."containerId"' }, { role: '$2', superAdmin: '$3' });
    const [row] = await this.dataSource.query(
      `WITH m AS (SELECT "id" FROM "media" WHERE "uri" = $1),
       u AS (
         SELECT r."contentId", ${containerOfContentSql('r."contentId"')} FROM (${contentsShowingMediaSql('(SELECT "id" FROM m)')}) r
         UNION ALL
         SELECT s."contentId", COALESCE(s."containerId", ${containerOfContentSql('s."contentId"')}) FROM "section" s
           WHERE jsonb_path_exists(s."content", '${reference}', jsonb_build_object('id', (SELECT "id" FROM m)))
         UNION ALL
         SELECT NULL::int, NULL::int FROM "element" e WHERE jsonb_path_exists(e."content", '${reference}', jsonb_build_object('id', (SELECT "id" FROM m)))
         UNION ALL
         SELECT NULL::int, NULL::int FROM "setting" st WHERE st."name" IN ($4, $5) AND st."value" #>> '{}' = (SELECT "id" FROM m)::text
       )
       SELECT COALESCE(NOT bool_or(${readable}), false) AS "membersOnly" FROM u`,
      [uri, ANONYMOUS_READER.role, ANONYMOUS_READER.superAdmin, FAVICON_SETTING_NAME, LOGO_SETTING_NAME],
    );
    return row?.membersOnly === true;
  }

  /** The site's favicon: the image whose id the setting faviconMediaId holds, else the default one. */
  async favicon(req: FastifyRequest, res: FastifyReply): Promise<void> {
    const media = await this.faviconMedia();
    const type = media ? mediaTypeOfMime(media.mimeType) : undefined;
    if (media && type) {
      try {
        return await this.send(req, res, media.uri, type, FAVICON_CACHE);
      } catch (error) {
        // Its file is gone: the default favicon does better than a 404.
        if (!(error instanceof NotFoundException)) throw error;
      }
    }
    await res.headers({ ...UPLOAD_HEADERS, 'Content-Type': 'image/x-icon', 'Cache-Control': FAVICON_CACHE }).send(createReadStream(DEFAULT_FAVICON));
  }

  private async faviconMedia(): Promise<Media | null> {
    const setting = await this.dataSource.getRepository(Setting).findOne({ where: { name: FAVICON_SETTING_NAME } });
    const id = typeof setting?.value === 'number' || typeof setting?.value === 'string' ? Number(setting.value) : NaN;
    if (!isRecordId(id)) return null;
    const media = await this.dataSource.getRepository(Media).findOne({ where: { id } });
    return media && media.mimeType.startsWith('image/') ? media : null;
  }

  /**
   * Streams `key` from storage. When it is missing and `create` can make it (a variant rendered on
   * first request), it is made and served; otherwise 404.
   */
  private async send(
    req: FastifyRequest,
    res: FastifyReply,
    key: string,
    type: MediaType,
    cacheControl: string,
    create?: () => Promise<boolean>,
  ): Promise<void> {
    const range = parseRangeHeader(req.headers.range);
    let object: StoredObject | null;
    try {
      object = await this.storage.get(key, range);
      if (!object && create && (await create())) object = await this.storage.get(key, range);
    } catch (error) {
      if (!(error instanceof RangeNotSatisfiableError)) throw error;
      await res
        .code(416)
        .headers({ ...UPLOAD_HEADERS, 'Content-Range': `bytes */${error.size}` })
        .send();
      return;
    }
    if (!object) throw new NotFoundException('No such file');

    res.headers({
      ...UPLOAD_HEADERS,
      'Content-Type': type.mime,
      'Cache-Control': cacheControl,
      ETag: object.etag,
      'Last-Modified': object.lastModified.toUTCString(),
      'Accept-Ranges': 'bytes',
    });
    if (!isInline(type)) {
      const media = await this.dataSource.getRepository(Media).findOne({ select: { name: true }, where: { uri: key } });
      res.header('Content-Disposition', attachment(media?.name ?? key));
    }
    if (ifNoneMatchNames(req.headers['if-none-match'], object.etag)) {
      object.body.destroy();
      await res.code(304).send();
      return;
    }
    if (object.range) {
      res.code(206).headers({
        'Content-Range': `bytes ${object.range.start}-${object.range.end}/${object.size}`,
        'Content-Length': String(object.range.end - object.range.start + 1),
      });
    } else {
      res.code(200).header('Content-Length', String(object.size));
    }
    if (req.method === 'HEAD') {
      // Fastify answers HEAD without the body; an empty stream keeps the Content-Length set above.
      object.body.destroy();
      await res.send(Readable.from([]));
      return;
    }
    // A client that goes away, or a store that fails mid-way, cuts the response short either way.
    object.body.once('error', (error: Error) => this.logger.debug(`Serving ${key} stopped: ${error.message}`));
    await res.send(object.body);
  }
}
