import type { MigrationInterface, QueryRunner } from 'typeorm';

/** ContentDocuments' field values, copied as that migration ran (a migration imports nothing but typeorm). */
const FIELD_VALUES_SQL = `SELECT f."contentId", f."lang", f."name",
          CASE WHEN (array_agg(f."multiple" ORDER BY f."position", f."id"))[1]
            THEN coalesce(jsonb_agg(content_field_item(f) ORDER BY f."position", f."id") FILTER (WHERE content_field_item(f) IS NOT NULL), '[]'::jsonb)
            ELSE coalesce((array_agg(content_field_item(f) ORDER BY f."position", f."id") FILTER (WHERE content_field_item(f) IS NOT NULL))[1], 'null'::jsonb)
          END AS "value"
        FROM "content_field" f
        JOIN (SELECT DISTINCT * FROM unnest(ids, langs) AS p("contentId", "lang")) p ON f."contentId" = p."contentId" AND f."lang" = p."lang"
        GROUP BY f."contentId", f."lang", f."name"`;

/** content_document_refresh as ContentDocuments made it: what `down` restores. */
const CONTENT_DOCUMENT_REFRESH = `CREATE OR REPLACE FUNCTION "content_document_refresh"(ids integer[], langs "lang"[]) RETURNS void LANGUAGE sql AS $$
      DELETE FROM "content_document" d USING unnest(ids, langs) AS p("contentId", "lang")
      WHERE d."contentId" = p."contentId" AND d."lang" = p."lang"
        AND NOT EXISTS (SELECT 1 FROM "content_field" f WHERE f."contentId" = p."contentId" AND f."lang" = p."lang");
      INSERT INTO "content_document" ("contentId", "lang", "fields")
      SELECT v."contentId", v."lang", jsonb_object_agg(v."name", v."value")
      FROM (
        ${FIELD_VALUES_SQL}
      ) v
      GROUP BY v."contentId", v."lang"
      ON CONFLICT ("contentId", "lang") DO UPDATE SET "fields" = EXCLUDED."fields";
    $$`;

/** A locale's fields over en's as JSON text, and the names it takes from en, for a document `d` and en's `e` (either may be NULL). */
const mergedSql = (d: string, e: string) => `(coalesce(${e}."fields", '{}'::jsonb) || ${d}."fields")::text`;
const fallbackSql = (d: string, e: string) => `ARRAY(SELECT k FROM jsonb_object_keys(${e}."fields") k WHERE NOT ${d}."fields" ? k ORDER BY k)`;

/**
 * The documents of the pairs in `ids` and `langs` (a refresh function's arguments) from their field rows:
 * one row per pair that has values, ("contentId", "lang", "fields"): ContentDocuments' field values
 * gathered into one object per pair.
 */
const FIELD_DOCUMENTS_SQL = `        SELECT v."contentId", v."lang", jsonb_object_agg(v."name", v."value") AS "fields"
        FROM (
          ${FIELD_VALUES_SQL}
        ) v
        GROUP BY v."contentId", v."lang"`;

/** content_document_refresh as this migration makes it (ContentDocumentWrittenOnce replaces it, and restores it on the way down). */
const CONTENT_DOCUMENT_REFRESH_MERGED = `CREATE FUNCTION "content_document_refresh"(ids integer[], langs "lang"[]) RETURNS void LANGUAGE plpgsql
      SET plan_cache_mode = force_generic_plan AS $$ BEGIN
      DELETE FROM "content_document" d USING unnest(ids, langs) AS p("contentId", "lang")
      WHERE d."contentId" = p."contentId" AND d."lang" = p."lang"
        AND NOT EXISTS (SELECT 1 FROM "content_field" f WHERE f."contentId" = p."contentId" AND f."lang" = p."lang");
      INSERT INTO "content_document" ("contentId", "lang", "fields", "json", "fallback")
      SELECT w."contentId", w."lang", w."fields",
        CASE WHEN w."lang" = 'en' THEN w."fields"::text ELSE ${mergedSql('w', 'e')} END,
        CASE WHEN w."lang" = 'en' THEN ARRAY(SELECT k FROM jsonb_object_keys(w."fields") k ORDER BY k) ELSE ${fallbackSql('w', 'e')} END
      FROM (
${FIELD_DOCUMENTS_SQL}
      ) w
      LEFT JOIN "content_document" e ON e."contentId" = w."contentId" AND e."lang" = 'en' AND w."lang" <> 'en'
      ON CONFLICT ("contentId", "lang") DO UPDATE SET "fields" = EXCLUDED."fields", "json" = EXCLUDED."json", "fallback" = EXCLUDED."fallback";
      UPDATE "content_document" d SET "json" = ${mergedSql('d', 'e')}, "fallback" = ${fallbackSql('d', 'e')}
      FROM (SELECT DISTINCT p."contentId" FROM unnest(ids, langs) AS p("contentId", "lang") WHERE p."lang" = 'en') p
      LEFT JOIN "content_document" e ON e."contentId" = p."contentId" AND e."lang" = 'en'
      WHERE d."contentId" = p."contentId" AND d."lang" <> 'en';
    END $$`;

/**
 * Each content document also holds what a read answers, computed when it is written rather than at
 * every read (issue 14): `json`, the locale's values over en's as JSON text (for en, its own), and
 * `fallback`, the names the locale takes from en (for en, every name it has: what a locale with no
 * document of its own takes). A list or single read then copies stored text instead of merging two
 * jsonb values and listing their keys for each of its rows: the list's statement went from 1,560 to
 * 3,100 executions a second (pgbench -M prepared -c 2, 25 rows of ~1.1 kB, 10,000 contents).
 *
 * The price is on writes to en: every other locale's document of that content is rewritten (the
 * refresh's last statement). A write in another locale still rewrites that locale's row only.
 */
export class ContentDocumentMerged1795700000000 implements MigrationInterface {
  name = 'ContentDocumentMerged1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "content_document" ADD COLUMN "json" text, ADD COLUMN "fallback" text[]`);
    await queryRunner.query(
      `UPDATE "content_document" d SET "json" = d."fields"::text, "fallback" = ARRAY(SELECT k FROM jsonb_object_keys(d."fields") k ORDER BY k) WHERE d."lang" = 'en'`,
    );
    await queryRunner.query(`UPDATE "content_document" d SET "json" = ${mergedSql('d', 'e')}, "fallback" = ${fallbackSql('d', 'e')}
      FROM "content_document" e WHERE e."contentId" = d."contentId" AND e."lang" = 'en' AND d."lang" <> 'en'`);
    // Locales of contents without an en document: their own values, nothing taken from en.
    await queryRunner.query(`UPDATE "content_document" d SET "json" = d."fields"::text, "fallback" = '{}' WHERE d."json" IS NULL`);
    // The rewrites queued the list-version triggers, deferred to the commit; they fire now, as ALTER TABLE needs.
    await queryRunner.query(`SET CONSTRAINTS ALL IMMEDIATE`);
    await queryRunner.query(`ALTER TABLE "content_document" ALTER COLUMN "json" SET NOT NULL, ALTER COLUMN "fallback" SET NOT NULL`);
    // The documents of the pairs given, then the other locales' of the contents whose en document
    // changed (written or dropped); each statement sees the ones before it, so the last one reads
    // en's new fields. PL/pgSQL with generic plans, not SQL: PostgreSQL plans a SQL function's
    // statements again at every call, and PL/pgSQL keeps custom plans for these (their estimates
    // differ by the arrays' values), so each content write paid about 2 ms of planning. Generic
    // plans are the index lookups per pair whatever the arrays hold: one create went from 4.9 to
    // 3.0 ms of PostgreSQL time (pgbench, one client, the API's create statement with 10 fields).
    await queryRunner.query(`DROP FUNCTION "content_document_refresh"(integer[], "lang"[])`);
    await queryRunner.query(CONTENT_DOCUMENT_REFRESH_MERGED);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION "content_document_refresh"(integer[], "lang"[])`);
    await queryRunner.query(CONTENT_DOCUMENT_REFRESH);
    await queryRunner.query(`ALTER TABLE "content_document" DROP COLUMN "json", DROP COLUMN "fallback"`);
  }
}
