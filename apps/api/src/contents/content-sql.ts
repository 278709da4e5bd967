/**
 * What other modules may say about contents in their own SQL, as expressions over SQL expressions
 * they give: the contents module's tables (content, content_field and the read models) are named
 * here and in this module only (contents/boundaries.spec.ts), so a change to how contents are
 * stored is made in one module. Each is one indexed lookup, for statements that stay one round trip.
 */

/** The container of the content `contentId` (NULL when there is none). */
export const containerOfContentSql = (contentId: string) => `(SELECT ct."containerId" FROM "content" ct WHERE ct.id = ${contentId})`;

/** The title of the content `contentId` (NULL when there is none). */
export const titleOfContentSql = (contentId: string) => `(SELECT ct.title FROM "content" ct WHERE ct.id = ${contentId})`;

/** A subquery of the ids of the contents of the containers `containerIds` (an int[] expression). */
export const contentsInSql = (containerIds: string) => `SELECT ct.id FROM "content" ct WHERE ct."containerId" = ANY(${containerIds})`;

/** A subquery of the ids of the contents whose CONTENT fields name one of `contentIds` (an int[] expression). */
export const contentsReferringToSql = (contentIds: string) => `SELECT f."contentId" FROM "content_field" f WHERE f."contentValueId" = ANY(${contentIds})`;

/** A subquery of the ids of the contents whose media fields show the media `mediaId`. */
export const contentsShowingMediaSql = (mediaId: string) => `SELECT f."contentId" FROM "content_field" f WHERE f."mediaId" = ${mediaId}`;

/**
 * A derived table of every content's page facts (id, title, containerId, published, publishAt), for
 * other modules to join to their rows (the Pages tree, the redirects' published-page check):
 * `LEFT JOIN (${contentPageFactsSql}) c ON c.id = …`.
 */
export const contentPageFactsSql = `SELECT ct.id, ct.title, ct."containerId", ct.published, ct."publishAt" FROM "content" ct`;
