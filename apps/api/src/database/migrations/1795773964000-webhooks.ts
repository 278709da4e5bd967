import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks (issue 28): a URL that receives the site's events (`events`, a subset of
 * content.created ... message.received) signed with `secret`. `webhook_delivery` is both their
 * outbox and their log: a write inserts one row per listening webhook in its own transaction, the
 * worker of any instance claims due rows (FOR UPDATE SKIP LOCKED), posts them, and records how the
 * last try went; delivered and failed rows are pruned after some days.
 */
export class Webhooks1795773964000 implements MigrationInterface {
  name = 'Webhooks1795773964000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "webhook" (
      "id" SERIAL NOT NULL,
      "url" character varying(2000) NOT NULL,
      "events" text[] NOT NULL DEFAULT '{}',
      "secret" character varying(200) NOT NULL,
      "enabled" boolean NOT NULL DEFAULT true,
      "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_webhook" PRIMARY KEY ("id")
    )`);
    await queryRunner.query(`CREATE TABLE "webhook_delivery" (
      "id" SERIAL NOT NULL,
      "webhookId" integer NOT NULL,
      "event" character varying(40) NOT NULL,
      "recordType" character varying(20) NOT NULL,
      "recordId" integer NOT NULL,
      "locales" text[] NOT NULL DEFAULT '{}',
      "occurredAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "attempts" integer NOT NULL DEFAULT 0,
      "nextAttemptAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "lastAttemptAt" TIMESTAMP WITH TIME ZONE,
      "deliveredAt" TIMESTAMP WITH TIME ZONE,
      "failedAt" TIMESTAMP WITH TIME ZONE,
      "responseStatus" smallint,
      "responseBody" character varying(1024),
      "error" character varying(1000),
      "durationMs" integer,
      CONSTRAINT "PK_webhook_delivery" PRIMARY KEY ("id"),
      CONSTRAINT "FK_webhook_delivery_webhook" FOREIGN KEY ("webhookId") REFERENCES "webhook"("id") ON DELETE CASCADE
    )`);
    // The delivery log of a webhook, newest first (and the foreign key's index).
    await queryRunner.query(`CREATE INDEX "IDX_webhook_delivery_webhook" ON "webhook_delivery" ("webhookId", "id")`);
    // What the worker claims: pending rows by due time, and the earlier pending row of the same record that holds one back.
    await queryRunner.query(
      `CREATE INDEX "IDX_webhook_delivery_due" ON "webhook_delivery" ("nextAttemptAt", "id") WHERE "deliveredAt" IS NULL AND "failedAt" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_webhook_delivery_record" ON "webhook_delivery" ("webhookId", "recordType", "recordId", "id") WHERE "deliveredAt" IS NULL AND "failedAt" IS NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "webhook_delivery"`);
    await queryRunner.query(`DROP TABLE "webhook"`);
  }
}
