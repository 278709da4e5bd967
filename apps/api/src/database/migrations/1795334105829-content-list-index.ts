import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A contents list's page (by container, updatedAt, then id) read from the index alone, without sorting. */
export class ContentListIndex1795334105829 implements MigrationInterface {
  name = 'ContentListIndex1795334105829';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."IDX_4f47421240c5933284f273b10e"');
    await queryRunner.query('CREATE INDEX "IDX_0907a0b6a9f90756335a5ee208" ON "content"  ("containerId", "updatedAt", "id") ');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "public"."IDX_0907a0b6a9f90756335a5ee208"');
    await queryRunner.query('CREATE INDEX "IDX_4f47421240c5933284f273b10e" ON "content" USING btree ("containerId", "updatedAt") ');
  }
}
