import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The documents of the pairs in `ids` and `langs`, as ContentDocumentWrittenOnce computes them (a migration imports nothing but typeorm). */
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

/** A locale's fields over en's `e` (NULL when en has none) as JSON text, and the names it takes from en, for a document's fields `d`. */
const mergedSql = (d: string, e: string) => `(coalesce(${e}, '{}'::jsonb) || ${d})::text`;
const fallbackSql = (d: string, e: string) => `ARRAY(SELECT k FROM jsonb_object_keys(${e}) k WHERE NOT ${d} ? k ORDER BY k)`;
/** Per name of the fields `d`, the md5 of en's value of it in en's fields `e` (JSON null when en has none): the day-one sources. */
const sourcesSql = (d: string, e: string) =>
  `(SELECT coalesce(jsonb_object_agg(k, md5(coalesce(${e} -> k, 'null'::jsonb)::text)), '{}'::jsonb) FROM jsonb_object_keys(${d}) k)`;

/** content_document_refresh as ContentDocumentWrittenOnce left it: its body, for `down`. */
const refreshBody = (
  withSources: boolean,
) => `CREATE OR REPLACE FUNCTION "content_document_refresh"(ids integer[], langs "lang"[]) RETURNS void LANGUAGE plpgsql
      SET plan_cache_mode = force_generic_plan AS $$ BEGIN
      DELETE FROM "content_document" d USING unnest(ids, langs) AS p("contentId", "lang")
      WHERE d."contentId" = p."contentId" AND d."lang" = p."lang"
        AND NOT EXISTS (SELECT 1 FROM "content_field" f WHERE f."contentId" = p."contentId" AND f."lang" = p."lang");
      WITH w AS (
${FIELD_DOCUMENTS_SQL}
      )
      INSERT INTO "content_document" ("contentId", "lang", "fields", "json", "fallback"${withSources ? ', "source"' : ''})
      SELECT w."contentId", w."lang", w."fields",
        CASE WHEN w."lang" = 'en' THEN w."fields"::text ELSE ${mergedSql('w."fields"', 'coalesce(we."fields", e."fields")')} END,
        CASE WHEN w."lang" = 'en' THEN ARRAY(SELECT k FROM jsonb_object_keys(w."fields") k ORDER BY k)
          ELSE ${fallbackSql('w."fields"', 'coalesce(we."fields", e."fields")')} END${
            withSources
              ? `,
        -- A value the write left as it was keeps its source; a written one takes en's value of now (its md5).
        CASE WHEN w."lang" = 'en' THEN '{}'::jsonb ELSE (SELECT coalesce(jsonb_object_agg(k, CASE WHEN o."fields" -> k = w."fields" -> k AND o."source" ? k
            THEN o."source" -> k ELSE to_jsonb(md5(coalesce(coalesce(we."fields", e."fields") -> k, 'null'::jsonb)::text)) END), '{}'::jsonb)
          FROM jsonb_object_keys(w."fields") k) END`
              : ''
          }
      FROM w
      -- en's fields after this call: its new document when en is among the pairs, else the stored one.
      LEFT JOIN w we ON we."contentId" = w."contentId" AND we."lang" = 'en' AND w."lang" <> 'en'
      LEFT JOIN "content_document" e ON e."contentId" = w."contentId" AND e."lang" = 'en' AND w."lang" <> 'en'
        AND NOT EXISTS (SELECT 1 FROM unnest(ids, langs) AS q("contentId", "lang") WHERE q."contentId" = w."contentId" AND q."lang" = 'en')${
          withSources
            ? `
      -- The locale's stored document, whose sources the values left unchanged keep.
      LEFT JOIN "content_document" o ON o."contentId" = w."contentId" AND o."lang" = w."lang" AND w."lang" <> 'en'`
            : ''
        }
      ON CONFLICT ("contentId", "lang") DO UPDATE SET "fields" = EXCLUDED."fields", "json" = EXCLUDED."json", "fallback" = EXCLUDED."fallback"${
        withSources ? `, "source" = EXCLUDED."source"` : ''
      }
        WHERE ("content_document"."fields", "content_document"."json", "content_document"."fallback") IS DISTINCT FROM (EXCLUDED."fields", EXCLUDED."json", EXCLUDED."fallback");
      -- The other locales of the contents whose en document changed (written or dropped), but for those written above.
      UPDATE "content_document" d SET "json" = ${mergedSql('d."fields"', 'e."fields"')}, "fallback" = ${fallbackSql('d."fields"', 'e."fields"')}
      FROM (SELECT DISTINCT p."contentId" FROM unnest(ids, langs) AS p("contentId", "lang") WHERE p."lang" = 'en') p
      LEFT JOIN "content_document" e ON e."contentId" = p."contentId" AND e."lang" = 'en'
      WHERE d."contentId" = p."contentId" AND d."lang" <> 'en'
        AND NOT EXISTS (SELECT 1 FROM unnest(ids, langs) AS q("contentId", "lang") WHERE q."contentId" = d."contentId" AND q."lang" = d."lang")
        AND (d."json", d."fallback") IS DISTINCT FROM (${mergedSql('d."fields"', 'e."fields"')}, ${fallbackSql('d."fields"', 'e."fields"')});
    END $$`;

/**
 * Translation status (issue 27): each non-en document records, per field of its own, the md5 of
 * en's value of that field when the locale's value was last written (`source`). A field whose en
 * value no longer hashes to it is outdated: en changed after the translation.
 *
 * The refresh writes it in the statements it already runs: a locale's written document keeps the
 * recorded source of every value the write left unchanged (its stored row, joined, tells; saving
 * the French title does not mark the French body up to date) and takes en's value as it is after
 * the call for the others, hashing only those. The
 * statement that follows an en write rewrites the other locales' json and fallback only: their
 * sources stay, which is what makes them outdated. en's own source is always empty.
 *
 * Existing documents start with en's current values: nothing is outdated on day one. Hashes, not
 * en's values, keep the table (read by every list) from growing by a copy of en per locale.
 */
export class ContentTranslationSources1795761786000 implements MigrationInterface {
  name = 'ContentTranslationSources1795761786000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "content_document" ADD "source" jsonb NOT NULL DEFAULT '{}'`);
    await queryRunner.query(
      `UPDATE "content_document" d SET "source" = ${sourcesSql('d."fields"', 'e."fields"')}
       FROM "content_document" d2 LEFT JOIN "content_document" e ON e."contentId" = d2."contentId" AND e."lang" = 'en'
       WHERE d2."contentId" = d."contentId" AND d2."lang" = d."lang" AND d."lang" <> 'en'`,
    );
    await queryRunner.query(refreshBody(true));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(refreshBody(false));
    await queryRunner.query(`ALTER TABLE "content_document" DROP COLUMN "source"`);
  }
}
