import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The role `super-admin` exists in every database (its id is fixed by the spec), and failed
 * sign-ins are counted in a table shared by every API instance.
 */
export class SuperAdminRoleAndSignInLimits1795318538000 implements MigrationInterface {
  name = 'SuperAdminRoleAndSignInLimits1795318538000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`INSERT INTO "role" ("id", "name") VALUES ('super-admin', 'Super admin') ON CONFLICT ("id") DO NOTHING`);
    await queryRunner.query(`CREATE TABLE "sign_in_limit" ("key" character varying(255) PRIMARY KEY, "points" integer NOT NULL DEFAULT 0, "expire" bigint)`);
    await queryRunner.query(`CREATE INDEX "IDX_sign_in_limit_expire" ON "sign_in_limit" ("expire")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "sign_in_limit"`);
    await queryRunner.query(`DELETE FROM "role" WHERE "id" = 'super-admin'`);
  }
}
