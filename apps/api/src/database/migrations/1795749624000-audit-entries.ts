import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log (issue 26, point 3): one row per write through the API and per sign-in event.
 * Rows are written once: a trigger refuses UPDATE and DELETE, but for the one update PostgreSQL
 * makes itself when a user is deleted (ON DELETE SET NULL on "userId"; "userName" keeps who it was).
 * TRUNCATE is left to the database's owner (a backup import replaces the table whole).
 */
export class AuditEntries1795749624000 implements MigrationInterface {
  name = 'AuditEntries1795749624000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "audit_entry" (
      "id" bigint GENERATED ALWAYS AS IDENTITY,
      "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "userId" integer,
      "userName" text NOT NULL DEFAULT '',
      "address" text NOT NULL DEFAULT '',
      "action" text NOT NULL,
      "resource" text NOT NULL,
      "resourceId" text,
      "summary" text NOT NULL DEFAULT '',
      CONSTRAINT "PK_audit_entry" PRIMARY KEY ("id"),
      CONSTRAINT "FK_audit_entry_user" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE SET NULL
    )`);
    await queryRunner.query(`CREATE INDEX "IDX_audit_entry_userId" ON "audit_entry" ("userId")`);
    await queryRunner.query(`CREATE INDEX "IDX_audit_entry_at" ON "audit_entry" ("at" DESC)`);
    await queryRunner.query(`CREATE INDEX "IDX_audit_entry_resource" ON "audit_entry" ("resource", "resourceId")`);
    await queryRunner.query(`CREATE FUNCTION "audit_entry_written_once"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."userId" IS NOT NULL AND NEW."userId" IS NULL AND to_jsonb(NEW) - 'userId' = to_jsonb(OLD) - 'userId' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit entries cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END
$$`);
    await queryRunner.query(
      `CREATE TRIGGER "audit_entry_written_once" BEFORE UPDATE OR DELETE ON "audit_entry" FOR EACH ROW EXECUTE FUNCTION "audit_entry_written_once"()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "audit_entry"`);
    await queryRunner.query(`DROP FUNCTION "audit_entry_written_once"()`);
  }
}
