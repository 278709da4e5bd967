import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Password reset links (issue 29): one row per link sent. Only the SHA-256 digest of the link's
 * secret is kept ("tokenHash", unique: the confirmation finds its row by it). "usedAt" is set
 * when the link is used, or when another link of the same login is, so a link works once; the
 * login's deletion deletes its links.
 */
export class PasswordResets1795785938641 implements MigrationInterface {
  name = 'PasswordResets1795785938641';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "password_reset" (
      "id" SERIAL NOT NULL,
      "loginId" integer NOT NULL,
      "tokenHash" character(64) NOT NULL,
      "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL,
      "usedAt" TIMESTAMP WITH TIME ZONE,
      "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_password_reset" PRIMARY KEY ("id"),
      CONSTRAINT "FK_password_reset_login" FOREIGN KEY ("loginId") REFERENCES "login"("id") ON DELETE CASCADE
    )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_password_reset_tokenHash" ON "password_reset" ("tokenHash")`);
    await queryRunner.query(`CREATE INDEX "IDX_password_reset_loginId" ON "password_reset" ("loginId")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "password_reset"`);
  }
}
