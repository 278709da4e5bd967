import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * content_count_added, content_count_removed and content_count_moved kept content_count from
 * ContentCounts on; ContentHotRowsAtCommit moved their triggers to content_count_changed and left
 * them in every database, called by nothing. `down` makes them again as ContentListCounts left
 * them (ContentHotRowsAtCommit's `down` points its triggers back at them).
 */
export class DropUnusedContentCountFunctions1795714577965 implements MigrationInterface {
  name = 'DropUnusedContentCountFunctions1795714577965';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION "content_count_moved"()`);
    await queryRunner.query(`DROP FUNCTION "content_count_removed"()`);
    await queryRunner.query(`DROP FUNCTION "content_count_added"()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE FUNCTION "content_count_added"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "content_count" ("containerId", "published", "status", "count")
        SELECT "containerId", "published", "status", count(*) FROM "added_contents" GROUP BY 1, 2, 3
        ON CONFLICT ("containerId", "published", "status") DO UPDATE SET "count" = "content_count"."count" + EXCLUDED."count";
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE FUNCTION "content_count_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "content_count" c SET "count" = c."count" - d.n
        FROM (SELECT "containerId", "published", "status", count(*) AS n FROM "removed_contents" GROUP BY 1, 2, 3) d
        WHERE c."containerId" = d."containerId" AND c."published" = d."published" AND c."status" = d."status";
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE FUNCTION "content_count_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "content_count" SET "count" = "count" - 1
        WHERE "containerId" = OLD."containerId" AND "published" = OLD."published" AND "status" = OLD."status";
        INSERT INTO "content_count" ("containerId", "published", "status", "count") VALUES (NEW."containerId", NEW."published", NEW."status", 1)
        ON CONFLICT ("containerId", "published", "status") DO UPDATE SET "count" = "content_count"."count" + 1;
        RETURN NULL;
      END $$`);
  }
}
