import { MEDIA_FALLBACK_WIDTH, MEDIA_VARIANT_FORMATS, MEDIA_VARIANT_WIDTHS } from '@cms/contracts';
import { BadRequestException, Inject, Injectable, UnprocessableEntityException } from '@nestjs/common';
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ImageBudget } from '../medias/image-budget';
import { assertPixelLimit, pixelCount, readImageHeader } from '../medias/media-processing';
import { VARIANT_TYPES, type MediaType } from '../medias/media-types';
import { loadSharp } from '../medias/sharp';
import { ScratchSpace } from '../storage/scratch-space';
import { isStored, STORAGE, type StorageDriver } from '../storage/storage-driver';

interface VariantRequest {
  /** null keeps the original width. */
  width: number | null;
  format: VariantFormat;
}

/** Formats sharp writes: WebP when asked, else the image's own. */
type VariantFormat = keyof typeof VARIANT_TYPES;

/** Formats a raster upload is served in when only `w` is asked: its own, or WebP for GIF (which keeps animations). */
const DEFAULT_FORMAT: Record<string, VariantFormat> = { jpg: 'jpeg', png: 'png', webp: 'webp', avif: 'avif', gif: 'webp' };

/**
 * `?w=` and `?format=` of GET /api/uploads/{file}: only the variants the site and the back office
 * ask for. A WebP width is rounded up to the next of MEDIA_VARIANT_WIDTHS (the largest past the
 * last); a width in the image's own format is MEDIA_FALLBACK_WIDTH. So anyone may make at most
 * MEDIA_VARIANT_WIDTHS.length + 2 variants of an image.
 */
export function parseVariantQuery(w: unknown, format: unknown, source: MediaType): VariantRequest {
  if (source.kind !== 'raster') throw new BadRequestException('Resized variants exist for JPEG, PNG, WebP, GIF and AVIF images only');
  let width: number | null = null;
  if (w !== undefined) {
    if (typeof w !== 'string' || !/^\d{1,6}$/.test(w) || Number(w) < 1) throw new BadRequestException('"w" must be a width in pixels, e.g. w=640');
    width = MEDIA_VARIANT_WIDTHS.find((allowed) => allowed >= Number(w)) ?? MEDIA_VARIANT_WIDTHS[MEDIA_VARIANT_WIDTHS.length - 1];
  }
  if (format !== undefined && (typeof format !== 'string' || !(MEDIA_VARIANT_FORMATS as readonly string[]).includes(format))) {
    throw new BadRequestException(`"format" must be ${MEDIA_VARIANT_FORMATS.join(' or ')}, or left out for the image's own format`);
  }
  const own = DEFAULT_FORMAT[source.ext];
  if (format === undefined && width !== null && own !== 'webp') width = MEDIA_FALLBACK_WIDTH;
  return { width, format: format === undefined ? own : (format as VariantFormat) };
}

/**
 * Renders resized or converted copies of raster uploads, once each: the result is kept in
 * storage beside the original, and concurrent requests for a variant wait for the one rendering
 * in progress in this process. (Two instances may each render a variant the first time; they write
 * the same bytes to the same key.)
 */
@Injectable()
export class VariantsService {
  private readonly inFlight = new Map<string, Promise<boolean>>();

  constructor(
    @Inject(STORAGE) private readonly storage: StorageDriver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly scratch: ScratchSpace,
    private readonly budget: ImageBudget,
  ) {}

  /** Makes sure `key` holds the variant of `sourceKey`; false when there is no such source. */
  ensure(sourceKey: string, key: string, variant: VariantRequest): Promise<boolean> {
    let job = this.inFlight.get(key);
    if (!job) {
      job = (async () => (await isStored(this.storage, key)) || this.render(sourceKey, key, variant))().finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, job);
    }
    return job;
  }

  private async render(sourceKey: string, key: string, variant: VariantRequest): Promise<boolean> {
    const source = this.scratch.path('variant-source');
    const output = this.scratch.path('variant');
    try {
      const original = await this.storage.get(sourceKey);
      if (!original) return false;
      await pipeline(original.body, createWriteStream(source));
      const meta = await readImageHeader(source);
      if (!meta) throw new UnprocessableEntityException('The original image cannot be read');
      assertPixelLimit(meta, this.config.uploadMaxPixels);
      const animated = variant.format === 'webp' && (meta.pages ?? 1) > 1;
      let image = loadSharp()(source, { limitInputPixels: this.config.uploadMaxPixels, sequentialRead: true, animated });
      if (variant.width) image = image.resize({ width: variant.width, withoutEnlargement: true });
      switch (variant.format) {
        case 'webp':
          image = image.webp({ quality: 80 });
          break;
        case 'avif':
          image = image.avif({ quality: 50, effort: 2 });
          break;
        case 'jpeg':
          image = image.jpeg({ quality: 82, mozjpeg: true });
          break;
        case 'png':
          image = image.png({ compressionLevel: 9 });
          break;
      }
      const info = await this.budget.run(pixelCount(meta), () => image.toFile(output));
      await this.storage.put(key, createReadStream(output), { contentType: VARIANT_TYPES[variant.format].mime, size: info.size });
      return true;
    } finally {
      await this.scratch.remove(source, output);
    }
  }
}
