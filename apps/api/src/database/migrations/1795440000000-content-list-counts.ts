import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two things a contents list needs to stay fast when no cache can help (issue 14):
 *
 * - content_count is kept per (container, published, status) instead of per container, by the
 *   same triggers, so that a list filtered by container, published and/or status gets its exact
 *   total from a few rows instead of counting the container's contents at every request.
 * - content is vacuumed after fewer changes than the default 20%, so that its visibility map
 *   stays current and a deep window (a large offset) skips its rows inside an index-only scan of
 *   (containerId, updatedAt, id): without it the planner reads and sorts the container's rows.
 */
export class ContentListCounts1795440000000 implements MigrationInterface {
  name = 'ContentListCounts1795440000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "content" SET (autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_vacuum_scale_factor = 0.02)`);
    await queryRunner.query(`ALTER TABLE "content_count" DROP CONSTRAINT "content_count_pkey"`);
    await queryRunner.query(`ALTER TABLE "content_count" ADD "published" boolean NOT NULL DEFAULT false, ADD "status" "status" NOT NULL DEFAULT 'AVAILABLE'`);
    await queryRunner.query(`DELETE FROM "content_count"`);
    await queryRunner.query(
      `INSERT INTO "content_count" ("containerId", "published", "status", "count") SELECT "containerId", "published", "status", count(*) FROM "content" GROUP BY 1, 2, 3`,
    );
    await queryRunner.query(`ALTER TABLE "content_count" ADD CONSTRAINT "content_count_pkey" PRIMARY KEY ("containerId", "published", "status")`);
    await queryRunner.query(`CREATE OR REPLACE FUNCTION "content_count_added"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "content_count" ("containerId", "published", "status", "count")
        SELECT "containerId", "published", "status", count(*) FROM "added_contents" GROUP BY 1, 2, 3
        ON CONFLICT ("containerId", "published", "status") DO UPDATE SET "count" = "content_count"."count" + EXCLUDED."count";
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE OR REPLACE FUNCTION "content_count_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "content_count" c SET "count" = c."count" - d.n
        FROM (SELECT "containerId", "published", "status", count(*) AS n FROM "removed_contents" GROUP BY 1, 2, 3) d
        WHERE c."containerId" = d."containerId" AND c."published" = d."published" AND c."status" = d."status";
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE OR REPLACE FUNCTION "content_count_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "content_count" SET "count" = "count" - 1
        WHERE "containerId" = OLD."containerId" AND "published" = OLD."published" AND "status" = OLD."status";
        INSERT INTO "content_count" ("containerId", "published", "status", "count") VALUES (NEW."containerId", NEW."published", NEW."status", 1)
        ON CONFLICT ("containerId", "published", "status") DO UPDATE SET "count" = "content_count"."count" + 1;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`DROP TRIGGER "content_count_update" ON "content"`);
    await queryRunner.query(
      `CREATE TRIGGER "content_count_update" AFTER UPDATE OF "containerId", "published", "status" ON "content" FOR EACH ROW
       WHEN ((OLD."containerId", OLD."published", OLD."status") IS DISTINCT FROM (NEW."containerId", NEW."published", NEW."status")) EXECUTE FUNCTION "content_count_moved"()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "content_count_update" ON "content"`);
    await queryRunner.query(`CREATE OR REPLACE FUNCTION "content_count_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "content_count" SET "count" = "count" - 1 WHERE "containerId" = OLD."containerId";
        INSERT INTO "content_count" ("containerId", "count") VALUES (NEW."containerId", 1)
        ON CONFLICT ("containerId") DO UPDATE SET "count" = "content_count"."count" + 1;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE OR REPLACE FUNCTION "content_count_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "content_count" c SET "count" = c."count" - d.n
        FROM (SELECT "containerId", count(*) AS n FROM "removed_contents" GROUP BY "containerId") d WHERE c."containerId" = d."containerId";
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE OR REPLACE FUNCTION "content_count_added"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "content_count" ("containerId", "count") SELECT "containerId", count(*) FROM "added_contents" GROUP BY "containerId"
        ON CONFLICT ("containerId") DO UPDATE SET "count" = "content_count"."count" + EXCLUDED."count";
        RETURN NULL;
      END $$`);
    await queryRunner.query(`ALTER TABLE "content_count" DROP CONSTRAINT "content_count_pkey"`);
    await queryRunner.query(`DELETE FROM "content_count"`);
    await queryRunner.query(`ALTER TABLE "content_count" DROP COLUMN "published", DROP COLUMN "status"`);
    await queryRunner.query(`INSERT INTO "content_count" ("containerId", "count") SELECT "containerId", count(*) FROM "content" GROUP BY 1`);
    await queryRunner.query(`ALTER TABLE "content_count" ADD CONSTRAINT "content_count_pkey" PRIMARY KEY ("containerId")`);
    await queryRunner.query(
      `CREATE TRIGGER "content_count_update" AFTER UPDATE OF "containerId" ON "content" FOR EACH ROW WHEN (OLD."containerId" IS DISTINCT FROM NEW."containerId") EXECUTE FUNCTION "content_count_moved"()`,
    );
    await queryRunner.query(`ALTER TABLE "content" RESET (autovacuum_vacuum_insert_scale_factor, autovacuum_vacuum_scale_factor)`);
  }
}
