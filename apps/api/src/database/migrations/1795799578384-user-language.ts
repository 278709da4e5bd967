import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The interface language a user chose in the back office (issue 29): mails to their account are
 * written in it. Null until they choose one (or accept an invitation from a screen in a language).
 */
export class UserLanguage1795799578384 implements MigrationInterface {
  name = 'UserLanguage1795799578384';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user" ADD "language" "public"."lang"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user" DROP COLUMN "language"`);
  }
}
