import type { Lang } from './enums';

/** Alternative text of a media, per locale: `{ en: 'A red bike', fr: 'Un vélo rouge' }`. */
export type MediaAlt = Partial<Record<Lang, string>>;

/** A media as the API answers it (GET/POST/PUT/DELETE /api/medias). */
export interface MediaDto {
  id: number;
  /** Server-generated storage key, e.g. `3f2a…c1.webp`; the file is at `url`. */
  uri: string;
  /** Where the file is served: `/api/uploads/{uri}`. */
  url: string;
  /** Sniffed from the file's bytes, never taken from its name. */
  mimeType: string;
  name: string;
  /** Bytes stored (after re-encoding for raster images). */
  size: number;
  alt: MediaAlt;
  packId: number | null;
  uploadTime: string;
  /** Pixels, for images (SVG: its declared size); null for other files. */
  width: number | null;
  height: number | null;
}

/**
 * The fields of the multipart upload (POST /api/medias), beside the `file` part. `alt` is JSON
 * (`{"en":"…"}`), or one field per locale written `alt[fr]`.
 */
export interface MediaUploadFields {
  name?: string;
  alt?: string;
  packId?: string;
}

/** PUT /api/medias/:id (the file itself cannot change: upload a new media). */
export interface UpdateMediaRequest {
  name?: string;
  /** Replaces every alternative text. */
  alt?: MediaAlt;
  /** null takes the media out of its pack. */
  packId?: number | null;
}

/** What an upload may be (GET /api/medias/limits), so the back office refuses before sending. */
export interface MediaUploadLimitsDto {
  /** UPLOAD_MAX_MB in bytes. */
  maxBytes: number;
  /** The accepted types, as sniffed from the bytes. */
  types: { mime: string; ext: string; label: string }[];
}

/** A media pack in list answers (GET /api/media-packs). */
export interface MediaPackDto {
  id: number;
  name: string;
  mediaCount: number;
  createdAt: string;
  updatedAt: string;
}

/** A single media pack (GET/POST/PUT/DELETE /api/media-packs/:id): also the ids of its media. */
export interface MediaPackDetailDto extends MediaPackDto {
  mediaIds: number[];
}

export interface CreateMediaPackRequest {
  name: string;
  /** Media to move into the pack (out of any other). */
  mediaIds?: number[];
}

export interface UpdateMediaPackRequest {
  name?: string;
  /** The pack's media from now on: those left out become unpacked. */
  mediaIds?: number[];
}

/**
 * Widths of the WebP variants the site lists in `srcset` (the back office's thumbnails are the 320
 * one): the only widths the API renders in WebP; another is rounded up to the next (at most the last).
 */
export const MEDIA_VARIANT_WIDTHS = [64, 128, 256, 320, 480, 640, 768, 1024, 1280, 1536, 1920, 2560] as const;
/**
 * The site's `src` for browsers that ignore `srcset`: the one width the API renders in the image's
 * own format (`?w=` without `format`; any width asked that way gets this one). So an anonymous
 * caller makes at most MEDIA_VARIANT_WIDTHS.length + 2 variants of an image, not one per size and format.
 */
export const MEDIA_FALLBACK_WIDTH = 1280;
/** `?format=` takes WebP only (what `srcset` asks for); the image's own format is asked by leaving it out. */
export const MEDIA_VARIANT_FORMATS = ['webp'] as const;
export type MediaVariantFormat = (typeof MEDIA_VARIANT_FORMATS)[number];

/**
 * The setting (a media id, or null) whose image GET /api/uploads/favicon.ico serves instead of
 * the default favicon.
 */
export const FAVICON_SETTING_NAME = 'faviconMediaId';
/** The setting (an image media id, or null) that the public site shows as its logo in the header. */
export const LOGO_SETTING_NAME = 'logoMediaId';

/**
 * The key under which section and element `content` refer to a media, at any depth
 * (`{ "mediaId": 12 }`, `{ "items": [{ "mediaId": 12 }] }`): deleting a media used so is refused.
 */
export const MEDIA_REFERENCE_KEY = 'mediaId';

/** URL of a media's file, or of a resized variant: `mediaUrl(m.uri, { w: 640, format: 'webp' })`. */
export function mediaUrl(uri: string, variant: { w?: number; format?: MediaVariantFormat } = {}): string {
  const query = [variant.w !== undefined ? `w=${variant.w}` : '', variant.format ? `format=${variant.format}` : ''].filter(Boolean).join('&');
  return `/api/uploads/${encodeURIComponent(uri)}${query ? `?${query}` : ''}`;
}
