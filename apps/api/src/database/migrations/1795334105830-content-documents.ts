import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The value of each field of the pairs in `ids` and `langs` (a refresh function's arguments), one
 * row per (content, locale, name), from the field rows. Later migrations that rewrite
 * content_document_refresh hold their own copy: a migration imports nothing but typeorm.
 */
const FIELD_VALUES_SQL = `SELECT f."contentId", f."lang", f."name",
          CASE WHEN (array_agg(f."multiple" ORDER BY f."position", f."id"))[1]
            THEN coalesce(jsonb_agg(content_field_item(f) ORDER BY f."position", f."id") FILTER (WHERE content_field_item(f) IS NOT NULL), '[]'::jsonb)
            ELSE coalesce((array_agg(content_field_item(f) ORDER BY f."position", f."id") FILTER (WHERE content_field_item(f) IS NOT NULL))[1], 'null'::jsonb)
          END AS "value"
        FROM "content_field" f
        JOIN (SELECT DISTINCT * FROM unnest(ids, langs) AS p("contentId", "lang")) p ON f."contentId" = p."contentId" AND f."lang" = p."lang"
        GROUP BY f."contentId", f."lang", f."name"`;

/** Rebuilds the documents of these (content, locale) pairs from their field rows (as this migration made it; ContentDocumentMerged replaces it). */
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

/**
 * A read model of content fields: per content and locale, the locale's own values as one JSON
 * object (field name → API value), kept by triggers on content_field, so that a contents list
 * reads 25 small rows instead of aggregating hundreds of field rows at every request.
 *
 * The triggers catch every write, the ones the API makes and the ones the database makes itself
 * (ON DELETE SET NULL of a referenced content, cascades), so the model cannot drift. The value of
 * a field is what `valueOf` in contents/field-values.ts answers; a test compares both on every
 * field type. The fallback to en is applied at read time (`en || locale`), so a write in one
 * locale only rebuilds that locale's row.
 */
export class ContentDocuments1795334105830 implements MigrationInterface {
  name = 'ContentDocuments1795334105830';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "content_document" ("contentId" integer NOT NULL REFERENCES "content"("id") ON DELETE CASCADE, "lang" "lang" NOT NULL, "fields" jsonb NOT NULL, PRIMARY KEY ("contentId", "lang"))`,
    );
    // itemOf: the API value of one stored row, or NULL when it holds none.
    await queryRunner.query(`CREATE FUNCTION "content_field_item"(f "content_field") RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE f."type"
        WHEN 'NUMBER' THEN to_jsonb(f."numberValue")
        WHEN 'POSITION' THEN to_jsonb(f."numberValue")
        WHEN 'BOOLEAN' THEN to_jsonb(f."boolValue")
        WHEN 'DATE' THEN to_jsonb(to_char(f."dateValue" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        WHEN 'LOCATION' THEN nullif(f."textValue"::jsonb, 'null'::jsonb)
        WHEN 'TIMERANGE' THEN nullif(f."timeRange", 'null'::jsonb)
        WHEN 'IMAGE' THEN to_jsonb(f."mediaId")
        WHEN 'FILE' THEN to_jsonb(f."mediaId")
        WHEN 'VIDEO' THEN to_jsonb(f."mediaId")
        WHEN 'CONTENT' THEN to_jsonb(f."contentValueId")
        ELSE to_jsonb(f."textValue")
      END $$`);
    await queryRunner.query(CONTENT_DOCUMENT_REFRESH);
    await queryRunner.query(`CREATE FUNCTION "content_document_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE ids integer[]; langs "lang"[];
      BEGIN
        IF TG_OP = 'INSERT' THEN
          SELECT array_agg(p."contentId"), array_agg(p."lang") INTO ids, langs FROM (SELECT DISTINCT "contentId", "lang" FROM "new_fields") p;
        ELSIF TG_OP = 'DELETE' THEN
          SELECT array_agg(p."contentId"), array_agg(p."lang") INTO ids, langs FROM (SELECT DISTINCT "contentId", "lang" FROM "old_fields") p;
        ELSE
          SELECT array_agg(p."contentId"), array_agg(p."lang") INTO ids, langs
          FROM (SELECT "contentId", "lang" FROM "old_fields" UNION SELECT "contentId", "lang" FROM "new_fields") p;
        END IF;
        IF ids IS NOT NULL THEN PERFORM content_document_refresh(ids, langs); END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "content_document_insert" AFTER INSERT ON "content_field" REFERENCING NEW TABLE AS "new_fields" FOR EACH STATEMENT EXECUTE FUNCTION "content_document_changed"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "content_document_delete" AFTER DELETE ON "content_field" REFERENCING OLD TABLE AS "old_fields" FOR EACH STATEMENT EXECUTE FUNCTION "content_document_changed"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "content_document_update" AFTER UPDATE ON "content_field" REFERENCING OLD TABLE AS "old_fields" NEW TABLE AS "new_fields" FOR EACH STATEMENT EXECUTE FUNCTION "content_document_changed"()`,
    );
    // Documents of the contents already stored.
    await queryRunner.query(
      `SELECT content_document_refresh(array_agg(p."contentId"), array_agg(p."lang")) FROM (SELECT DISTINCT "contentId", "lang" FROM "content_field") p HAVING count(*) > 0`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "content_document_update" ON "content_field"`);
    await queryRunner.query(`DROP TRIGGER "content_document_delete" ON "content_field"`);
    await queryRunner.query(`DROP TRIGGER "content_document_insert" ON "content_field"`);
    await queryRunner.query(`DROP FUNCTION "content_document_changed"()`);
    await queryRunner.query(`DROP FUNCTION "content_document_refresh"(integer[], "lang"[])`);
    await queryRunner.query(`DROP FUNCTION "content_field_item"("content_field")`);
    await queryRunner.query(`DROP TABLE "content_document"`);
  }
}
