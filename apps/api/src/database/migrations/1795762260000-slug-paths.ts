import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Localized addresses (issue 27): every slug has a row per locale. `basic` is the locale's own
 * segment (NULL: it uses en's, slug.basic); `full` is the locale's path from the root (its parent's
 * path in the locale, then its segment in the locale), en's equal to slug.full. Unique per locale:
 * the page read finds a page by (lang, full), and by `full` alone in any locale (a visitor who
 * followed another locale's address is sent to the page's own). Rows are recomputed by
 * SlugsService for a page and its descendants whenever a segment or a parent changes.
 */
export class SlugPaths1795762260000 implements MigrationInterface {
  name = 'SlugPaths1795762260000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "slug_path" (
      "slugId" integer NOT NULL,
      "lang" "lang" NOT NULL,
      "basic" character varying(200),
      "full" character varying(1000) NOT NULL,
      CONSTRAINT "PK_slug_path" PRIMARY KEY ("slugId", "lang"),
      CONSTRAINT "UQ_slug_path_lang_full" UNIQUE ("lang", "full"),
      CONSTRAINT "FK_slug_path_slug" FOREIGN KEY ("slugId") REFERENCES "slug"("id") ON DELETE CASCADE
    )`);
    // Another locale's address of a page (any lang).
    await queryRunner.query(`CREATE INDEX "IDX_slug_path_full" ON "slug_path" ("full")`);
    await queryRunner.query(
      `INSERT INTO "slug_path" ("slugId", "lang", "basic", "full") SELECT s.id, l.lang, NULL, s."full" FROM "slug" s CROSS JOIN unnest(enum_range(NULL::lang)) AS l(lang)`,
    );
    // The contents list answers each row's path in the locale asked: its cache moves with them.
    await queryRunner.query(
      `CREATE CONSTRAINT TRIGGER "slug_path_list_changed" AFTER INSERT OR UPDATE OR DELETE ON "slug_path" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "content_list_changed_at_commit"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "slug_path_list_truncated" AFTER TRUNCATE ON "slug_path" FOR EACH STATEMENT EXECUTE FUNCTION "content_list_changed"()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "slug_path"`);
  }
}
