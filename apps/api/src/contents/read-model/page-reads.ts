import { readableSql } from '../../accesses/readable-sql';
import { documentJoin, fieldsOf } from './content-rows';

/**
 * The page read's statements that read contents (pages/pages.service.ts runs them, page-mappers.ts
 * maps their rows): the page's own content with its fields, the contents its listings show with
 * theirs, and the contents its fields refer to. Their fields come from the documents by the same
 * expressions as the contents list and single read (content-rows.ts).
 */

// Listed and referenced contents are those the reader could open as pages: a public page must not
// hand out, in a listing or a reference, what the content's own page refuses.
const LISTED_READABLE = readableSql({ contentId: 'ct.id', containerId: 'ct."containerId"' }, { role: '$6', superAdmin: '$7' });
const REFERENCED_READABLE = readableSql({ contentId: 'c.id', containerId: 'c."containerId"' }, { role: '$2', superAdmin: '$3' });

/** The columns of a section row, as the page read maps them. */
export const SECTION_COLUMNS = `id, type, block, "formId", "containerId", "containerContentId", "contentId", "elementId", position, content, lang`;

/**
 * The pages at (path, locale) pairs, $1 and $2 (the locale's own path: slug_path), each read by a lateral lookup (kept whole by
 * OFFSET 0) that is planned once: PostgreSQL's plan cache keeps one generic plan for it instead of
 * planning it at every read (planning cost four times the work: docs/perf.md), as its estimates are those of
 * a custom plan: every value it filters on is a single one, and the container's own slug is a
 * subquery, not a join whose estimate of 501 rows for a unique path once gave a merge join costed
 * near `jit_above_cost`. `n` tells which pair a row answers.
 */
export const PATHS_SQL = `SELECT q.n::int AS n, r.* FROM unnest($1::varchar[], $2::lang[]) WITH ORDINALITY AS q("full", lang, n)
  CROSS JOIN LATERAL (SELECT sp."full", s.published AS "slugPublished",
         c.id AS "contentId", c.title AS "contentTitle", c.published AS "contentPublished", c."updatedAt" AS "contentUpdatedAt",
         k.id AS "containerId", k.title AS "containerTitle", k.published AS "containerPublished", k."hideFooter", k."disableContentSections", k."sectionsPosition",
         (SELECT ksp."full" FROM "slug" ks JOIN "slug_path" ksp ON ksp."slugId" = ks.id AND ksp.lang = q.lang
           WHERE ks."containerId" = k.id ORDER BY ks.id LIMIT 1) AS "containerFull",
         (SELECT json_object_agg(ap.lang, ap."full") FROM "slug_path" ap WHERE ap."slugId" = s.id) AS fulls,
         (SELECT coalesce(json_agg(a."roleId" ORDER BY a."roleId"), '[]') FROM "access" a WHERE a."contentId" = c.id) AS "contentAccesses",
         (SELECT coalesce(json_agg(a."roleId" ORDER BY a."roleId"), '[]') FROM "access" a WHERE a."containerId" = k.id) AS "containerAccesses",
         (SELECT coalesce(json_agg(json_build_object('name', m.name, 'content', m.content, 'lang', m.lang) ORDER BY m.id), '[]') FROM "metadata" m
           WHERE m.lang = ANY(ARRAY[q.lang, 'en'::lang]) AND (m."contentId" = c.id OR (c.id IS NULL AND m."containerId" = k.id))) AS metadata,
         (SELECT json_agg(json_build_object('name', f.name, 'label', f.label, 'type', f.type, 'multiple', f.multiple) ORDER BY f.position, f.id) FROM "container_field" f
           WHERE c.id IS NOT NULL AND f."containerId" = k.id) AS definitions,
         (SELECT coalesce(json_agg(x ORDER BY x.position, x.id), '[]') FROM (
           SELECT ${SECTION_COLUMNS} FROM "section"
           WHERE lang = ANY(ARRAY[q.lang, 'en'::lang]) AND type = 'PAGE' AND ("contentId" = c.id OR (c.id IS NULL AND "containerId" = k.id))
         ) x) AS sections,
         ${fieldsOf('own', 'c.id', 'q.lang')}
       FROM "slug_path" sp
       JOIN "slug" s ON s.id = sp."slugId"
       LEFT JOIN "content" c ON c.id = s."contentId"
       ${documentJoin('own', 'c.id', 'q.lang')}
       JOIN "container" k ON k.id = COALESCE(s."containerId", c."containerId")
       WHERE sp.lang = q.lang AND sp."full" = q."full" OFFSET 0) r`;

/**
 * Where an address without a page leads, in one round trip: a published page at this path ($1, null
 * for an address no page can have) in another locale, by its path in the locale asked ($2: the
 * address a visitor who followed another locale's link is sent to; the index on slug_path.full),
 * else the redirect from the address ($3, RedirectsService's table: `from` is unique). `full` is set
 * for the first, `id`, `to` and `status` for the second.
 */
export const MOVED_SQL = `SELECT * FROM (
    (SELECT NULL::int AS id, t."full", NULL::varchar AS "to", 301 AS status, 0 AS kind FROM "slug_path" o
      JOIN "slug" s ON s.id = o."slugId" AND s.published
      JOIN "slug_path" t ON t."slugId" = o."slugId" AND t.lang = $2
      WHERE o."full" = $1 AND t."full" <> $1 ORDER BY (o.lang = 'en') DESC, o.lang LIMIT 1)
    UNION ALL
    (SELECT r.id, NULL, r."to", r.status::int, 1 FROM "redirect" r WHERE r."from" = $3)
  ) m ORDER BY kind LIMIT 1`;

/**
 * The published pages that internal links name ($3: a path without locale prefix, in any locale)
 * and their path in the link's locale ($2); $1 the links as written. A path is taken as the link's
 * locale's first, then en's, then another's.
 */
export const LINKED_PATHS_SQL = `SELECT q.href, t."full" FROM unnest($1::text[], $2::lang[], $3::varchar[]) AS q(href, lang, "full")
  CROSS JOIN LATERAL (SELECT o."slugId" FROM "slug_path" o JOIN "slug" s ON s.id = o."slugId" AND s.published
    WHERE o."full" = q."full" ORDER BY (o.lang = q.lang) DESC, (o.lang = 'en') DESC, o.lang LIMIT 1) f
  JOIN "slug_path" t ON t."slugId" = f."slugId" AND t.lang = q.lang`;

/**
 * 3. What `contents` blocks list: published contents of the container the reader may open, newest
 * first or by title, a page of them, and their total (a row with a null id for an empty listing);
 * with 4, each listed content's path and fields in the locale ($8) from its documents (their names in order,
 * as the page answered them when it merged the field rows in Node) and the types of its container's fields.
 */
export const LISTED_SQL = `SELECT q.sid AS "sectionId", c.id, c.title, c."containerId", c."updatedAt", slp."full",
           (SELECT count(*)::int FROM "content" ct WHERE "containerId" = q.cid AND published AND ${LISTED_READABLE}) AS total,
           (SELECT coalesce(json_object_agg(e.key, e.value ORDER BY e.key), '{}')::text FROM json_each(d."fieldsJson"::json) e) AS "fieldsJson",
           d."fallbackFields", t.types
         FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::int[]) AS q(sid, cid, lim, sort, off)
         LEFT JOIN LATERAL (
           (SELECT id, title, "containerId", "updatedAt" FROM "content" ct WHERE q.sort = 'updatedAt' AND "containerId" = q.cid AND published AND ${LISTED_READABLE}
             ORDER BY "updatedAt" DESC, id DESC LIMIT q.lim OFFSET q.off)
           UNION ALL
           (SELECT id, title, "containerId", "updatedAt" FROM "content" ct WHERE q.sort = 'title' AND "containerId" = q.cid AND published AND ${LISTED_READABLE}
             ORDER BY title ASC, id ASC LIMIT q.lim OFFSET q.off)
         ) c ON true
         LEFT JOIN "slug" sl ON sl."contentId" = c.id AND sl.published
         LEFT JOIN "slug_path" slp ON slp."slugId" = sl.id AND slp.lang = $8::lang
         LEFT JOIN LATERAL (SELECT ${fieldsOf('own', 'c.id', '$8::lang')} FROM (VALUES (1)) one ${documentJoin('own', 'c.id', '$8::lang')}) d ON true
         LEFT JOIN LATERAL (SELECT json_object_agg(f.name, f.type) AS types FROM "container_field" f WHERE f."containerId" = q.cid) t ON true`;

/** 5. The contents CONTENT fields refer to that the reader may open, with their path in the locale ($4). */
export const REFERENCED_SQL = `SELECT c.id, c.title, c."containerId", sp."full" FROM "content" c LEFT JOIN "slug" s ON s."contentId" = c.id AND s.published
             LEFT JOIN "slug_path" sp ON sp."slugId" = s.id AND sp.lang = $4::lang
             WHERE c.id = ANY($1::int[]) AND c.published AND ${REFERENCED_READABLE}`;
