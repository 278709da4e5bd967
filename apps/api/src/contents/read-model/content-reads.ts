import { documentJoin, fieldsOf, localSlugColumns, localSlugJoin, publishingColumns } from './content-rows';

/**
 * One content's row, its slug, fields, PAGE sections, metadata and accesses, for the id and locale
 * given as SQL expressions (the locale fallbacks of sections and metadata are picked in Node by
 * their services' functions).
 */
const oneContentSql = (
  id: string,
  lang: string,
) => `SELECT content.id, content.title, content."containerId", content.published, content.status, content."updatedAt",
        ${localSlugColumns(lang)}, slug.basic AS "defaultSlug", slug.id AS "slugId", slug."parentId" AS "parentSlugId",
        ${publishingColumns('content')}, (SELECT k.drafts FROM "container" k WHERE k.id = content."containerId") AS drafts,
        ${fieldsOf('own', 'content.id', lang)},
        (SELECT coalesce(json_agg(json_build_object('id', s.id, 'type', s.type, 'block', s.block, 'position', s.position, 'lang', s.lang, 'content', s.content,
            'formId', s."formId", 'elementId', s."elementId", 'containerContentId', s."containerContentId", 'containerId', s."containerId", 'contentId', s."contentId")
            ORDER BY s.position, s.id), '[]'::json)
          FROM section s WHERE s."contentId" = content.id AND s."containerId" IS NULL AND s.type = 'PAGE' AND s.lang IN (${lang}, 'en')) AS sections,
        (SELECT coalesce(json_agg(json_build_object('name', m.name, 'content', m.content, 'lang', m.lang) ORDER BY m.id), '[]'::json)
          FROM metadata m WHERE m."contentId" = content.id AND m.lang IN (${lang}, 'en')) AS metadata,
        ARRAY(SELECT a."roleId" FROM access a WHERE a."contentId" = content.id ORDER BY a."roleId") AS accesses
      FROM content
      LEFT JOIN slug ON slug."contentId" = content.id
      ${localSlugJoin(lang)}
      ${documentJoin('own', 'content.id', lang)}
      WHERE content.id = ${id}`;

/**
 * Contents by (id, locale) pairs, $1 and $2: each pair is read as the single read would be (the
 * lateral subquery is kept whole by OFFSET 0, so its plan is the single read's index lookups
 * whatever the number of pairs), `n` tells which pair a row answers.
 */
export const CONTENTS_BY_ID_SQL = `SELECT q.n::int AS n, r.* FROM unnest($1::int[], $2::lang[]) WITH ORDINALITY AS q(id, lang, n)
  CROSS JOIN LATERAL (${oneContentSql('q.id', 'q.lang')} OFFSET 0) r`;

/**
 * A content's whole state in every locale (a ContentState, as JSON) for the id given as an SQL
 * expression: its row and slug, each locale's own field values (its content_document's `fields`) and slug segment (null: en's),
 * its own PAGE sections and metadata (null where a locale shows en's), its accesses. Built by
 * PostgreSQL alone, so that a version is written by one statement (VersionsService.record).
 */
export const contentStateSql = (id: string) => `(SELECT json_build_object(
        'title', content.title, 'status', content.status, 'published', content.published, 'slug', slug.basic, 'parentSlugId', slug."parentId",
        'accesses', ARRAY(SELECT a."roleId" FROM access a WHERE a."contentId" = content.id ORDER BY a."roleId"),
        'locales', (SELECT json_object_agg(l.lang, json_build_object('fields', coalesce(d.fields, '{}'::jsonb), 'slug', sp.basic,
            'sections', CASE WHEN l.lang = 'en' THEN coalesce(s.list, '[]'::json) ELSE s.list END,
            'metadata', CASE WHEN l.lang = 'en' THEN coalesce(m.list, '[]'::json) ELSE m.list END) ORDER BY l.lang)
          FROM unnest(enum_range(NULL::lang)) AS l(lang)
          LEFT JOIN "content_document" d ON d."contentId" = content.id AND d.lang = l.lang
          LEFT JOIN "slug_path" sp ON sp."slugId" = slug.id AND sp.lang = l.lang
          LEFT JOIN (SELECT s.lang, json_agg(json_build_object('type', s.type, 'block', s.block, 'position', s.position, 'content', coalesce(s.content, '{}'::jsonb),
              'formId', s."formId", 'elementId', s."elementId", 'containerContentId', s."containerContentId") ORDER BY s.position, s.id) AS list
            FROM section s WHERE s."contentId" = content.id AND s."containerId" IS NULL AND s.type = 'PAGE' GROUP BY s.lang) s ON s.lang = l.lang
          LEFT JOIN (SELECT m.lang, json_agg(json_build_object('name', m.name, 'content', m.content) ORDER BY m.id) AS list
            FROM metadata m WHERE m."contentId" = content.id GROUP BY m.lang) m ON m.lang = l.lang))
      FROM content LEFT JOIN slug ON slug."contentId" = content.id
      WHERE content.id = ${id})`;

/**
 * `(id, state)` rows of contents (their ids an SQL int[] expression), each state as
 * contentStateSql builds it, for a version of each written by one statement.
 */
export const contentStatesSql = (ids: string) => `SELECT i.id, ${contentStateSql('i.id')}::jsonb AS state FROM unnest(${ids}) AS i(id)`;

/**
 * contentStatesSql for new contents that have no sections, metadata, accesses or locale slugs of
 * their own (what a bulk create writes when its items carry no page parts): the same states (the
 * bulk spec compares them), built in one pass over their rows and fields instead of a dozen
 * lookups per content, which made half of a bulk create's database time, and as jsonb from the
 * start (json text cast to jsonb was parsed again).
 */
export const newContentStatesSql = (ids: string) => `SELECT c.id, jsonb_build_object(
    'title', c.title, 'status', c.status, 'published', c.published, 'slug', s.basic, 'parentSlugId', s."parentId", 'accesses', '[]'::jsonb,
    'locales', (SELECT jsonb_object_agg(l.lang, jsonb_build_object('fields', coalesce(d.docs -> l.lang::text, '{}'::jsonb), 'slug', NULL,
        'sections', CASE WHEN l.lang = 'en' THEN '[]'::jsonb END, 'metadata', CASE WHEN l.lang = 'en' THEN '[]'::jsonb END) ORDER BY l.lang)
      FROM unnest(enum_range(NULL::lang)) AS l(lang))
  ) AS state
  FROM "content" c
  LEFT JOIN "slug" s ON s."contentId" = c.id
  LEFT JOIN (SELECT f."contentId", jsonb_object_agg(f.lang, f.fields) AS docs FROM "content_document" f WHERE f."contentId" = ANY(${ids}) GROUP BY f."contentId") d
    ON d."contentId" = c.id
  WHERE c.id = ANY(${ids})`;
