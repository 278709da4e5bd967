import { MEDIA_FALLBACK_WIDTH, MEDIA_VARIANT_WIDTHS, mediaUrl } from '@cms/contracts';
import { asContent, readText } from './content';

/** A media as the page mapping resolved it into a block's content. */
export interface MediaModel {
  uri: string;
  mimeType: string;
  /** In the page's locale; '' for a decorative image. */
  alt: string;
  width: number | null;
  height: number | null;
  /** The uploaded file's name and bytes, when the page gave them (FILE fields show them). */
  name?: string;
  size?: number;
}

/** Raster formats the API resizes and converts (`?w=&format=`); SVG and others are served as stored. */
const RESIZABLE = /^image\/(jpeg|png|webp|gif|avif)$/;
/** What the API generates: 32 hex digits and an extension. Anything else never reaches a URL. */
const URI = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

const dimension = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 100_000 ? value : null);

export function readMedia(value: unknown): MediaModel | undefined {
  const raw = asContent(value);
  if (!raw) return undefined;
  const uri = readText(raw, 'uri');
  const mimeType = readText(raw, 'mimeType');
  if (!uri || !URI.test(uri) || !mimeType) return undefined;
  const size = typeof raw.size === 'number' && Number.isSafeInteger(raw.size) && raw.size >= 0 ? raw.size : undefined;
  return { uri, mimeType, alt: readText(raw, 'alt') ?? '', width: dimension(raw.width), height: dimension(raw.height), name: readText(raw, 'name'), size };
}

/**
 * `srcset` of WebP variants up to the image's own width. Variants are never wider than the
 * original (the API does not enlarge), so the widest candidate is labelled with the true width.
 */
function imageSrcSet(media: MediaModel): string | undefined {
  if (!RESIZABLE.test(media.mimeType) || !media.width) return undefined;
  const largest = MEDIA_VARIANT_WIDTHS[MEDIA_VARIANT_WIDTHS.length - 1];
  const candidates: [number, number][] = MEDIA_VARIANT_WIDTHS.filter((w) => w < media.width!).map((w) => [w, w]);
  const top = Math.min(media.width, largest);
  const topVariant = MEDIA_VARIANT_WIDTHS.find((w) => w >= top) ?? largest;
  candidates.push([topVariant, top]);
  return candidates.map(([w, label]) => `${mediaUrl(media.uri, { w, format: 'webp' })} ${label}w`).join(', ');
}

export function imageSrc(media: MediaModel): string {
  if (RESIZABLE.test(media.mimeType) && media.width && media.width > MEDIA_FALLBACK_WIDTH) return mediaUrl(media.uri, { w: MEDIA_FALLBACK_WIDTH });
  return mediaUrl(media.uri);
}

interface MediaViewProps {
  media: MediaModel;
  /** The `sizes` of the image in the layout. */
  sizes: string;
  eager: boolean;
  className?: string;
  downloadLabel: string;
  /** A video's poster image. */
  poster?: MediaModel;
}

/** An image (responsive, sized, lazy below the fold), a video, or a link to any other file. */
export function MediaView({ media, sizes, eager, className, downloadLabel, poster }: MediaViewProps) {
  if (media.mimeType.startsWith('image/')) {
    const srcSet = imageSrcSet(media);
    return (
      <img
        className={className}
        src={imageSrc(media)}
        srcSet={srcSet}
        sizes={srcSet ? sizes : undefined}
        width={media.width ?? undefined}
        height={media.height ?? undefined}
        alt={media.alt}
        loading={eager ? undefined : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
      />
    );
  }
  if (media.mimeType.startsWith('video/')) {
    return (
      <video
        className={className}
        src={mediaUrl(media.uri)}
        controls
        preload={eager ? 'metadata' : 'none'}
        poster={poster && poster.mimeType.startsWith('image/') ? imageSrc(poster) : undefined}
        width={media.width ?? undefined}
        height={media.height ?? undefined}
        aria-label={media.alt || undefined}
      />
    );
  }
  return (
    <a className="button button--ghost" href={mediaUrl(media.uri)} download>
      {media.alt || downloadLabel}
    </a>
  );
}
