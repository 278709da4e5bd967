import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Redirects (issue 27): an address of the public site (a path with its locale prefix, e.g.
 * `/fr/blog/old`) that answers 301 or 302 to another (`/fr/blog/new`, or an absolute https URL off
 * the site). `auto` ones are recorded when a page is renamed or moved, staff add their own; one per
 * `from`, never a chain (`to` is never another redirect's `from`) nor a loop. `hits` and
 * `lastUsedAt` say how often and when one was last followed.
 */
export class Redirects1795761487000 implements MigrationInterface {
  name = 'Redirects1795761487000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "redirect" (
      "id" SERIAL NOT NULL,
      "from" character varying(1100) NOT NULL,
      "to" character varying(2000) NOT NULL,
      "status" smallint NOT NULL DEFAULT 301,
      "auto" boolean NOT NULL DEFAULT false,
      "hits" integer NOT NULL DEFAULT 0,
      "lastUsedAt" TIMESTAMP WITH TIME ZONE,
      "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_redirect" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_redirect_from" UNIQUE ("from"),
      CONSTRAINT "CHK_redirect_status" CHECK ("status" IN (301, 302)),
      CONSTRAINT "CHK_redirect_not_itself" CHECK ("from" <> "to")
    )`);
    // Moves rewrite the redirects that point at an old address (no chains).
    await queryRunner.query(`CREATE INDEX "IDX_redirect_to" ON "redirect" ("to")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "redirect"`);
  }
}
