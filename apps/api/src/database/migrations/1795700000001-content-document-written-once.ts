import type { MigrationInterface, QueryRunner } from 'typeorm';

/** ContentDocumentMerged's documents of the pairs in `ids` and `langs`, copied as that migration ran them (a migration imports nothing but typeorm). */
const FIELD_DOCUMENTS_SQL = `        SELECT v."contentId", v."lang", jsonb_object_agg(v."name", v."value") AS "fields"
        FROM (
          SELECT f."contentId", f."lang", f."name",
          CASE WHEN (array_agg(f."multiple" ORDER BY f."position", f."id"))[1]
            THEN coalesce(jsonb_agg(content_field_item(f) ORDER BY f."position", f."id") FILTER (WHERE content_field_item(f) IS NOT NULL), '[]'::jsonb)
            ELSE coalesce((array_agg(content_field_item(f) ORDER BY f."position", f."id") FILTER (WHERE content_field_item(f) IS NOT NULL))[1], 'null'::jsonb)
          END AS "value"
        FROM "content_field" f
        JOIN (SELECT DISTINCT * FROM unnest(ids, langs) AS p("contentId", "lang")) p ON f."contentId" = p."contentId" AND f."lang" = p."lang"
        GROUP BY f."contentId", f."lang", f."name"
        ) v
        GROUP BY v."contentId", v."lang"`;

/** content_document_refresh as ContentDocumentMerged made it: what `down` restores. */
const CONTENT_DOCUMENT_REFRESH_MERGED = `CREATE FUNCTION "content_document_refresh"(ids integer[], langs "lang"[]) RETURNS void LANGUAGE plpgsql
      SET plan_cache_mode = force_generic_plan AS $$ BEGIN
      DELETE FROM "content_document" d USING unnest(ids, langs) AS p("contentId", "lang")
      WHERE d."contentId" = p."contentId" AND d."lang" = p."lang"
        AND NOT EXISTS (SELECT 1 FROM "content_field" f WHERE f."contentId" = p."contentId" AND f."lang" = p."lang");
      INSERT INTO "content_document" ("contentId", "lang", "fields", "json", "fallback")
      SELECT w."contentId", w."lang", w."fields",
        CASE WHEN w."lang" = 'en' THEN w."fields"::text ELSE (coalesce(e."fields", '{}'::jsonb) || w."fields")::text END,
        CASE WHEN w."lang" = 'en' THEN ARRAY(SELECT k FROM jsonb_object_keys(w."fields") k ORDER BY k) ELSE ARRAY(SELECT k FROM jsonb_object_keys(e."fields") k WHERE NOT w."fields" ? k ORDER BY k) END
      FROM (
        SELECT v."contentId", v."lang", jsonb_object_agg(v."name", v."value") AS "fields"
        FROM (
          SELECT f."contentId", f."lang", f."name",
          CASE WHEN (array_agg(f."multiple" ORDER BY f."position", f."id"))[1]
            THEN coalesce(jsonb_agg(content_field_item(f) ORDER BY f."position", f."id") FILTER (WHERE content_field_item(f) IS NOT NULL), '[]'::jsonb)
            ELSE coalesce((array_agg(content_field_item(f) ORDER BY f."position", f."id") FILTER (WHERE content_field_item(f) IS NOT NULL))[1], 'null'::jsonb)
          END AS "value"
        FROM "content_field" f
        JOIN (SELECT DISTINCT * FROM unnest(ids, langs) AS p("contentId", "lang")) p ON f."contentId" = p."contentId" AND f."lang" = p."lang"
        GROUP BY f."contentId", f."lang", f."name"
        ) v
        GROUP BY v."contentId", v."lang"
      ) w
      LEFT JOIN "content_document" e ON e."contentId" = w."contentId" AND e."lang" = 'en' AND w."lang" <> 'en'
      ON CONFLICT ("contentId", "lang") DO UPDATE SET "fields" = EXCLUDED."fields", "json" = EXCLUDED."json", "fallback" = EXCLUDED."fallback";
      UPDATE "content_document" d SET "json" = (coalesce(e."fields", '{}'::jsonb) || d."fields")::text, "fallback" = ARRAY(SELECT k FROM jsonb_object_keys(e."fields") k WHERE NOT d."fields" ? k ORDER BY k)
      FROM (SELECT DISTINCT p."contentId" FROM unnest(ids, langs) AS p("contentId", "lang") WHERE p."lang" = 'en') p
      LEFT JOIN "content_document" e ON e."contentId" = p."contentId" AND e."lang" = 'en'
      WHERE d."contentId" = p."contentId" AND d."lang" <> 'en';
    END $$`;

/** A locale's fields over en's `e` (NULL when en has none) as JSON text, and the names it takes from en, for a document's fields `d`. */
const mergedSql = (d: string, e: string) => `(coalesce(${e}, '{}'::jsonb) || ${d})::text`;
const fallbackSql = (d: string, e: string) => `ARRAY(SELECT k FROM jsonb_object_keys(${e}) k WHERE NOT ${d} ? k ORDER BY k)`;

/**
 * content_document_refresh writes each document once per call, and leaves a document alone when
 * nothing in it changes (issue 14).
 *
 * ContentDocumentMerged's refresh merged a locale's new document with en's stored one, then
 * rewrote every other locale's document of the contents whose en was in the call. A write of en
 * and fr together therefore wrote fr twice, and an import of five locales (one statement) wrote
 * four of every five documents twice. The table was left half dead: 156 MB for 50,000 documents of
 * 1.6 kB after `tools/seed-demo.mjs --contents 10000`, 86 MB once compacted. Its reads then missed
 * PostgreSQL's buffers (128 MB by default): a list window with a different offset at every request
 * cost 1.8 ms of PostgreSQL CPU instead of 0.8.
 *
 * Now a locale's document is merged with en's fields as they are after the call (en's new
 * document when en is among the pairs, else its stored one), and the last statement rewrites only
 * the other locales that were not among the pairs. Both skip a row whose stored values are
 * already right: no dead row, and no list version change, for a write that changes nothing a
 * read answers.
 */
export class ContentDocumentWrittenOnce1795700000001 implements MigrationInterface {
  name = 'ContentDocumentWrittenOnce1795700000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE OR REPLACE FUNCTION "content_document_refresh"(ids integer[], langs "lang"[]) RETURNS void LANGUAGE plpgsql
      SET plan_cache_mode = force_generic_plan AS $$ BEGIN
      DELETE FROM "content_document" d USING unnest(ids, langs) AS p("contentId", "lang")
      WHERE d."contentId" = p."contentId" AND d."lang" = p."lang"
        AND NOT EXISTS (SELECT 1 FROM "content_field" f WHERE f."contentId" = p."contentId" AND f."lang" = p."lang");
      WITH w AS (
${FIELD_DOCUMENTS_SQL}
      )
      INSERT INTO "content_document" ("contentId", "lang", "fields", "json", "fallback")
      SELECT w."contentId", w."lang", w."fields",
        CASE WHEN w."lang" = 'en' THEN w."fields"::text ELSE ${mergedSql('w."fields"', 'coalesce(we."fields", e."fields")')} END,
        CASE WHEN w."lang" = 'en' THEN ARRAY(SELECT k FROM jsonb_object_keys(w."fields") k ORDER BY k)
          ELSE ${fallbackSql('w."fields"', 'coalesce(we."fields", e."fields")')} END
      FROM w
      -- en's fields after this call: its new document when en is among the pairs, else the stored one.
      LEFT JOIN w we ON we."contentId" = w."contentId" AND we."lang" = 'en' AND w."lang" <> 'en'
      LEFT JOIN "content_document" e ON e."contentId" = w."contentId" AND e."lang" = 'en' AND w."lang" <> 'en'
        AND NOT EXISTS (SELECT 1 FROM unnest(ids, langs) AS q("contentId", "lang") WHERE q."contentId" = w."contentId" AND q."lang" = 'en')
      ON CONFLICT ("contentId", "lang") DO UPDATE SET "fields" = EXCLUDED."fields", "json" = EXCLUDED."json", "fallback" = EXCLUDED."fallback"
        WHERE ("content_document"."fields", "content_document"."json", "content_document"."fallback") IS DISTINCT FROM (EXCLUDED."fields", EXCLUDED."json", EXCLUDED."fallback");
      -- The other locales of the contents whose en document changed (written or dropped), but for those written above.
      UPDATE "content_document" d SET "json" = ${mergedSql('d."fields"', 'e."fields"')}, "fallback" = ${fallbackSql('d."fields"', 'e."fields"')}
      FROM (SELECT DISTINCT p."contentId" FROM unnest(ids, langs) AS p("contentId", "lang") WHERE p."lang" = 'en') p
      LEFT JOIN "content_document" e ON e."contentId" = p."contentId" AND e."lang" = 'en'
      WHERE d."contentId" = p."contentId" AND d."lang" <> 'en'
        AND NOT EXISTS (SELECT 1 FROM unnest(ids, langs) AS q("contentId", "lang") WHERE q."contentId" = d."contentId" AND q."lang" = d."lang")
        AND (d."json", d."fallback") IS DISTINCT FROM (${mergedSql('d."fields"', 'e."fields"')}, ${fallbackSql('d."fields"', 'e."fields"')});
    END $$`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION "content_document_refresh"(integer[], "lang"[])`);
    await queryRunner.query(CONTENT_DOCUMENT_REFRESH_MERGED);
  }
}
