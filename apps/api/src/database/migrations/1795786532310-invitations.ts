import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invitations to the back office (issue 29): an e-mail, the role it will get, and the SHA-256
 * digest of the link's secret ("tokenHash", unique). One pending invitation per e-mail; accepting
 * it makes the user and deletes the row, revoking deletes it. Deleting the role deletes its
 * invitations; deleting the inviter keeps them (the name is kept beside).
 */
export class Invitations1795786532310 implements MigrationInterface {
  name = 'Invitations1795786532310';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "invitation" (
      "id" SERIAL NOT NULL,
      "email" character varying(254) NOT NULL,
      "roleId" character varying(64) NOT NULL,
      "tokenHash" character(64) NOT NULL,
      "locale" character varying(5),
      "invitedById" integer,
      "invitedByName" character varying(200) NOT NULL,
      "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL,
      "sentAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_invitation" PRIMARY KEY ("id"),
      CONSTRAINT "FK_invitation_role" FOREIGN KEY ("roleId") REFERENCES "role"("id") ON DELETE CASCADE ON UPDATE CASCADE,
      CONSTRAINT "FK_invitation_inviter" FOREIGN KEY ("invitedById") REFERENCES "user"("id") ON DELETE SET NULL
    )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_invitation_email" ON "invitation" ("email")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_invitation_tokenHash" ON "invitation" ("tokenHash")`);
    await queryRunner.query(`CREATE INDEX "IDX_invitation_roleId" ON "invitation" ("roleId")`);
    await queryRunner.query(`CREATE INDEX "IDX_invitation_invitedById" ON "invitation" ("invitedById")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "invitation"`);
  }
}
