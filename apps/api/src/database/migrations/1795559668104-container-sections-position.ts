import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Where a content's page shows its sections among its fields (null: after the last field, as before). */
export class ContainerSectionsPosition1795559668104 implements MigrationInterface {
  name = 'ContainerSectionsPosition1795559668104';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "container" ADD "sectionsPosition" integer');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "container" DROP COLUMN "sectionsPosition"');
  }
}
