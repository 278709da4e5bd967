import { isLang, LANGS, type MediaAlt, recordIdOf } from '@cms/contracts';
import { invalidInput } from '../common/http/input-errors';

export const MEDIA_NAME_MAX = 255;
export const MEDIA_ALT_MAX = 1000;

/** Why a media name is wrong, or null. A name is a label, not a path: no separators, no control characters. */
export function mediaNameError(name: string): string | null {
  if (name.trim().length === 0) return 'must not be empty';
  if (name.length > MEDIA_NAME_MAX) return `must be at most ${MEDIA_NAME_MAX} characters long`;
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'must not contain control characters';
  if (/[/\\]/.test(name)) return 'must be a name, not a path (no "/" or "\\")';
  return null;
}

/** Why an alt value is wrong, or null: an object with a text of at most 1000 characters per locale. */
export function mediaAltError(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must be an object with a text per locale, e.g. {"en":"…","fr":"…"}';
  for (const [lang, text] of Object.entries(value)) {
    if (!isLang(lang)) return `has the key "${lang.slice(0, 20)}": use ${LANGS.join(', ')}`;
    if (typeof text !== 'string') return `must hold a text for "${lang}"`;
    if (text.length > MEDIA_ALT_MAX) return `must hold at most ${MEDIA_ALT_MAX} characters for "${lang}"`;
  }
  return null;
}

/** Drops empty texts, so that "no alt" is one shape. */
export function normalizeAlt(alt: MediaAlt): MediaAlt {
  return Object.fromEntries(Object.entries(alt).filter(([, text]) => text !== undefined && text.trim() !== '')) as MediaAlt;
}

interface UploadFields {
  name: string;
  alt: MediaAlt;
  packId: number | null;
}

const invalid = (field: string, reason: string) => invalidInput({ [field]: [reason] });

/**
 * The text fields of a multipart upload: `name` (else the file's name), `alt` as JSON or as
 * `alt[fr]` fields, `packId`. Unknown or repeated fields are refused, as JSON bodies are. The
 * file's own name is refused when it carries a path or control characters.
 */
export function parseUploadFields(fields: [string, string][], filename: string): UploadFields {
  const filenameError = filename ? mediaNameError(filename) : null;
  if (filenameError) throw invalid('file', `its name ${filenameError}`);
  const seen = new Set<string>();
  let name: string | undefined;
  let alt: Record<string, string> | undefined;
  const altFields: Record<string, string> = {};
  let packId: number | null = null;
  for (const [key, value] of fields) {
    if (seen.has(key)) throw invalid(key, 'is given twice');
    seen.add(key);
    const altKey = /^alt\[([^\]]*)\]$/.exec(key);
    if (key === 'name') {
      name = value;
    } else if (key === 'alt') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        throw invalid('alt', 'must be JSON, e.g. {"en":"A red bike"}');
      }
      const error = mediaAltError(parsed);
      if (error) throw invalid('alt', error);
      alt = parsed as Record<string, string>;
    } else if (altKey) {
      if (!isLang(altKey[1])) throw invalid(key, `names no locale: use alt[${LANGS.join('], alt[')}]`);
      if (value.length > MEDIA_ALT_MAX) throw invalid(key, `must be at most ${MEDIA_ALT_MAX} characters long`);
      altFields[altKey[1]] = value;
    } else if (key === 'packId') {
      if (value === '' || value === 'null') continue;
      const id = recordIdOf(value);
      if (id === undefined) throw invalid('packId', 'must be the id of a media pack');
      packId = id;
    } else {
      throw invalid(key.slice(0, 100), 'is not a field of an upload: use file, name, alt (or alt[en]...) and packId');
    }
  }
  if (alt && Object.keys(altFields).length) throw invalid('alt', 'give it as JSON or as alt[locale] fields, not both');
  const finalName = (name ?? filename).trim();
  const nameError = mediaNameError(finalName);
  if (nameError) throw invalid('name', nameError);
  return { name: finalName, alt: normalizeAlt(alt ?? altFields), packId };
}
