import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A role named by a page's accesses cannot be deleted: the foreign key refuses it instead of
 * cascading, so a role deletion racing an access write can never leave a page without accesses
 * (public). RolesService.remove still checks first, to name the pages in its message.
 */
export class AccessRoleRestrict1795714383160 implements MigrationInterface {
  name = 'AccessRoleRestrict1795714383160';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "access" DROP CONSTRAINT "FK_19d6048f0ccf9dc583e4f526cd0"');
    await queryRunner.query(
      'ALTER TABLE "access" ADD CONSTRAINT "FK_19d6048f0ccf9dc583e4f526cd0" FOREIGN KEY ("roleId") REFERENCES "role"("id") ON DELETE RESTRICT ON UPDATE CASCADE',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "access" DROP CONSTRAINT "FK_19d6048f0ccf9dc583e4f526cd0"');
    await queryRunner.query(
      'ALTER TABLE "access" ADD CONSTRAINT "FK_19d6048f0ccf9dc583e4f526cd0" FOREIGN KEY ("roleId") REFERENCES "role"("id") ON DELETE CASCADE ON UPDATE CASCADE',
    );
  }
}
