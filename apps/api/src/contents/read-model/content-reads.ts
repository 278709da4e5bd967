import { fieldsOf } from './content-rows';

/**
 * One content's read row in one locale, with its slug's id and parent, its PAGE sections, metadata
 * and accesses as JSON, for the id and locale given as SQL expressions (the locale fallbacks of
 * sections and metadata are picked in Node by their services' functions).
 */
const oneContentSql = (id: string, lang: string) => `SELECT r."contentId" AS id, r.title, r."containerId", r.published, r.status, r."updatedAt",
        r.slug, r.path AS full, slug.id AS "slugId", slug."parentId" AS "parentSlugId",
        ${fieldsOf('r')},
        (SELECT coalesce(json_agg(json_build_object('id', s.id, 'type', s.type, 'block', s.block, 'position', s.position, 'lang', s.lang, 'content', s.content,
            'formId', s."formId", 'elementId', s."elementId", 'containerContentId', s."containerContentId", 'containerId', s."containerId", 'contentId', s."contentId")
            ORDER BY s.position, s.id), '[]'::json)
          FROM section s WHERE s."contentId" = r."contentId" AND s."containerId" IS NULL AND s.type = 'PAGE' AND s.lang IN (${lang}, 'en')) AS sections,
        (SELECT coalesce(json_agg(json_build_object('name', m.name, 'content', m.content, 'lang', m.lang) ORDER BY m.id), '[]'::json)
          FROM metadata m WHERE m."contentId" = r."contentId" AND m.lang IN (${lang}, 'en')) AS metadata,
        ARRAY(SELECT a."roleId" FROM access a WHERE a."contentId" = r."contentId" ORDER BY a."roleId") AS accesses
      FROM "content_read" r
      LEFT JOIN LATERAL (SELECT sl.id, sl."parentId" FROM slug sl WHERE sl."contentId" = r."contentId" ORDER BY sl.id LIMIT 1) slug ON true
      WHERE r."contentId" = ${id} AND r.lang = ${lang}`;

/**
 * Contents by (id, locale) pairs, $1 and $2: each pair is read as the single read would be (the
 * lateral subquery is kept whole by OFFSET 0, so its plan is the single read's index lookups
 * whatever the number of pairs), `n` tells which pair a row answers.
 */
export const CONTENTS_BY_ID_SQL = `SELECT q.n::int AS n, r.* FROM unnest($1::int[], $2::lang[]) WITH ORDINALITY AS q(id, lang, n)
  CROSS JOIN LATERAL (${oneContentSql('q.id', 'q.lang')} OFFSET 0) r`;
