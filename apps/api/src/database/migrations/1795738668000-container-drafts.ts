import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Drafts of a container's own page (issue 25: "container pages follow their container's switch"):
 * one working draft per container, the PAGE sections and metadata saved per locale since the live
 * version. Its other properties (title, fields, slug, accesses...) are always written live.
 */
export class ContainerDrafts1795738668000 implements MigrationInterface {
  name = 'ContainerDrafts1795738668000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "container_draft" (
      "containerId" integer NOT NULL,
      "changes" jsonb NOT NULL,
      "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updatedBy" integer,
      CONSTRAINT "PK_container_draft" PRIMARY KEY ("containerId"),
      CONSTRAINT "FK_container_draft_container" FOREIGN KEY ("containerId") REFERENCES "container"("id") ON DELETE CASCADE,
      CONSTRAINT "FK_container_draft_user" FOREIGN KEY ("updatedBy") REFERENCES "user"("id") ON DELETE SET NULL
    )`);
    await queryRunner.query(`CREATE INDEX "IDX_container_draft_updatedBy" ON "container_draft" ("updatedBy")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "container_draft"`);
  }
}
