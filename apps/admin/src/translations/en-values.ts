import { type ContainerFieldDto, ContainerFieldType, type ContentFieldValue } from '@cms/contracts';

/** A value is there: not absent, null, an empty text or an empty list (the API's rule for a locale's own value). */
export function isFilled(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.some(isFilled);
  return true;
}

/** The text of an HTML fragment, its paragraphs and breaks as spaces. */
export function htmlToText(html: string): string {
  const spaced = html.replace(/<(br|\/p|\/li|\/h\d|\/blockquote)\b[^>]*>/gi, ' ');
  const text =
    typeof DOMParser === 'undefined' ? spaced.replace(/<[^>]*>/g, '') : (new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '');
  return text.replace(/\s+/g, ' ').trim();
}

/** en's value of a field as one line of text to read beside the input (rich text as text, lists joined). */
export function valueAsText(field: Pick<ContainerFieldDto, 'type'>, value: ContentFieldValue | undefined | unknown): string {
  if (!isFilled(value)) return '';
  if (Array.isArray(value))
    return value
      .map((item) => valueAsText(field, item))
      .filter(Boolean)
      .join(', ');
  if (field.type === ContainerFieldType.RICHTEXT && typeof value === 'string') return htmlToText(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The fields "Copy from en" fills: those en has a value of and the form shows empty, or shows en's
 * value because the locale has none of its own (`fallback`, left as it was read). Whatever the
 * editor typed stays.
 */
export function fieldsToCopy(
  fields: readonly Pick<ContainerFieldDto, 'name'>[],
  en: Record<string, unknown>,
  form: Record<string, unknown>,
  fallback: ReadonlySet<string>,
): string[] {
  return fields
    .map((field) => field.name)
    .filter((name) => isFilled(en[name]) && (!isFilled(form[name]) || (fallback.has(name) && JSON.stringify(form[name]) === JSON.stringify(en[name]))));
}
