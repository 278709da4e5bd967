import { mediaUrl } from '@cms/contracts';

export function formatSize(bytes: number | null | undefined): string {
  if (bytes == null || !Number.isFinite(bytes)) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A 320px WebP of raster images and SVGs; other files have no thumbnail. */
export function thumbnailUrl(media: { uri: string; mimeType: string }): string | null {
  return media.mimeType.startsWith('image/') ? mediaUrl(media.uri, { w: 320, format: 'webp' }) : null;
}
