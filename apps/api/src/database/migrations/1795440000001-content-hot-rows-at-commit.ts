import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Concurrent content writes queued behind one another (issue 14: 20 creates in flight spent their
 * time in `Lock:transactionid` on `INSERT INTO content`): the triggers on content updated two hot
 * rows at the first statement of every write, the list version (one row for all writes) and the
 * container's count, and held their locks until commit, through every later statement and round
 * trip of the transaction. Both updates now run as deferred constraint triggers, at commit, once
 * per transaction for the version: the rows are locked only for the commit itself. They still run
 * in the writing transaction, so a reader sees the new version and counts with the new rows, never
 * one without the other. TRUNCATE (no row triggers) still moves the version at once.
 */
export class ContentHotRowsAtCommit1795440000001 implements MigrationInterface {
  name = 'ContentHotRowsAtCommit1795440000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE FUNCTION "content_list_changed_at_commit"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- One move per transaction is enough: readers see all of its writes at once.
        IF current_setting('cms.content_list_moved', true) IS DISTINCT FROM txid_current()::text THEN
          UPDATE "cache_version" SET "version" = "version" + 1 WHERE "name" = 'contents';
          PERFORM set_config('cms.content_list_moved', txid_current()::text, true);
        END IF;
        RETURN NULL;
      END $$`);
    for (const table of ['content', 'content_document', 'slug']) {
      await queryRunner.query(`DROP TRIGGER "${table}_list_changed" ON "${table}"`);
      await queryRunner.query(
        `CREATE TRIGGER "${table}_list_truncated" AFTER TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION "content_list_changed"()`,
      );
      await queryRunner.query(
        `CREATE CONSTRAINT TRIGGER "${table}_list_changed" AFTER INSERT OR UPDATE OR DELETE ON "${table}" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "content_list_changed_at_commit"()`,
      );
    }
    await queryRunner.query(`CREATE FUNCTION "content_count_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          UPDATE "content_count" SET "count" = "count" - 1
          WHERE "containerId" = OLD."containerId" AND "published" = OLD."published" AND "status" = OLD."status";
        END IF;
        IF TG_OP <> 'DELETE' THEN
          INSERT INTO "content_count" ("containerId", "published", "status", "count") VALUES (NEW."containerId", NEW."published", NEW."status", 1)
          ON CONFLICT ("containerId", "published", "status") DO UPDATE SET "count" = "content_count"."count" + 1;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`DROP TRIGGER "content_count_insert" ON "content"`);
    await queryRunner.query(`DROP TRIGGER "content_count_delete" ON "content"`);
    await queryRunner.query(`DROP TRIGGER "content_count_update" ON "content"`);
    await queryRunner.query(
      `CREATE CONSTRAINT TRIGGER "content_count_insert_delete" AFTER INSERT OR DELETE ON "content" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "content_count_changed"()`,
    );
    await queryRunner.query(
      `CREATE CONSTRAINT TRIGGER "content_count_update" AFTER UPDATE OF "containerId", "published", "status" ON "content" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
       WHEN ((OLD."containerId", OLD."published", OLD."status") IS DISTINCT FROM (NEW."containerId", NEW."published", NEW."status")) EXECUTE FUNCTION "content_count_changed"()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "content_count_update" ON "content"`);
    await queryRunner.query(`DROP TRIGGER "content_count_insert_delete" ON "content"`);
    await queryRunner.query(`DROP FUNCTION "content_count_changed"()`);
    await queryRunner.query(
      `CREATE TRIGGER "content_count_insert" AFTER INSERT ON "content" REFERENCING NEW TABLE AS "added_contents" FOR EACH STATEMENT EXECUTE FUNCTION "content_count_added"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "content_count_delete" AFTER DELETE ON "content" REFERENCING OLD TABLE AS "removed_contents" FOR EACH STATEMENT EXECUTE FUNCTION "content_count_removed"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "content_count_update" AFTER UPDATE OF "containerId", "published", "status" ON "content" FOR EACH ROW
       WHEN ((OLD."containerId", OLD."published", OLD."status") IS DISTINCT FROM (NEW."containerId", NEW."published", NEW."status")) EXECUTE FUNCTION "content_count_moved"()`,
    );
    for (const table of ['content', 'content_document', 'slug']) {
      await queryRunner.query(`DROP TRIGGER "${table}_list_changed" ON "${table}"`);
      await queryRunner.query(`DROP TRIGGER "${table}_list_truncated" ON "${table}"`);
      await queryRunner.query(
        `CREATE TRIGGER "${table}_list_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION "content_list_changed"()`,
      );
    }
    await queryRunner.query(`DROP FUNCTION "content_list_changed_at_commit"()`);
  }
}
