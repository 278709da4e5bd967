import type { MigrationInterface, QueryRunner } from 'typeorm';

/** content_document_refresh's statements after the DELETE, as ContentTranslationSources left them (for `down`; a migration imports nothing but typeorm). */
const PREVIOUS_DOCUMENTS = `      WITH w AS (
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
      )
      INSERT INTO "content_document" ("contentId", "lang", "fields", "json", "fallback", "source")
      SELECT w."contentId", w."lang", w."fields",
        CASE WHEN w."lang" = 'en' THEN w."fields"::text ELSE (coalesce(coalesce(we."fields", e."fields"), '{}'::jsonb) || w."fields")::text END,
        CASE WHEN w."lang" = 'en' THEN ARRAY(SELECT k FROM jsonb_object_keys(w."fields") k ORDER BY k)
          ELSE ARRAY(SELECT k FROM jsonb_object_keys(coalesce(we."fields", e."fields")) k WHERE NOT w."fields" ? k ORDER BY k) END,
        -- A value the write left as it was keeps its source; a written one takes en's value of now (its md5).
        CASE WHEN w."lang" = 'en' THEN '{}'::jsonb ELSE (SELECT coalesce(jsonb_object_agg(k, CASE WHEN o."fields" -> k = w."fields" -> k AND o."source" ? k
            THEN o."source" -> k ELSE to_jsonb(md5(coalesce(coalesce(we."fields", e."fields") -> k, 'null'::jsonb)::text)) END), '{}'::jsonb)
          FROM jsonb_object_keys(w."fields") k) END
      FROM w
      -- en's fields after this call: its new document when en is among the pairs, else the stored one.
      LEFT JOIN w we ON we."contentId" = w."contentId" AND we."lang" = 'en' AND w."lang" <> 'en'
      LEFT JOIN "content_document" e ON e."contentId" = w."contentId" AND e."lang" = 'en' AND w."lang" <> 'en'
        AND NOT EXISTS (SELECT 1 FROM unnest(ids, langs) AS q("contentId", "lang") WHERE q."contentId" = w."contentId" AND q."lang" = 'en')`;

/** The same statements with one sort for all the values and en's new fields found by a window, not a join of the documents with themselves. */
const DOCUMENTS = `      WITH v AS (
        -- Each name's value from its rows in order. The subquery's ORDER BY is the aggregates' order (the
        -- grouping reads its rows as they come, already sorted): one sort for all the rows instead of one
        -- per aggregate and name, which cost most of a bulk create's refresh.
        SELECT i."contentId", i."lang", i."name",
          CASE WHEN (array_agg(i."multiple"))[1]
            THEN coalesce(jsonb_agg(i."item") FILTER (WHERE i."item" IS NOT NULL), '[]'::jsonb)
            ELSE coalesce(jsonb_agg(i."item") FILTER (WHERE i."item" IS NOT NULL) -> 0, 'null'::jsonb)
          END AS "value"
        FROM (
          SELECT f."contentId", f."lang", f."name", f."multiple", content_field_item(f) AS "item"
          FROM "content_field" f
          JOIN (SELECT DISTINCT * FROM unnest(ids, langs) AS p("contentId", "lang")) p ON f."contentId" = p."contentId" AND f."lang" = p."lang"
          ORDER BY f."contentId", f."lang", f."name", f."position", f."id"
        ) i
        GROUP BY i."contentId", i."lang", i."name"
      ), d AS (
        SELECT v."contentId", v."lang", jsonb_object_agg(v."name", v."value") AS "fields" FROM v GROUP BY v."contentId", v."lang"
      ), w AS (
        -- Beside each document, en's new fields when en is among the pairs (a join of d with itself ran
        -- as a nested loop, quadratic in the number of pairs under the generic plan).
        SELECT d."contentId", d."lang", d."fields", (array_agg(d."fields") FILTER (WHERE d."lang" = 'en') OVER (PARTITION BY d."contentId"))[1] AS "enFields"
        FROM d
      )
      INSERT INTO "content_document" ("contentId", "lang", "fields", "json", "fallback", "source")
      SELECT w."contentId", w."lang", w."fields",
        CASE WHEN w."lang" = 'en' THEN w."fields"::text ELSE (coalesce(coalesce(w."enFields", e."fields"), '{}'::jsonb) || w."fields")::text END,
        CASE WHEN w."lang" = 'en' THEN ARRAY(SELECT k FROM jsonb_object_keys(w."fields") k ORDER BY k)
          ELSE ARRAY(SELECT k FROM jsonb_object_keys(coalesce(w."enFields", e."fields")) k WHERE NOT w."fields" ? k ORDER BY k) END,
        -- A value the write left as it was keeps its source; a written one takes en's value of now (its md5).
        CASE WHEN w."lang" = 'en' THEN '{}'::jsonb ELSE (SELECT coalesce(jsonb_object_agg(k, CASE WHEN o."fields" -> k = w."fields" -> k AND o."source" ? k
            THEN o."source" -> k ELSE to_jsonb(md5(coalesce(coalesce(w."enFields", e."fields") -> k, 'null'::jsonb)::text)) END), '{}'::jsonb)
          FROM jsonb_object_keys(w."fields") k) END
      FROM w
      -- en's fields after this call: its new document when en is among the pairs, else the stored one.
      LEFT JOIN "content_document" e ON e."contentId" = w."contentId" AND e."lang" = 'en' AND w."lang" <> 'en'
        AND NOT EXISTS (SELECT 1 FROM unnest(ids, langs) AS q("contentId", "lang") WHERE q."contentId" = w."contentId" AND q."lang" = 'en')`;

const refresh = (documents: string) => `CREATE OR REPLACE FUNCTION "content_document_refresh"(ids integer[], langs "lang"[]) RETURNS void LANGUAGE plpgsql
      SET plan_cache_mode = force_generic_plan AS $$ BEGIN
      DELETE FROM "content_document" d USING unnest(ids, langs) AS p("contentId", "lang")
      WHERE d."contentId" = p."contentId" AND d."lang" = p."lang"
        AND NOT EXISTS (SELECT 1 FROM "content_field" f WHERE f."contentId" = p."contentId" AND f."lang" = p."lang");
${documents}
      -- The locale's stored document, whose sources the values left unchanged keep.
      LEFT JOIN "content_document" o ON o."contentId" = w."contentId" AND o."lang" = w."lang" AND w."lang" <> 'en'
      ON CONFLICT ("contentId", "lang") DO UPDATE SET "fields" = EXCLUDED."fields", "json" = EXCLUDED."json", "fallback" = EXCLUDED."fallback", "source" = EXCLUDED."source"
        WHERE ("content_document"."fields", "content_document"."json", "content_document"."fallback") IS DISTINCT FROM (EXCLUDED."fields", EXCLUDED."json", EXCLUDED."fallback");
      -- The other locales of the contents whose en document changed (written or dropped), but for those written above.
      UPDATE "content_document" d SET "json" = (coalesce(e."fields", '{}'::jsonb) || d."fields")::text, "fallback" = ARRAY(SELECT k FROM jsonb_object_keys(e."fields") k WHERE NOT d."fields" ? k ORDER BY k)
      FROM (SELECT DISTINCT p."contentId" FROM unnest(ids, langs) AS p("contentId", "lang") WHERE p."lang" = 'en') p
      LEFT JOIN "content_document" e ON e."contentId" = p."contentId" AND e."lang" = 'en'
      WHERE d."contentId" = p."contentId" AND d."lang" <> 'en'
        AND NOT EXISTS (SELECT 1 FROM unnest(ids, langs) AS q("contentId", "lang") WHERE q."contentId" = d."contentId" AND q."lang" = d."lang")
        AND (d."json", d."fallback") IS DISTINCT FROM ((coalesce(e."fields", '{}'::jsonb) || d."fields")::text, ARRAY(SELECT k FROM jsonb_object_keys(e."fields") k WHERE NOT d."fields" ? k ORDER BY k));
    END $$`;

/** The content_field indexes on columns most rows leave empty: now only over the rows that fill them. */
const PARTIAL = [
  { name: 'IDX_ec406fdf699b6b311eae0e4600', column: 'mediaId', partial: 'IDX_content_field_media' },
  { name: 'IDX_f9d5a75d5b47aa02fa8a8d32d6', column: 'contentValueId', partial: 'IDX_content_field_content_value' },
  { name: 'IDX_cf1d55af6535e30040ed5e5bea', column: 'parentId', partial: 'IDX_content_field_parent' },
];

/**
 * What a content write costs the database (issue 28's bulk create: 500 contents of 10 fields, about
 * 5,500 field rows, in one statement):
 * - content_document_refresh builds the documents with one sort instead of three per name and finds
 *   en's new fields with a window instead of a nested-loop join of the documents with themselves;
 *   the documents it writes are the same.
 * - Every field row was entered in three B-tree indexes of columns nearly every row leaves NULL
 *   (media, referenced content, parent): they are partial now (`IS NOT NULL`), which the lookups
 *   by those columns (the foreign keys' ON DELETE, "where is this picture used") still use. The index
 *   on "contentId" alone goes: ("contentId", "lang", "name") serves every lookup by content.
 */
export class ContentWriteCosts1795806000000 implements MigrationInterface {
  name = 'ContentWriteCosts1795806000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(refresh(DOCUMENTS));
    for (const index of PARTIAL) {
      await queryRunner.query(`DROP INDEX "public"."${index.name}"`);
      await queryRunner.query(`CREATE INDEX "${index.partial}" ON "content_field" ("${index.column}") WHERE "${index.column}" IS NOT NULL`);
    }
    await queryRunner.query(`DROP INDEX "public"."IDX_1acd79dc375f401d0629b231d4"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_1acd79dc375f401d0629b231d4" ON "content_field" ("contentId") `);
    for (const index of PARTIAL) {
      await queryRunner.query(`DROP INDEX "public"."${index.partial}"`);
      await queryRunner.query(`CREATE INDEX "${index.name}" ON "content_field" ("${index.column}") `);
    }
    await queryRunner.query(refresh(PREVIOUS_DOCUMENTS));
  }
}
