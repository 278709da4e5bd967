import type { ContentFieldValue, ContentRequest } from './content';
import type { Lang, Status } from './enums';

/** Most contents one POST /api/contents/bulk takes (more: 400). */
export const BULK_MAX_ITEMS = 1000;
/** How many contents the back office's import sends per request. */
export const BULK_BATCH_SIZE = 500;

/** Values of other locales than `?locale=` that a bulk item carries (an import of a whole site). */
export interface BulkLocaleValues {
  fields: Record<string, ContentFieldValue>;
}

/** One content of POST /api/contents/bulk: the body of one POST /api/contents, and optionally other locales' field values. */
export interface BulkContentItem extends ContentRequest {
  locales?: Partial<Record<Lang, BulkLocaleValues>>;
}

/** POST /api/contents/bulk?locale=&dryRun= */
export interface BulkContentsRequest {
  items: BulkContentItem[];
}

/** What a bulk create answers: the new ids in the order of the items (none on a dry run). */
export interface BulkContentsResult {
  count: number;
  ids: number[];
  dryRun: boolean;
}

/** One problem of a refused bulk create: the item (from 0), the path in it (`fields.price`, `slug`, `title`) and the rule. */
export interface BulkItemError {
  index: number;
  field: string;
  message: string;
}

/**
 * One content as GET /api/contents/export?format=json gives it: a bulk item (what it takes back,
 * `id` aside) with its en values in `fields` and each other locale's own values in `locales`.
 */
export interface ExportedContent {
  id: number;
  containerId: number;
  title: string;
  slug: string | null;
  published: boolean;
  status: Status;
  fields: Record<string, ContentFieldValue>;
  locales: Partial<Record<Lang, BulkLocaleValues>>;
}
