import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API tokens (issue 28): a machine's credentials. Only the SHA-256 digest of the secret is kept
 * ("secretHash", unique: a request finds its token by it). A token belongs to the login that made
 * it (deleting the user deletes its tokens) and acts with "roleId" (deleting the role deletes
 * them); "creatorRoleId" is the creator's role when it was made: a token whose creator's role has
 * changed since is refused.
 */
export class ApiTokens1795773903000 implements MigrationInterface {
  name = 'ApiTokens1795773903000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "api_token" (
      "id" SERIAL NOT NULL,
      "name" character varying(100) NOT NULL,
      "secretHash" character(64) NOT NULL,
      "hint" character varying(16) NOT NULL,
      "roleId" character varying(64) NOT NULL,
      "loginId" integer NOT NULL,
      "creatorRoleId" character varying(64) NOT NULL,
      "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "lastUsedAt" TIMESTAMP WITH TIME ZONE,
      "expiresAt" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "PK_api_token" PRIMARY KEY ("id"),
      CONSTRAINT "FK_api_token_role" FOREIGN KEY ("roleId") REFERENCES "role"("id") ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT "FK_api_token_login" FOREIGN KEY ("loginId") REFERENCES "login"("id") ON DELETE CASCADE
    )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_api_token_secretHash" ON "api_token" ("secretHash")`);
    await queryRunner.query(`CREATE INDEX "IDX_api_token_roleId" ON "api_token" ("roleId")`);
    await queryRunner.query(`CREATE INDEX "IDX_api_token_loginId" ON "api_token" ("loginId")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "api_token"`);
  }
}
