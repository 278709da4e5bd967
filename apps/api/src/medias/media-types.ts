/**
 * The kinds of file the CMS accepts, by the type sniffed from their bytes. Each gets a fixed
 * extension, so a storage key (`<32 hex>.<ext>`) tells how to serve the file without a query.
 */
export type MediaKind =
  /** Decoded and re-encoded by sharp: EXIF dropped, pixel count limited, size recorded. */
  | 'raster'
  /** Parsed and rebuilt from an allow-list (see svg-sanitizer.ts). */
  | 'svg'
  /** Kept as uploaded; its header gives the size. */
  | 'icon'
  /** Kept as uploaded. */
  | 'file';

export interface MediaType {
  mime: string;
  ext: string;
  kind: MediaKind;
  label: string;
}

export const MEDIA_TYPES: readonly MediaType[] = [
  { mime: 'image/jpeg', ext: 'jpg', kind: 'raster', label: 'JPEG' },
  { mime: 'image/png', ext: 'png', kind: 'raster', label: 'PNG' },
  { mime: 'image/webp', ext: 'webp', kind: 'raster', label: 'WebP' },
  { mime: 'image/gif', ext: 'gif', kind: 'raster', label: 'GIF' },
  { mime: 'image/avif', ext: 'avif', kind: 'raster', label: 'AVIF' },
  { mime: 'image/svg+xml', ext: 'svg', kind: 'svg', label: 'SVG' },
  { mime: 'image/x-icon', ext: 'ico', kind: 'icon', label: 'ICO' },
  { mime: 'application/pdf', ext: 'pdf', kind: 'file', label: 'PDF' },
  { mime: 'video/mp4', ext: 'mp4', kind: 'file', label: 'MP4' },
  { mime: 'video/webm', ext: 'webm', kind: 'file', label: 'WebM' },
  { mime: 'audio/mpeg', ext: 'mp3', kind: 'file', label: 'MP3' },
  { mime: 'audio/ogg', ext: 'ogg', kind: 'file', label: 'Ogg' },
  { mime: 'audio/wav', ext: 'wav', kind: 'file', label: 'WAV' },
  { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx', kind: 'file', label: 'Word' },
  { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx', kind: 'file', label: 'Excel' },
  { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', ext: 'pptx', kind: 'file', label: 'PowerPoint' },
  { mime: 'application/vnd.oasis.opendocument.text', ext: 'odt', kind: 'file', label: 'OpenDocument text' },
  { mime: 'application/vnd.oasis.opendocument.spreadsheet', ext: 'ods', kind: 'file', label: 'OpenDocument spreadsheet' },
  { mime: 'application/vnd.oasis.opendocument.presentation', ext: 'odp', kind: 'file', label: 'OpenDocument presentation' },
];

/** Names of what is accepted, for error messages. */
export const ACCEPTED_LABELS = MEDIA_TYPES.map((t) => t.label).join(', ');

const BY_MIME = new Map(MEDIA_TYPES.map((t) => [t.mime, t]));
const BY_EXT = new Map(MEDIA_TYPES.map((t) => [t.ext, t]));

/** Other names file-type gives to accepted types. */
const MIME_ALIASES: Record<string, string> = { 'audio/x-wav': 'audio/wav', 'audio/vnd.wave': 'audio/wav', 'audio/opus': 'audio/ogg' };

export function mediaTypeOfMime(mime: string): MediaType | undefined {
  const bare = mime.split(';')[0].trim().toLowerCase();
  return BY_MIME.get(MIME_ALIASES[bare] ?? bare);
}

export function mediaTypeOfExt(ext: string): MediaType | undefined {
  return BY_EXT.get(ext);
}

/** Formats sharp writes for resized variants, with the extension of their keys. */
export const VARIANT_TYPES = {
  webp: BY_MIME.get('image/webp')!,
  avif: BY_MIME.get('image/avif')!,
  jpeg: BY_MIME.get('image/jpeg')!,
  png: BY_MIME.get('image/png')!,
} as const;

const EXTS = MEDIA_TYPES.map((t) => t.ext).join('|');

/** A media's storage key, the only names GET /api/uploads/{file} serves: 32 hex digits and an accepted extension. */
export const MEDIA_KEY = new RegExp(`^([0-9a-f]{32})\\.(${EXTS})$`);

/** Where the resized variants of the media `<hex>.<ext>` are kept: `variants/<hex>/w640.webp`. */
export const variantPrefix = (hex: string) => `variants/${hex}/`;
export const variantKey = (hex: string, width: number | null, ext: string) => `${variantPrefix(hex)}${width ? `w${width}` : 'full'}.${ext}`;

/** Served in the page (images, audio, video); anything else is a download. */
export function isInline(type: MediaType): boolean {
  return /^(image|audio|video)\//.test(type.mime);
}
