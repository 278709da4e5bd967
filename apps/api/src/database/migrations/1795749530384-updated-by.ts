import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Records say who changed them last (issue 26: "Records get updatedBy"); generated from the entities (EditedRecord). */
export class UpdatedBy1795749530384 implements MigrationInterface {
  name = 'UpdatedBy1795749530384';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "container" ADD "updatedBy" integer');
    await queryRunner.query('ALTER TABLE "content" ADD "updatedBy" integer');
    await queryRunner.query('ALTER TABLE "element" ADD "updatedBy" integer');
    await queryRunner.query('ALTER TABLE "form" ADD "updatedBy" integer');
    await queryRunner.query('ALTER TABLE "setting" ADD "updatedBy" integer');
    await queryRunner.query('CREATE INDEX "IDX_4fac935ab0038d6f07d3687ed2" ON "container"  ("updatedBy") ');
    await queryRunner.query('CREATE INDEX "IDX_3629a7654ef76414093346e8fb" ON "content"  ("updatedBy") ');
    await queryRunner.query('CREATE INDEX "IDX_f61c9f664f9bca9dd5da391cce" ON "element"  ("updatedBy") ');
    await queryRunner.query('CREATE INDEX "IDX_f1464716514e7418fba5b7e9f8" ON "form"  ("updatedBy") ');
    await queryRunner.query('CREATE INDEX "IDX_383d6b26e97ebae1cbfd822969" ON "setting"  ("updatedBy") ');
    await queryRunner.query(
      'ALTER TABLE "container" ADD CONSTRAINT "FK_4fac935ab0038d6f07d3687ed20" FOREIGN KEY ("updatedBy") REFERENCES "user"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "content" ADD CONSTRAINT "FK_3629a7654ef76414093346e8fb0" FOREIGN KEY ("updatedBy") REFERENCES "user"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "element" ADD CONSTRAINT "FK_f61c9f664f9bca9dd5da391cce4" FOREIGN KEY ("updatedBy") REFERENCES "user"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "form" ADD CONSTRAINT "FK_f1464716514e7418fba5b7e9f8e" FOREIGN KEY ("updatedBy") REFERENCES "user"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "setting" ADD CONSTRAINT "FK_383d6b26e97ebae1cbfd822969a" FOREIGN KEY ("updatedBy") REFERENCES "user"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "setting" DROP CONSTRAINT "FK_383d6b26e97ebae1cbfd822969a"');
    await queryRunner.query('ALTER TABLE "form" DROP CONSTRAINT "FK_f1464716514e7418fba5b7e9f8e"');
    await queryRunner.query('ALTER TABLE "element" DROP CONSTRAINT "FK_f61c9f664f9bca9dd5da391cce4"');
    await queryRunner.query('ALTER TABLE "content" DROP CONSTRAINT "FK_3629a7654ef76414093346e8fb0"');
    await queryRunner.query('ALTER TABLE "container" DROP CONSTRAINT "FK_4fac935ab0038d6f07d3687ed20"');
    await queryRunner.query('DROP INDEX "public"."IDX_383d6b26e97ebae1cbfd822969"');
    await queryRunner.query('DROP INDEX "public"."IDX_f1464716514e7418fba5b7e9f8"');
    await queryRunner.query('DROP INDEX "public"."IDX_f61c9f664f9bca9dd5da391cce"');
    await queryRunner.query('DROP INDEX "public"."IDX_3629a7654ef76414093346e8fb"');
    await queryRunner.query('DROP INDEX "public"."IDX_4fac935ab0038d6f07d3687ed2"');
    await queryRunner.query('ALTER TABLE "setting" DROP COLUMN "updatedBy"');
    await queryRunner.query('ALTER TABLE "form" DROP COLUMN "updatedBy"');
    await queryRunner.query('ALTER TABLE "element" DROP COLUMN "updatedBy"');
    await queryRunner.query('ALTER TABLE "content" DROP COLUMN "updatedBy"');
    await queryRunner.query('ALTER TABLE "container" DROP COLUMN "updatedBy"');
  }
}
