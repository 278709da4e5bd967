import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Full-text search of contents (GET /api/contents?filter={"q":...}) with the `simple`
 * configuration: expression GIN indexes on the content title and on the text of STRING,
 * PARAGRAPH and RICHTEXT field values. The expressions match apps/api/src/search/full-text.ts.
 */
export class ContentFullTextSearch1795320189903 implements MigrationInterface {
  name = 'ContentFullTextSearch1795320189903';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_content_title_fts" ON "content" USING GIN (to_tsvector('simple'::regconfig, "title"))`);
    await queryRunner.query(
      `CREATE INDEX "IDX_content_field_text_fts" ON "content_field" USING GIN (to_tsvector('simple'::regconfig, COALESCE("textValue", ''))) WHERE "type" IN ('STRING', 'PARAGRAPH', 'RICHTEXT')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_content_field_text_fts"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_content_title_fts"`);
  }
}
