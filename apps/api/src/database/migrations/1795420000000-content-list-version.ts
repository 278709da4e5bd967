import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A version number that every change to what the contents list shows moves, in the same
 * transaction: any write to content rows, their field documents or their slugs, whichever code
 * path or cascade made it. The API keeps list pages by query and serves one again only while the
 * version it was read at is still the current one (see ContentListCache).
 */
export class ContentListVersion1795420000000 implements MigrationInterface {
  name = 'ContentListVersion1795420000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "cache_version" ("name" varchar(50) PRIMARY KEY, "version" bigint NOT NULL DEFAULT 0)`);
    await queryRunner.query(`INSERT INTO "cache_version" ("name", "version") VALUES ('contents', 0)`);
    await queryRunner.query(`CREATE FUNCTION "content_list_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "cache_version" SET "version" = "version" + 1 WHERE "name" = 'contents';
        RETURN NULL;
      END $$`);
    for (const table of ['content', 'content_document', 'slug']) {
      await queryRunner.query(
        `CREATE TRIGGER "${table}_list_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION "content_list_changed"()`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['content', 'content_document', 'slug']) await queryRunner.query(`DROP TRIGGER "${table}_list_changed" ON "${table}"`);
    await queryRunner.query(`DROP FUNCTION "content_list_changed"()`);
    await queryRunner.query(`DROP TABLE "cache_version"`);
  }
}
