import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How many contents each container has, kept by triggers, so that a contents list filtered by
 * container (or not filtered) gets its total without counting the rows at every request.
 */
export class ContentCounts1795320762865 implements MigrationInterface {
  name = 'ContentCounts1795320762865';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "content_count" ("containerId" integer PRIMARY KEY REFERENCES "container"("id") ON DELETE CASCADE, "count" integer NOT NULL DEFAULT 0)`,
    );
    await queryRunner.query(`INSERT INTO "content_count" ("containerId", "count") SELECT "containerId", count(*) FROM "content" GROUP BY "containerId"`);
    await queryRunner.query(`CREATE FUNCTION "content_count_added"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "content_count" ("containerId", "count") SELECT "containerId", count(*) FROM "added_contents" GROUP BY "containerId"
        ON CONFLICT ("containerId") DO UPDATE SET "count" = "content_count"."count" + EXCLUDED."count";
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE FUNCTION "content_count_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "content_count" c SET "count" = c."count" - d.n
        FROM (SELECT "containerId", count(*) AS n FROM "removed_contents" GROUP BY "containerId") d WHERE c."containerId" = d."containerId";
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE FUNCTION "content_count_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "content_count" SET "count" = "count" - 1 WHERE "containerId" = OLD."containerId";
        INSERT INTO "content_count" ("containerId", "count") VALUES (NEW."containerId", 1)
        ON CONFLICT ("containerId") DO UPDATE SET "count" = "content_count"."count" + 1;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "content_count_insert" AFTER INSERT ON "content" REFERENCING NEW TABLE AS "added_contents" FOR EACH STATEMENT EXECUTE FUNCTION "content_count_added"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "content_count_delete" AFTER DELETE ON "content" REFERENCING OLD TABLE AS "removed_contents" FOR EACH STATEMENT EXECUTE FUNCTION "content_count_removed"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "content_count_update" AFTER UPDATE OF "containerId" ON "content" FOR EACH ROW WHEN (OLD."containerId" IS DISTINCT FROM NEW."containerId") EXECUTE FUNCTION "content_count_moved"()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "content_count_update" ON "content"`);
    await queryRunner.query(`DROP TRIGGER "content_count_delete" ON "content"`);
    await queryRunner.query(`DROP TRIGGER "content_count_insert" ON "content"`);
    await queryRunner.query(`DROP FUNCTION "content_count_moved"()`);
    await queryRunner.query(`DROP FUNCTION "content_count_removed"()`);
    await queryRunner.query(`DROP FUNCTION "content_count_added"()`);
    await queryRunner.query(`DROP TABLE "content_count"`);
  }
}
