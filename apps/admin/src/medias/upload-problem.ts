import type { MediaUploadLimitsDto } from '@cms/contracts';
import { formatSize } from './media-format';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Why the server would refuse this file, or null. The server sniffs the type from the bytes; the
 * browser's guess (from the name) is what we have here, so a file it cannot name goes through
 * and the server has the last word.
 */
export function uploadProblem(file: File, limits: MediaUploadLimitsDto | undefined, locale: string, translate: Translate): string | null {
  if (!limits) return null;
  if (file.size > limits.maxBytes) {
    return translate('cms.medias.too_large', {
      name: file.name,
      size: formatSize(file.size, locale, translate),
      max: formatSize(limits.maxBytes, locale, translate),
    });
  }
  const type = file.type.toLowerCase();
  if (type && !limits.types.some((accepted) => accepted.mime === type)) {
    return translate('cms.medias.bad_type', { name: file.name, types: limits.types.map((accepted) => accepted.label).join(', ') });
  }
  return null;
}
