import { mediaUrl } from '@cms/contracts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A file size with the interface language's decimal separator (1,5 kB in French). */
export function formatSize(bytes: number | null | undefined, locale: string, translate: Translate): string {
  if (bytes == null || !Number.isFinite(bytes)) return '';
  const oneDecimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  if (bytes < 1024) return translate('cms.medias.size_bytes', { size: new Intl.NumberFormat(locale).format(bytes) });
  if (bytes < 1024 * 1024) return translate('cms.medias.size_kb', { size: oneDecimal.format(bytes / 1024) });
  return translate('cms.medias.size_mb', { size: oneDecimal.format(bytes / (1024 * 1024)) });
}

/** A media's size and, for a picture, its dimensions: "1,5 kB · 640×480". */
export function formatSizeAndDimensions(
  media: { size: number | null | undefined; width?: number | null; height?: number | null },
  locale: string,
  translate: Translate,
): string {
  return formatSize(media.size, locale, translate) + (media.width && media.height ? ` · ${media.width}×${media.height}` : '');
}

/** A 320px WebP of raster images and SVGs; other files have no thumbnail. */
export function thumbnailUrl(media: { uri: string; mimeType: string }): string | null {
  return media.mimeType.startsWith('image/') ? mediaUrl(media.uri, { w: 320, format: 'webp' }) : null;
}
