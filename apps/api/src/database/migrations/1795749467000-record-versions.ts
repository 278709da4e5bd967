import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * History and no lost work (issue 26): every saved change of a content, a container's page, an
 * element, a form, the layout or a setting keeps a version (who, when, which locales, the whole
 * state); records say who changed them last; edit screens say who else has the record open.
 */
export class RecordVersions1795749467000 implements MigrationInterface {
  name = 'RecordVersions1795749467000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "record_version" (
      "id" SERIAL NOT NULL,
      "resource" character varying(20) NOT NULL,
      "recordId" integer NOT NULL,
      "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "userId" integer,
      "userName" character varying(200) NOT NULL,
      "action" character varying(20) NOT NULL,
      "locales" "public"."lang"[] NOT NULL DEFAULT '{}',
      "published" boolean NOT NULL DEFAULT false,
      "state" jsonb NOT NULL,
      CONSTRAINT "PK_record_version" PRIMARY KEY ("id"),
      CONSTRAINT "FK_record_version_user" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE SET NULL
    )`);
    await queryRunner.query(`CREATE INDEX "IDX_record_version_record" ON "record_version" ("resource", "recordId", "id" DESC)`);
    await queryRunner.query(`CREATE INDEX "IDX_record_version_userId" ON "record_version" ("userId")`);
    await queryRunner.query(`CREATE TABLE "edit_presence" (
      "resource" character varying(20) NOT NULL,
      "recordId" integer NOT NULL,
      "userId" integer NOT NULL,
      "openedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "seenAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_edit_presence" PRIMARY KEY ("resource", "recordId", "userId"),
      CONSTRAINT "FK_edit_presence_user" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE
    )`);
    await queryRunner.query(`CREATE INDEX "IDX_edit_presence_userId" ON "edit_presence" ("userId")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "edit_presence"`);
    await queryRunner.query(`DROP TABLE "record_version"`);
  }
}
