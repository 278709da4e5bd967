import type { MigrationInterface, QueryRunner } from 'typeorm';

/** When a session was last used, so that sessions nobody used for SESSION_IDLE end. */
export class SessionLastUsed1795430000000 implements MigrationInterface {
  name = 'SessionLastUsed1795430000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "session" ADD "lastUsedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`);
    await queryRunner.query(`CREATE INDEX "IDX_session_lastUsedAt" ON "session" ("lastUsedAt")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_session_lastUsedAt"`);
    await queryRunner.query(`ALTER TABLE "session" DROP COLUMN "lastUsedAt"`);
  }
}
