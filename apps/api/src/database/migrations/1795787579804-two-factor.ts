import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-factor sign-in (issue 29). On the login: the authenticator's secret once turned on
 * ("totpSecret", with "totpEnabledAt"), the secret shown while it is being set up
 * ("totpPendingSecret"), the last time step a code was accepted for ("totpLastStep": a code is
 * refused at or before it, so it cannot be replayed), and the SHA-256 digests of the unused
 * recovery codes ("recoveryCodes", a JSON array; a used one is taken out). On the role:
 * "requireTwoFactor", whose users set it up before they get a session.
 */
export class TwoFactor1795787579804 implements MigrationInterface {
  name = 'TwoFactor1795787579804';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "login" ADD "totpSecret" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "login" ADD "totpPendingSecret" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "login" ADD "totpEnabledAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "login" ADD "totpLastStep" bigint`);
    await queryRunner.query(`ALTER TABLE "login" ADD "recoveryCodes" jsonb NOT NULL DEFAULT '[]'`);
    await queryRunner.query(`ALTER TABLE "role" ADD "requireTwoFactor" boolean NOT NULL DEFAULT false`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "role" DROP COLUMN "requireTwoFactor"`);
    await queryRunner.query(`ALTER TABLE "login" DROP COLUMN "recoveryCodes"`);
    await queryRunner.query(`ALTER TABLE "login" DROP COLUMN "totpLastStep"`);
    await queryRunner.query(`ALTER TABLE "login" DROP COLUMN "totpEnabledAt"`);
    await queryRunner.query(`ALTER TABLE "login" DROP COLUMN "totpPendingSecret"`);
    await queryRunner.query(`ALTER TABLE "login" DROP COLUMN "totpSecret"`);
  }
}
