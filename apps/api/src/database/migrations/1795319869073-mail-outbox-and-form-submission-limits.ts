import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The mail outbox (form e-mails queued with their message, sent by a worker of any instance) and
 * the per-IP count of public form submissions, shared by every API instance.
 */
export class MailOutboxAndFormSubmissionLimits1795319869073 implements MigrationInterface {
  name = 'MailOutboxAndFormSubmissionLimits1795319869073';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "mail_outbox" ("id" SERIAL NOT NULL, "messageId" integer, "to" character varying(254) NOT NULL, "replyTo" character varying(254), "subject" character varying(300) NOT NULL, "text" text NOT NULL, "html" text NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "nextAttemptAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "sentAt" TIMESTAMP WITH TIME ZONE, "failedAt" TIMESTAMP WITH TIME ZONE, "lastError" character varying(1000), "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_fecc63c96385bc35a39ccf2a72e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_55254ba56de5383cf318de2ff3" ON "mail_outbox" ("messageId")`);
    await queryRunner.query(`CREATE INDEX "IDX_98523aa14326d4fc0ac26ee3fe" ON "mail_outbox" ("nextAttemptAt")`);
    await queryRunner.query(
      `ALTER TABLE "mail_outbox" ADD CONSTRAINT "FK_55254ba56de5383cf318de2ff38" FOREIGN KEY ("messageId") REFERENCES "message"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE TABLE "form_submission_limit" ("key" character varying(255) PRIMARY KEY, "points" integer NOT NULL DEFAULT 0, "expire" bigint NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_form_submission_limit_expire" ON "form_submission_limit" ("expire")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "form_submission_limit"`);
    await queryRunner.query(`ALTER TABLE "mail_outbox" DROP CONSTRAINT "FK_55254ba56de5383cf318de2ff38"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_98523aa14326d4fc0ac26ee3fe"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_55254ba56de5383cf318de2ff3"`);
    await queryRunner.query(`DROP TABLE "mail_outbox"`);
  }
}
