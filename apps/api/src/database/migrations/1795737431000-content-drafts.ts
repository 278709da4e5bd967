import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Drafts, scheduled publishing and preview (issue 25): a container's `drafts` switch (off for every
 * container that exists, so their contents keep saving live); per content, when it was last
 * published and when it is to be published or unpublished (the scheduler's index holds only the
 * contents that wait); one working draft per content (the changes saved since the live version,
 * as the PUT bodies merged per locale).
 */
export class ContentDrafts1795737431000 implements MigrationInterface {
  name = 'ContentDrafts1795737431000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "container" ADD "drafts" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "content" ADD "publishedAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "content" ADD "publishAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "content" ADD "unpublishAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `CREATE INDEX "IDX_content_scheduled" ON "content" (LEAST("publishAt", "unpublishAt")) WHERE "publishAt" IS NOT NULL OR "unpublishAt" IS NOT NULL`,
    );
    await queryRunner.query(`CREATE TABLE "content_draft" (
      "contentId" integer NOT NULL,
      "changes" jsonb NOT NULL,
      "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updatedBy" integer,
      CONSTRAINT "PK_content_draft" PRIMARY KEY ("contentId"),
      CONSTRAINT "FK_content_draft_content" FOREIGN KEY ("contentId") REFERENCES "content"("id") ON DELETE CASCADE,
      CONSTRAINT "FK_content_draft_user" FOREIGN KEY ("updatedBy") REFERENCES "user"("id") ON DELETE SET NULL
    )`);
    await queryRunner.query(`CREATE INDEX "IDX_content_draft_updatedBy" ON "content_draft" ("updatedBy")`);
    // A draft saved or dropped changes the contents list's answers (hasDraft, the state filter).
    await queryRunner.query(
      `CREATE CONSTRAINT TRIGGER "content_draft_list_changed" AFTER INSERT OR DELETE OR UPDATE ON "content_draft" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION content_list_changed_at_commit()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "content_draft"`);
    await queryRunner.query(`DROP INDEX "IDX_content_scheduled"`);
    await queryRunner.query(`ALTER TABLE "content" DROP COLUMN "unpublishAt"`);
    await queryRunner.query(`ALTER TABLE "content" DROP COLUMN "publishAt"`);
    await queryRunner.query(`ALTER TABLE "content" DROP COLUMN "publishedAt"`);
    await queryRunner.query(`ALTER TABLE "container" DROP COLUMN "drafts"`);
  }
}
