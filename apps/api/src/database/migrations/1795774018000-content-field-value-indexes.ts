import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Filters on field values (GET /api/contents?filter={"containerId":3,"fields.price":{"gte":10}}):
 * B-tree indexes on content_field by (name, lang, value), one per kind of value that ranges and
 * equalities read, each partial so that a row enters only the one of its own type. Text keeps its
 * first 100 characters (a B-tree entry is bounded; equality compares whole values after). Each
 * carries the content's id, so a filter reads its matches from the index alone. Ids of
 * references and media already have their own indexes; a field's sort key is read per content by
 * the index on (contentId, lang, name).
 */
export class ContentFieldValueIndexes1795774018000 implements MigrationInterface {
  name = 'ContentFieldValueIndexes1795774018000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "IDX_content_field_number_value" ON "content_field" ("name", "lang", "numberValue") INCLUDE ("contentId") WHERE "numberValue" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_content_field_date_value" ON "content_field" ("name", "lang", "dateValue") INCLUDE ("contentId") WHERE "dateValue" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_content_field_text_value" ON "content_field" ("name", "lang", left("textValue", 100)) INCLUDE ("contentId") WHERE "textValue" IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_content_field_text_value"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_content_field_date_value"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_content_field_number_value"`);
  }
}
