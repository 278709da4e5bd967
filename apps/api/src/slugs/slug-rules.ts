import { RESERVED_SLUG_SEGMENTS, SLUG_SEGMENT_MAX_LENGTH, SLUG_SEGMENT_PATTERN } from '@cms/contracts';

export const MAX_SLUG_DEPTH = 20;
export const MAX_FULL_LENGTH = 1000;

/** `/` + full: `/blog/hello`, `/` for the home page. */
export function pathOf(full: string): string {
  return `/${full}`;
}

/** The full path of a segment under a parent (under the home page, a segment is at the root). */
export function joinFull(parentFull: string | null, basic: string): string {
  return parentFull ? `${parentFull}/${basic}` : basic;
}

/** What is wrong with a segment, or null. `''` is the home page, only at the root. */
export function segmentProblem(basic: string, hasParent: boolean): string | null {
  if (basic === '') return hasParent ? 'must not be empty under a parent (only the home page has an empty slug)' : null;
  if (basic.length > SLUG_SEGMENT_MAX_LENGTH) return `must be at most ${SLUG_SEGMENT_MAX_LENGTH} characters long`;
  if (/\s/.test(basic)) return 'must not contain spaces';
  if (basic.includes('/')) return 'must be one segment, without "/" (set parentSlugId to nest it)';
  if (basic !== basic.toLowerCase()) return 'must be lower case';
  if (!SLUG_SEGMENT_PATTERN.test(basic)) return 'must be lower-case letters and digits in words separated by single dashes (like "hello-world")';
  return null;
}

/** What is wrong with a full path's first segment, or null. */
export function fullProblem(full: string): string | null {
  const first = full.split('/')[0];
  if (RESERVED_SLUG_SEGMENTS.includes(first)) return `"${first}" is reserved (${RESERVED_SLUG_SEGMENTS.join(', ')}) and cannot start a page path`;
  if (full.length > MAX_FULL_LENGTH) return `makes a path longer than ${MAX_FULL_LENGTH} characters`;
  return null;
}
