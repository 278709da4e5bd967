import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The columns of a read row, in the order content_read_refresh writes them. */
const COLUMNS = `"contentId", "lang", "containerId", "title", "published", "status", "updatedAt", "slug", "path", "slugPublished", "json", "fallback"`;
const UPDATED = `"containerId", "title", "published", "status", "updatedAt", "slug", "path", "slugPublished", "json", "fallback"`;
const excluded = (columns: string, table: string) =>
  columns
    .split(', ')
    .map((column) => `${table}.${column}`)
    .join(', ');

/**
 * One read row per content and locale (issue 23): what a contents list shows, the page read takes
 * and the single read answers, in one row of `content_read`: the content's columns, its slug and
 * path, and its fields in the locale (the locale's values over en's, the names taken from en),
 * copied from content_document as the reads computed them until now (`coalesce(own, en, '{}')`),
 * so the answers stay the same bytes. A list window reads 25 rows of one table instead of looking
 * up, per listed content, its row, its slug and one or two documents; a listing on a page reads
 * its cards' fields from the same rows instead of the field rows merged in Node.
 *
 * content_read_refresh(ids) writes the five rows of each content named from the tables they derive
 * from, leaving alone a row whose values are already right. A new content's rows are written at
 * commit (a deferred trigger), once, with the fields and slug its transaction gave it: a create
 * writes five rows, not five and then five again as its fields and slug go in. Then statement
 * triggers on content (update), slug and content_document (insert, update, delete) call it with the
 * contents their statement touched that have rows. A deleted content's rows go by cascade.
 */
export class ContentReadRows1795728503651 implements MigrationInterface {
  name = 'ContentReadRows1795728503651';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "content_read" (
      "contentId" integer NOT NULL REFERENCES "content"("id") ON DELETE CASCADE,
      "lang" "lang" NOT NULL,
      "containerId" integer NOT NULL,
      "title" character varying(300) NOT NULL,
      "published" boolean NOT NULL,
      "status" "status" NOT NULL,
      "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL,
      "slug" character varying(200),
      "path" character varying(1000),
      "slugPublished" boolean,
      "json" text NOT NULL,
      "fallback" text[] NOT NULL,
      PRIMARY KEY ("contentId", "lang"))`);
    // A list window's ids are cut from an index alone (its filters included), then its rows read by key.
    await queryRunner.query(
      `CREATE INDEX "IDX_content_read_container_updated" ON "content_read" ("lang", "containerId", "updatedAt", "contentId") INCLUDE ("published", "status")`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_content_read_updated" ON "content_read" ("lang", "updatedAt", "contentId") INCLUDE ("containerId", "published", "status")`,
    );
    // PL/pgSQL with a generic plan: planned once per connection, where a SQL function would be planned at every call.
    await queryRunner.query(`CREATE FUNCTION "content_read_refresh"(ids integer[]) RETURNS void LANGUAGE plpgsql
      SET plan_cache_mode = force_generic_plan AS $$ BEGIN
      INSERT INTO "content_read" (${COLUMNS})
      SELECT c."id", l."lang", c."containerId", c."title", c."published", c."status", c."updatedAt", s."basic", s."full", s."published",
        coalesce(own."json", en."json", '{}'),
        CASE WHEN l."lang" = 'en' THEN '{}'::text[] ELSE coalesce(own."fallback", en."fallback", '{}'::text[]) END
      FROM "content" c
      CROSS JOIN unnest(enum_range(NULL::"lang")) AS l("lang")
      LEFT JOIN LATERAL (SELECT sl."basic", sl."full", sl."published" FROM "slug" sl WHERE sl."contentId" = c."id" ORDER BY sl."id" LIMIT 1) s ON true
      LEFT JOIN "content_document" own ON own."contentId" = c."id" AND own."lang" = l."lang" AND l."lang" <> 'en'
      LEFT JOIN "content_document" en ON en."contentId" = c."id" AND en."lang" = 'en'
      WHERE c."id" = ANY(ids)
      ON CONFLICT ("contentId", "lang") DO UPDATE SET (${UPDATED}) = (${excluded(UPDATED, 'EXCLUDED')})
      WHERE (${excluded(UPDATED, '"content_read"')}) IS DISTINCT FROM (${excluded(UPDATED, 'EXCLUDED')});
    END $$`);
    // A statement that changes contents, slugs or documents rewrites the rows of the contents that have them.
    await queryRunner.query(`CREATE FUNCTION "content_read_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE ids integer[];
      BEGIN
        IF TG_TABLE_NAME = 'content' THEN
          SELECT array_agg(DISTINCT "id") INTO ids FROM "new_rows" n WHERE EXISTS (SELECT 1 FROM "content_read" r WHERE r."contentId" = n."id" AND r."lang" = 'en');
        ELSIF TG_OP = 'INSERT' THEN
          SELECT array_agg(DISTINCT "contentId") INTO ids FROM "new_rows" n
          WHERE EXISTS (SELECT 1 FROM "content_read" r WHERE r."contentId" = n."contentId" AND r."lang" = 'en');
        ELSIF TG_OP = 'DELETE' THEN
          SELECT array_agg(DISTINCT "contentId") INTO ids FROM "old_rows" o
          WHERE EXISTS (SELECT 1 FROM "content_read" r WHERE r."contentId" = o."contentId" AND r."lang" = 'en');
        ELSE
          SELECT array_agg(DISTINCT p."contentId") INTO ids FROM (SELECT "contentId" FROM "old_rows" UNION SELECT "contentId" FROM "new_rows") p
          WHERE EXISTS (SELECT 1 FROM "content_read" r WHERE r."contentId" = p."contentId" AND r."lang" = 'en');
        END IF;
        IF ids IS NOT NULL THEN PERFORM content_read_refresh(ids); END IF;
        RETURN NULL;
      END $$`);
    // A new content's rows are written once, at commit, as its transaction leaves its fields and slug.
    await queryRunner.query(`CREATE FUNCTION "content_read_created"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM content_read_refresh(ARRAY[NEW."id"]);
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE CONSTRAINT TRIGGER "content_read_insert" AFTER INSERT ON "content" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "content_read_created"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "content_read_update" AFTER UPDATE ON "content" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "content_read_changed"()`,
    );
    for (const table of ['slug', 'content_document']) {
      await queryRunner.query(
        `CREATE TRIGGER "${table}_read_insert" AFTER INSERT ON "${table}" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "content_read_changed"()`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "${table}_read_update" AFTER UPDATE ON "${table}" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "content_read_changed"()`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "${table}_read_delete" AFTER DELETE ON "${table}" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "content_read_changed"()`,
      );
    }
    // The rows of the contents already stored.
    await queryRunner.query(`SELECT content_read_refresh(array_agg("id")) FROM "content" HAVING count(*) > 0`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['content_document', 'slug']) {
      for (const event of ['delete', 'update', 'insert']) await queryRunner.query(`DROP TRIGGER "${table}_read_${event}" ON "${table}"`);
    }
    await queryRunner.query(`DROP TRIGGER "content_read_update" ON "content"`);
    await queryRunner.query(`DROP TRIGGER "content_read_insert" ON "content"`);
    await queryRunner.query(`DROP FUNCTION "content_read_created"()`);
    await queryRunner.query(`DROP FUNCTION "content_read_changed"()`);
    await queryRunner.query(`DROP FUNCTION "content_read_refresh"(integer[])`);
    await queryRunner.query(`DROP TABLE "content_read"`);
  }
}
