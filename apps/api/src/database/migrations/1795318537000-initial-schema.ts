import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialSchema1795318537000 implements MigrationInterface {
  name = 'InitialSchema1795318537000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE "access" ("id" SERIAL NOT NULL, "containerId" integer, "contentId" integer, "roleId" character varying(64) NOT NULL, CONSTRAINT "PK_e386259e6046c45ab06811584ed" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_d937ac332895bf560e848fc0fb" ON "access"  ("containerId") ');
    await queryRunner.query('CREATE INDEX "IDX_d2ed24ce148e8e12bf6dd3f758" ON "access"  ("contentId") ');
    await queryRunner.query('CREATE INDEX "IDX_19d6048f0ccf9dc583e4f526cd" ON "access"  ("roleId") ');
    await queryRunner.query(
      'CREATE TABLE "session" ("id" uuid NOT NULL, "token" character varying(64) NOT NULL, "loginId" integer NOT NULL, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f55da76ac1c3ac420f444d2ff11" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_75ffd20060f25cc5b0cae3430e" ON "session"  ("loginId") ');
    await queryRunner.query('CREATE INDEX "IDX_5d97cf9773002b16861b4bb8ae" ON "session"  ("expiresAt") ');
    await queryRunner.query(
      'CREATE TABLE "configurator" ("id" SERIAL NOT NULL, "data" jsonb NOT NULL DEFAULT \'{}\', CONSTRAINT "PK_f3973f295745ec3db041fc6a349" PRIMARY KEY ("id"))',
    );
    await queryRunner.query(
      "CREATE TYPE \"public\".\"container_field_type\" AS ENUM('DATE', 'BOOLEAN', 'NUMBER', 'LINK', 'PARAGRAPH', 'STRING', 'IMAGE', 'FILE', 'VIDEO', 'CONTENT', 'OPTION', 'RICHTEXT', 'COLOR', 'LOCATION', 'TIMERANGE', 'ZOHOOPTIONS', 'POSITION')",
    );
    await queryRunner.query(
      'CREATE TABLE "container_field" ("id" SERIAL NOT NULL, "label" character varying(200) NOT NULL, "name" character varying(100) NOT NULL, "type" "public"."container_field_type" NOT NULL, "multiple" boolean NOT NULL DEFAULT false, "zohoOptionsKey" character varying(100), "options" jsonb, "min" double precision, "max" double precision, "containerId" integer NOT NULL, "linkedContainerId" integer, "metadata" jsonb, "required" boolean NOT NULL DEFAULT false, "position" integer NOT NULL DEFAULT \'0\', CONSTRAINT "PK_118303de625c3531e8604cafe8f" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_4429f162d7c0e9538a4a492887" ON "container_field"  ("containerId") ');
    await queryRunner.query('CREATE INDEX "IDX_7efcfaf0b2919ac259b634de84" ON "container_field"  ("linkedContainerId") ');
    await queryRunner.query('CREATE UNIQUE INDEX "IDX_811b7b141bcb0297f85687aba0" ON "container_field"  ("containerId", "name") ');
    await queryRunner.query('CREATE TYPE "public"."status" AS ENUM(\'AVAILABLE\', \'DISCONTINUED\')');
    await queryRunner.query(
      'CREATE TABLE "container" ("id" SERIAL NOT NULL, "title" character varying(200) NOT NULL, "disableContentSections" boolean NOT NULL DEFAULT false, "hideFooter" boolean NOT NULL DEFAULT false, "published" boolean NOT NULL DEFAULT false, "status" "public"."status" NOT NULL DEFAULT \'AVAILABLE\', "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_74656f796df3346fa6ec89fa727" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_14708d23d9f8accce0f02a82d9" ON "container"  ("title") ');
    await queryRunner.query('CREATE INDEX "IDX_dfe2570d1abc6da7d87211db48" ON "container"  ("published") ');
    await queryRunner.query('CREATE INDEX "IDX_1d7edd10fa61cd358f02059d92" ON "container"  ("status") ');
    await queryRunner.query('CREATE INDEX "IDX_a1105d7a6724c4c77f15c73746" ON "container"  ("updatedAt") ');
    await queryRunner.query("CREATE TYPE \"public\".\"lang\" AS ENUM('en', 'fr', 'tr', 'es', 'it')");
    await queryRunner.query(
      'CREATE TABLE "content_field" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "type" "public"."container_field_type" NOT NULL, "contentId" integer NOT NULL, "mediaId" integer, "textValue" text, "numberValue" double precision, "boolValue" boolean, "dateValue" TIMESTAMP WITH TIME ZONE, "timeRange" jsonb, "contentValueId" integer, "multiple" boolean NOT NULL DEFAULT false, "parentId" integer, "lang" "public"."lang" NOT NULL DEFAULT \'en\', "position" integer NOT NULL DEFAULT \'0\', CONSTRAINT "PK_1723e6280d72f8df9416e5e8654" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_1acd79dc375f401d0629b231d4" ON "content_field"  ("contentId") ');
    await queryRunner.query('CREATE INDEX "IDX_ec406fdf699b6b311eae0e4600" ON "content_field"  ("mediaId") ');
    await queryRunner.query('CREATE INDEX "IDX_f9d5a75d5b47aa02fa8a8d32d6" ON "content_field"  ("contentValueId") ');
    await queryRunner.query('CREATE INDEX "IDX_cf1d55af6535e30040ed5e5bea" ON "content_field"  ("parentId") ');
    await queryRunner.query('CREATE INDEX "IDX_21d9c31a634dad046a707bf12d" ON "content_field"  ("contentId", "lang", "name") ');
    await queryRunner.query(
      'CREATE TABLE "content" ("id" SERIAL NOT NULL, "title" character varying(300) NOT NULL, "containerId" integer NOT NULL, "published" boolean NOT NULL DEFAULT false, "status" "public"."status" NOT NULL DEFAULT \'AVAILABLE\', "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6a2083913f3647b44f205204e36" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_6099e444f94633ef8693800fe7" ON "content"  ("title") ');
    await queryRunner.query('CREATE INDEX "IDX_8a4d246d854cf37fed46116f59" ON "content"  ("containerId") ');
    await queryRunner.query('CREATE INDEX "IDX_e36a2227b206791796c545720d" ON "content"  ("published") ');
    await queryRunner.query('CREATE INDEX "IDX_c276581fee44a9db751757755e" ON "content"  ("status") ');
    await queryRunner.query('CREATE INDEX "IDX_c66d2e6b21a96bf9a28fa5b2b5" ON "content"  ("updatedAt") ');
    await queryRunner.query('CREATE INDEX "IDX_4f47421240c5933284f273b10e" ON "content"  ("containerId", "updatedAt") ');
    await queryRunner.query(
      'CREATE TABLE "element" ("id" SERIAL NOT NULL, "title" character varying(200) NOT NULL, "block" character varying(50) NOT NULL, "formId" integer, "content" jsonb NOT NULL DEFAULT \'{}\', "status" "public"."status" NOT NULL DEFAULT \'AVAILABLE\', "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6c5f203479270d39efaad8cd82b" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_000b1002fb4ffa24270cc8b56e" ON "element"  ("title") ');
    await queryRunner.query('CREATE INDEX "IDX_74c530ec1389eeb88535cf8def" ON "element"  ("block") ');
    await queryRunner.query('CREATE INDEX "IDX_0c2ee33d111dec248ff7020f92" ON "element"  ("formId") ');
    await queryRunner.query('CREATE INDEX "IDX_1a4603bcf9d8e56e0408d99a79" ON "element"  ("status") ');
    await queryRunner.query('CREATE INDEX "IDX_8b3da0afead88681ef8bd1afc3" ON "element"  ("updatedAt") ');
    await queryRunner.query(
      "CREATE TYPE \"public\".\"form_field_type\" AS ENUM('TEXT', 'NUMBER', 'EMAIL', 'PASSWORD', 'PARAGRAPH', 'OPTION', 'CHECKBOX', 'RADIO', 'BUTTON', 'TITLE', 'ZOHOOPTIONS', 'PHONENUMBER')",
    );
    await queryRunner.query(
      'CREATE TABLE "form_field" ("id" SERIAL NOT NULL, "formId" integer NOT NULL, "name" character varying(100) NOT NULL, "type" "public"."form_field_type" NOT NULL, "label" character varying(500), "placeholder" character varying(500), "position" integer NOT NULL DEFAULT \'0\', "line" integer NOT NULL DEFAULT \'0\', "options" jsonb, "min" double precision, "max" double precision, "defaultText" text, "defaultNumber" double precision, "defaultMultiple" jsonb, "lang" "public"."lang" NOT NULL DEFAULT \'en\', "required" boolean NOT NULL DEFAULT false, "warningMessage" character varying(500), CONSTRAINT "PK_135904ddb60085b07254ea4f485" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_2d83d8a334dd66445db13f92b7" ON "form_field"  ("formId") ');
    await queryRunner.query('CREATE INDEX "IDX_80cd44f0855865aa7a6f85738a" ON "form_field"  ("formId", "lang", "position") ');
    await queryRunner.query(
      'CREATE TABLE "form" ("id" SERIAL NOT NULL, "title" character varying(200) NOT NULL, "sendMail" boolean NOT NULL DEFAULT false, "sendTo" character varying(254), "successMessage" text, "errorMessage" text, "status" "public"."status" NOT NULL DEFAULT \'AVAILABLE\', "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8f72b95aa2f8ba82cf95dc7579e" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_af1702acb1ba2b4f40b32a46a3" ON "form"  ("title") ');
    await queryRunner.query('CREATE INDEX "IDX_49553697ba47f09e099fe9d74d" ON "form"  ("status") ');
    await queryRunner.query('CREATE INDEX "IDX_4b7b6521cd036d181628b0c72f" ON "form"  ("updatedAt") ');
    await queryRunner.query(
      'CREATE TABLE "media_pack" ("id" SERIAL NOT NULL, "name" character varying(200) NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7e5248b96fe3142a5a375274c25" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_cc49fa4a3da31f815869eb0190" ON "media_pack"  ("name") ');
    await queryRunner.query('CREATE INDEX "IDX_feac50abdcb731b51e7915e043" ON "media_pack"  ("createdAt") ');
    await queryRunner.query('CREATE INDEX "IDX_32c561497bf172a30c9c29c056" ON "media_pack"  ("updatedAt") ');
    await queryRunner.query(
      'CREATE TABLE "media" ("id" SERIAL NOT NULL, "uri" character varying(255) NOT NULL, "mimeType" character varying(127) NOT NULL, "name" character varying(255) NOT NULL, "size" bigint NOT NULL, "alt" jsonb NOT NULL DEFAULT \'{}\', "width" integer, "height" integer, "packId" integer, "uploadTime" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f4e0fcac36e050de337b670d8bd" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE UNIQUE INDEX "IDX_bbe8eb4a238e8127cf189b4ed9" ON "media"  ("uri") ');
    await queryRunner.query('CREATE INDEX "IDX_9354d2330f75fd47e8e7cfacec" ON "media"  ("mimeType") ');
    await queryRunner.query('CREATE INDEX "IDX_f603fc24759b12726df73c1ad4" ON "media"  ("name") ');
    await queryRunner.query('CREATE INDEX "IDX_f3a9c263f8434c152a9588a2cf" ON "media"  ("size") ');
    await queryRunner.query('CREATE INDEX "IDX_7e5bd1abdc43d2098cbb1c445a" ON "media"  ("packId") ');
    await queryRunner.query('CREATE INDEX "IDX_a27ea88c6344ccce96d4a47cde" ON "media"  ("uploadTime") ');
    await queryRunner.query(
      'CREATE TABLE "message" ("id" SERIAL NOT NULL, "read" boolean NOT NULL DEFAULT false, "formId" integer NOT NULL, "value" jsonb NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ba01f0a3e0123651915008bc578" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_eb964329b994108ab9c8327e00" ON "message"  ("read") ');
    await queryRunner.query('CREATE INDEX "IDX_05796deba1e5da4f16dc810de0" ON "message"  ("formId") ');
    await queryRunner.query('CREATE INDEX "IDX_19d7362db248a3df27fc29b507" ON "message"  ("createdAt") ');
    await queryRunner.query('CREATE INDEX "IDX_9220e2dbed5c71be70e299c8b6" ON "message"  ("formId", "createdAt") ');
    await queryRunner.query(
      'CREATE TABLE "metadata" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "content" text NOT NULL, "containerId" integer, "contentId" integer, "lang" "public"."lang" NOT NULL DEFAULT \'en\', CONSTRAINT "PK_56b22355e89941b9792c04ab176" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_f4818ebabafcdde75edf2ccd31" ON "metadata"  ("containerId") ');
    await queryRunner.query('CREATE INDEX "IDX_876157e8be3150e3dcf45b119c" ON "metadata"  ("contentId") ');
    await queryRunner.query(
      "CREATE TYPE \"public\".\"right_type\" AS ENUM('VIEW_MESSAGE', 'VIEW_CONTAINER', 'CREATE_CONTAINER', 'UPDATE_CONTAINER', 'DELETE_CONTAINER', 'VIEW_USER', 'CREATE_USER', 'UPDATE_USER', 'DELETE_USER', 'VIEW_ROLE', 'CREATE_ROLE', 'UPDATE_ROLE', 'DELETE_ROLE', 'VIEW_CONTENT', 'CREATE_CONTENT', 'UPDATE_CONTENT', 'DELETE_CONTENT', 'VIEW_ELEMENT', 'CREATE_ELEMENT', 'UPDATE_ELEMENT', 'DELETE_ELEMENT', 'VIEW_FORM', 'CREATE_FORM', 'UPDATE_FORM', 'DELETE_FORM', 'VIEW_LAYOUT', 'UPDATE_LAYOUT', 'VIEW_MEDIA', 'CREATE_MEDIA', 'UPDATE_MEDIA', 'DELETE_MEDIA', 'VIEW_MEDIAPACK', 'CREATE_MEDIAPACK', 'UPDATE_MEDIAPACK', 'DELETE_MEDIAPACK', 'ACCESS_SETTINGS', 'REVALIDATION')",
    );
    await queryRunner.query(
      'CREATE TABLE "right" ("id" SERIAL NOT NULL, "roleId" character varying(64) NOT NULL, "rightType" "public"."right_type" NOT NULL, CONSTRAINT "PK_77e01b46d514d44ec33fd2d93d3" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_54bf661e485d27735e0bf2eb22" ON "right"  ("roleId") ');
    await queryRunner.query('CREATE UNIQUE INDEX "IDX_a75cc5a0a8fd3580d48409abf1" ON "right"  ("roleId", "rightType") ');
    await queryRunner.query(
      'CREATE TABLE "role" ("id" character varying(64) NOT NULL, "name" character varying(100) NOT NULL, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b36bcfe02fc8de3c57a8b2391c2" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_ae4578dcaed5adff96595e6166" ON "role"  ("name") ');
    await queryRunner.query('CREATE INDEX "IDX_824e186a844b0ca85bb8e6a14e" ON "role"  ("updatedAt") ');
    await queryRunner.query("CREATE TYPE \"public\".\"section_type\" AS ENUM('PAGE', 'HEADER', 'TOP_BODY', 'BOTTOM_BODY', 'FOOTER')");
    await queryRunner.query(
      'CREATE TABLE "section" ("id" SERIAL NOT NULL, "type" "public"."section_type" NOT NULL, "block" character varying(50) NOT NULL, "formId" integer, "containerId" integer, "containerContentId" integer, "contentId" integer, "elementId" integer, "position" integer NOT NULL DEFAULT \'0\', "content" jsonb NOT NULL DEFAULT \'{}\', "lang" "public"."lang" NOT NULL DEFAULT \'en\', CONSTRAINT "PK_3c41d2d699384cc5e8eac54777d" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_324039b20aaa3b78015c756ecf" ON "section"  ("formId") ');
    await queryRunner.query('CREATE INDEX "IDX_45e72bf0b19b07cc64f4aa719b" ON "section"  ("containerId") ');
    await queryRunner.query('CREATE INDEX "IDX_699d2698d663bd161dba1f836b" ON "section"  ("containerContentId") ');
    await queryRunner.query('CREATE INDEX "IDX_6cc02f9a2cd50cfac82951b92a" ON "section"  ("contentId") ');
    await queryRunner.query('CREATE INDEX "IDX_2bce74da039d7636fe7a42e877" ON "section"  ("elementId") ');
    await queryRunner.query('CREATE INDEX "IDX_279b47a5d379f2954cbfc6b132" ON "section"  ("type", "lang", "position") ');
    await queryRunner.query(
      'CREATE TABLE "setting" ("id" SERIAL NOT NULL, "name" character varying(100) NOT NULL, "value" jsonb, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_fcb21187dc6094e24a48f677bed" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE UNIQUE INDEX "IDX_27923d152bbf82683ab795d547" ON "setting"  ("name") ');
    await queryRunner.query('CREATE INDEX "IDX_cf8007c1d14bc988263126e3b8" ON "setting"  ("updatedAt") ');
    await queryRunner.query(
      'CREATE TABLE "slug" ("id" SERIAL NOT NULL, "full" character varying(1000) NOT NULL, "basic" character varying(200) NOT NULL, "parentId" integer, "containerId" integer, "contentId" integer, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "published" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_f972f08642fd0b16191e5a4fdb0" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE UNIQUE INDEX "IDX_706f5c7d3ae64e0518b09a8392" ON "slug"  ("full") ');
    await queryRunner.query('CREATE INDEX "IDX_6539793f6f36be532bf64b5901" ON "slug"  ("parentId") ');
    await queryRunner.query('CREATE INDEX "IDX_41ec1bc7d67cce0ce518f222df" ON "slug"  ("containerId") ');
    await queryRunner.query('CREATE INDEX "IDX_06331e9369ef75d294cfb86690" ON "slug"  ("contentId") ');
    await queryRunner.query('CREATE INDEX "IDX_28bce7896449da1d342be76ff2" ON "slug"  ("updatedAt") ');
    await queryRunner.query('CREATE INDEX "IDX_0fad707865104bd535c6f06e5d" ON "slug"  ("published") ');
    await queryRunner.query(
      'CREATE TABLE "login" ("id" SERIAL NOT NULL, "userId" integer NOT NULL, "roleId" character varying(64) NOT NULL, "email" character varying(254) NOT NULL, "password" character varying(255) NOT NULL, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0e29aa96b7d3fb812ff43fcfcd3" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_b1c3fff7c4bc7d15b3018abab6" ON "login"  ("userId") ');
    await queryRunner.query('CREATE INDEX "IDX_f1e2b8328fcf27188ba4da7821" ON "login"  ("roleId") ');
    await queryRunner.query('CREATE UNIQUE INDEX "IDX_a1fa377d7cba456bebaa6922ed" ON "login"  ("email") ');
    await queryRunner.query(
      'CREATE TABLE "user" ("id" SERIAL NOT NULL, "name" character varying(200) NOT NULL, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_cace4a159ff9f2512dd42373760" PRIMARY KEY ("id"))',
    );
    await queryRunner.query('CREATE INDEX "IDX_065d4d8f3b5adb4a08841eae3c" ON "user"  ("name") ');
    await queryRunner.query('CREATE INDEX "IDX_80ca6e6ef65fb9ef34ea8c90f4" ON "user"  ("updatedAt") ');
    await queryRunner.query(
      'ALTER TABLE "access" ADD CONSTRAINT "FK_d937ac332895bf560e848fc0fb7" FOREIGN KEY ("containerId") REFERENCES "container"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "access" ADD CONSTRAINT "FK_d2ed24ce148e8e12bf6dd3f758f" FOREIGN KEY ("contentId") REFERENCES "content"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "access" ADD CONSTRAINT "FK_19d6048f0ccf9dc583e4f526cd0" FOREIGN KEY ("roleId") REFERENCES "role"("id") ON DELETE CASCADE ON UPDATE CASCADE',
    );
    await queryRunner.query(
      'ALTER TABLE "session" ADD CONSTRAINT "FK_75ffd20060f25cc5b0cae3430e0" FOREIGN KEY ("loginId") REFERENCES "login"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "container_field" ADD CONSTRAINT "FK_4429f162d7c0e9538a4a4928872" FOREIGN KEY ("containerId") REFERENCES "container"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "container_field" ADD CONSTRAINT "FK_7efcfaf0b2919ac259b634de846" FOREIGN KEY ("linkedContainerId") REFERENCES "container"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "content_field" ADD CONSTRAINT "FK_1acd79dc375f401d0629b231d4d" FOREIGN KEY ("contentId") REFERENCES "content"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "content_field" ADD CONSTRAINT "FK_ec406fdf699b6b311eae0e46002" FOREIGN KEY ("mediaId") REFERENCES "media"("id") ON DELETE RESTRICT ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "content_field" ADD CONSTRAINT "FK_f9d5a75d5b47aa02fa8a8d32d6f" FOREIGN KEY ("contentValueId") REFERENCES "content"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "content_field" ADD CONSTRAINT "FK_cf1d55af6535e30040ed5e5bea7" FOREIGN KEY ("parentId") REFERENCES "content_field"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "content" ADD CONSTRAINT "FK_8a4d246d854cf37fed46116f598" FOREIGN KEY ("containerId") REFERENCES "container"("id") ON DELETE RESTRICT ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "element" ADD CONSTRAINT "FK_0c2ee33d111dec248ff7020f92b" FOREIGN KEY ("formId") REFERENCES "form"("id") ON DELETE RESTRICT ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "form_field" ADD CONSTRAINT "FK_2d83d8a334dd66445db13f92b77" FOREIGN KEY ("formId") REFERENCES "form"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "media" ADD CONSTRAINT "FK_7e5bd1abdc43d2098cbb1c445a4" FOREIGN KEY ("packId") REFERENCES "media_pack"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "message" ADD CONSTRAINT "FK_05796deba1e5da4f16dc810de0a" FOREIGN KEY ("formId") REFERENCES "form"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "metadata" ADD CONSTRAINT "FK_f4818ebabafcdde75edf2ccd31c" FOREIGN KEY ("containerId") REFERENCES "container"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "metadata" ADD CONSTRAINT "FK_876157e8be3150e3dcf45b119cc" FOREIGN KEY ("contentId") REFERENCES "content"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "right" ADD CONSTRAINT "FK_54bf661e485d27735e0bf2eb224" FOREIGN KEY ("roleId") REFERENCES "role"("id") ON DELETE CASCADE ON UPDATE CASCADE',
    );
    await queryRunner.query(
      'ALTER TABLE "section" ADD CONSTRAINT "FK_324039b20aaa3b78015c756ecf5" FOREIGN KEY ("formId") REFERENCES "form"("id") ON DELETE RESTRICT ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "section" ADD CONSTRAINT "FK_45e72bf0b19b07cc64f4aa719ba" FOREIGN KEY ("containerId") REFERENCES "container"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "section" ADD CONSTRAINT "FK_699d2698d663bd161dba1f836be" FOREIGN KEY ("containerContentId") REFERENCES "container"("id") ON DELETE SET NULL ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "section" ADD CONSTRAINT "FK_6cc02f9a2cd50cfac82951b92a6" FOREIGN KEY ("contentId") REFERENCES "content"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "section" ADD CONSTRAINT "FK_2bce74da039d7636fe7a42e877a" FOREIGN KEY ("elementId") REFERENCES "element"("id") ON DELETE RESTRICT ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "slug" ADD CONSTRAINT "FK_6539793f6f36be532bf64b59011" FOREIGN KEY ("parentId") REFERENCES "slug"("id") ON DELETE RESTRICT ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "slug" ADD CONSTRAINT "FK_41ec1bc7d67cce0ce518f222df4" FOREIGN KEY ("containerId") REFERENCES "container"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "slug" ADD CONSTRAINT "FK_06331e9369ef75d294cfb86690b" FOREIGN KEY ("contentId") REFERENCES "content"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "login" ADD CONSTRAINT "FK_b1c3fff7c4bc7d15b3018abab6f" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE "login" ADD CONSTRAINT "FK_f1e2b8328fcf27188ba4da7821a" FOREIGN KEY ("roleId") REFERENCES "role"("id") ON DELETE RESTRICT ON UPDATE CASCADE',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "login" DROP CONSTRAINT "FK_f1e2b8328fcf27188ba4da7821a"');
    await queryRunner.query('ALTER TABLE "login" DROP CONSTRAINT "FK_b1c3fff7c4bc7d15b3018abab6f"');
    await queryRunner.query('ALTER TABLE "slug" DROP CONSTRAINT "FK_06331e9369ef75d294cfb86690b"');
    await queryRunner.query('ALTER TABLE "slug" DROP CONSTRAINT "FK_41ec1bc7d67cce0ce518f222df4"');
    await queryRunner.query('ALTER TABLE "slug" DROP CONSTRAINT "FK_6539793f6f36be532bf64b59011"');
    await queryRunner.query('ALTER TABLE "section" DROP CONSTRAINT "FK_2bce74da039d7636fe7a42e877a"');
    await queryRunner.query('ALTER TABLE "section" DROP CONSTRAINT "FK_6cc02f9a2cd50cfac82951b92a6"');
    await queryRunner.query('ALTER TABLE "section" DROP CONSTRAINT "FK_699d2698d663bd161dba1f836be"');
    await queryRunner.query('ALTER TABLE "section" DROP CONSTRAINT "FK_45e72bf0b19b07cc64f4aa719ba"');
    await queryRunner.query('ALTER TABLE "section" DROP CONSTRAINT "FK_324039b20aaa3b78015c756ecf5"');
    await queryRunner.query('ALTER TABLE "right" DROP CONSTRAINT "FK_54bf661e485d27735e0bf2eb224"');
    await queryRunner.query('ALTER TABLE "metadata" DROP CONSTRAINT "FK_876157e8be3150e3dcf45b119cc"');
    await queryRunner.query('ALTER TABLE "metadata" DROP CONSTRAINT "FK_f4818ebabafcdde75edf2ccd31c"');
    await queryRunner.query('ALTER TABLE "message" DROP CONSTRAINT "FK_05796deba1e5da4f16dc810de0a"');
    await queryRunner.query('ALTER TABLE "media" DROP CONSTRAINT "FK_7e5bd1abdc43d2098cbb1c445a4"');
    await queryRunner.query('ALTER TABLE "form_field" DROP CONSTRAINT "FK_2d83d8a334dd66445db13f92b77"');
    await queryRunner.query('ALTER TABLE "element" DROP CONSTRAINT "FK_0c2ee33d111dec248ff7020f92b"');
    await queryRunner.query('ALTER TABLE "content" DROP CONSTRAINT "FK_8a4d246d854cf37fed46116f598"');
    await queryRunner.query('ALTER TABLE "content_field" DROP CONSTRAINT "FK_cf1d55af6535e30040ed5e5bea7"');
    await queryRunner.query('ALTER TABLE "content_field" DROP CONSTRAINT "FK_f9d5a75d5b47aa02fa8a8d32d6f"');
    await queryRunner.query('ALTER TABLE "content_field" DROP CONSTRAINT "FK_ec406fdf699b6b311eae0e46002"');
    await queryRunner.query('ALTER TABLE "content_field" DROP CONSTRAINT "FK_1acd79dc375f401d0629b231d4d"');
    await queryRunner.query('ALTER TABLE "container_field" DROP CONSTRAINT "FK_7efcfaf0b2919ac259b634de846"');
    await queryRunner.query('ALTER TABLE "container_field" DROP CONSTRAINT "FK_4429f162d7c0e9538a4a4928872"');
    await queryRunner.query('ALTER TABLE "session" DROP CONSTRAINT "FK_75ffd20060f25cc5b0cae3430e0"');
    await queryRunner.query('ALTER TABLE "access" DROP CONSTRAINT "FK_19d6048f0ccf9dc583e4f526cd0"');
    await queryRunner.query('ALTER TABLE "access" DROP CONSTRAINT "FK_d2ed24ce148e8e12bf6dd3f758f"');
    await queryRunner.query('ALTER TABLE "access" DROP CONSTRAINT "FK_d937ac332895bf560e848fc0fb7"');
    await queryRunner.query('DROP INDEX "public"."IDX_80ca6e6ef65fb9ef34ea8c90f4"');
    await queryRunner.query('DROP INDEX "public"."IDX_065d4d8f3b5adb4a08841eae3c"');
    await queryRunner.query('DROP TABLE "user"');
    await queryRunner.query('DROP INDEX "public"."IDX_a1fa377d7cba456bebaa6922ed"');
    await queryRunner.query('DROP INDEX "public"."IDX_f1e2b8328fcf27188ba4da7821"');
    await queryRunner.query('DROP INDEX "public"."IDX_b1c3fff7c4bc7d15b3018abab6"');
    await queryRunner.query('DROP TABLE "login"');
    await queryRunner.query('DROP INDEX "public"."IDX_0fad707865104bd535c6f06e5d"');
    await queryRunner.query('DROP INDEX "public"."IDX_28bce7896449da1d342be76ff2"');
    await queryRunner.query('DROP INDEX "public"."IDX_06331e9369ef75d294cfb86690"');
    await queryRunner.query('DROP INDEX "public"."IDX_41ec1bc7d67cce0ce518f222df"');
    await queryRunner.query('DROP INDEX "public"."IDX_6539793f6f36be532bf64b5901"');
    await queryRunner.query('DROP INDEX "public"."IDX_706f5c7d3ae64e0518b09a8392"');
    await queryRunner.query('DROP TABLE "slug"');
    await queryRunner.query('DROP INDEX "public"."IDX_cf8007c1d14bc988263126e3b8"');
    await queryRunner.query('DROP INDEX "public"."IDX_27923d152bbf82683ab795d547"');
    await queryRunner.query('DROP TABLE "setting"');
    await queryRunner.query('DROP INDEX "public"."IDX_279b47a5d379f2954cbfc6b132"');
    await queryRunner.query('DROP INDEX "public"."IDX_2bce74da039d7636fe7a42e877"');
    await queryRunner.query('DROP INDEX "public"."IDX_6cc02f9a2cd50cfac82951b92a"');
    await queryRunner.query('DROP INDEX "public"."IDX_699d2698d663bd161dba1f836b"');
    await queryRunner.query('DROP INDEX "public"."IDX_45e72bf0b19b07cc64f4aa719b"');
    await queryRunner.query('DROP INDEX "public"."IDX_324039b20aaa3b78015c756ecf"');
    await queryRunner.query('DROP TABLE "section"');
    await queryRunner.query('DROP INDEX "public"."IDX_824e186a844b0ca85bb8e6a14e"');
    await queryRunner.query('DROP INDEX "public"."IDX_ae4578dcaed5adff96595e6166"');
    await queryRunner.query('DROP TABLE "role"');
    await queryRunner.query('DROP INDEX "public"."IDX_a75cc5a0a8fd3580d48409abf1"');
    await queryRunner.query('DROP INDEX "public"."IDX_54bf661e485d27735e0bf2eb22"');
    await queryRunner.query('DROP TABLE "right"');
    await queryRunner.query('DROP INDEX "public"."IDX_876157e8be3150e3dcf45b119c"');
    await queryRunner.query('DROP INDEX "public"."IDX_f4818ebabafcdde75edf2ccd31"');
    await queryRunner.query('DROP TABLE "metadata"');
    await queryRunner.query('DROP INDEX "public"."IDX_9220e2dbed5c71be70e299c8b6"');
    await queryRunner.query('DROP INDEX "public"."IDX_19d7362db248a3df27fc29b507"');
    await queryRunner.query('DROP INDEX "public"."IDX_05796deba1e5da4f16dc810de0"');
    await queryRunner.query('DROP INDEX "public"."IDX_eb964329b994108ab9c8327e00"');
    await queryRunner.query('DROP TABLE "message"');
    await queryRunner.query('DROP INDEX "public"."IDX_a27ea88c6344ccce96d4a47cde"');
    await queryRunner.query('DROP INDEX "public"."IDX_7e5bd1abdc43d2098cbb1c445a"');
    await queryRunner.query('DROP INDEX "public"."IDX_f3a9c263f8434c152a9588a2cf"');
    await queryRunner.query('DROP INDEX "public"."IDX_f603fc24759b12726df73c1ad4"');
    await queryRunner.query('DROP INDEX "public"."IDX_9354d2330f75fd47e8e7cfacec"');
    await queryRunner.query('DROP INDEX "public"."IDX_bbe8eb4a238e8127cf189b4ed9"');
    await queryRunner.query('DROP TABLE "media"');
    await queryRunner.query('DROP INDEX "public"."IDX_32c561497bf172a30c9c29c056"');
    await queryRunner.query('DROP INDEX "public"."IDX_feac50abdcb731b51e7915e043"');
    await queryRunner.query('DROP INDEX "public"."IDX_cc49fa4a3da31f815869eb0190"');
    await queryRunner.query('DROP TABLE "media_pack"');
    await queryRunner.query('DROP INDEX "public"."IDX_4b7b6521cd036d181628b0c72f"');
    await queryRunner.query('DROP INDEX "public"."IDX_49553697ba47f09e099fe9d74d"');
    await queryRunner.query('DROP INDEX "public"."IDX_af1702acb1ba2b4f40b32a46a3"');
    await queryRunner.query('DROP TABLE "form"');
    await queryRunner.query('DROP INDEX "public"."IDX_80cd44f0855865aa7a6f85738a"');
    await queryRunner.query('DROP INDEX "public"."IDX_2d83d8a334dd66445db13f92b7"');
    await queryRunner.query('DROP TABLE "form_field"');
    await queryRunner.query('DROP INDEX "public"."IDX_8b3da0afead88681ef8bd1afc3"');
    await queryRunner.query('DROP INDEX "public"."IDX_1a4603bcf9d8e56e0408d99a79"');
    await queryRunner.query('DROP INDEX "public"."IDX_0c2ee33d111dec248ff7020f92"');
    await queryRunner.query('DROP INDEX "public"."IDX_74c530ec1389eeb88535cf8def"');
    await queryRunner.query('DROP INDEX "public"."IDX_000b1002fb4ffa24270cc8b56e"');
    await queryRunner.query('DROP TABLE "element"');
    await queryRunner.query('DROP INDEX "public"."IDX_4f47421240c5933284f273b10e"');
    await queryRunner.query('DROP INDEX "public"."IDX_c66d2e6b21a96bf9a28fa5b2b5"');
    await queryRunner.query('DROP INDEX "public"."IDX_c276581fee44a9db751757755e"');
    await queryRunner.query('DROP INDEX "public"."IDX_e36a2227b206791796c545720d"');
    await queryRunner.query('DROP INDEX "public"."IDX_8a4d246d854cf37fed46116f59"');
    await queryRunner.query('DROP INDEX "public"."IDX_6099e444f94633ef8693800fe7"');
    await queryRunner.query('DROP TABLE "content"');
    await queryRunner.query('DROP INDEX "public"."IDX_21d9c31a634dad046a707bf12d"');
    await queryRunner.query('DROP INDEX "public"."IDX_cf1d55af6535e30040ed5e5bea"');
    await queryRunner.query('DROP INDEX "public"."IDX_f9d5a75d5b47aa02fa8a8d32d6"');
    await queryRunner.query('DROP INDEX "public"."IDX_ec406fdf699b6b311eae0e4600"');
    await queryRunner.query('DROP INDEX "public"."IDX_1acd79dc375f401d0629b231d4"');
    await queryRunner.query('DROP TABLE "content_field"');
    await queryRunner.query('DROP INDEX "public"."IDX_a1105d7a6724c4c77f15c73746"');
    await queryRunner.query('DROP INDEX "public"."IDX_1d7edd10fa61cd358f02059d92"');
    await queryRunner.query('DROP INDEX "public"."IDX_dfe2570d1abc6da7d87211db48"');
    await queryRunner.query('DROP INDEX "public"."IDX_14708d23d9f8accce0f02a82d9"');
    await queryRunner.query('DROP TABLE "container"');
    await queryRunner.query('DROP INDEX "public"."IDX_811b7b141bcb0297f85687aba0"');
    await queryRunner.query('DROP INDEX "public"."IDX_7efcfaf0b2919ac259b634de84"');
    await queryRunner.query('DROP INDEX "public"."IDX_4429f162d7c0e9538a4a492887"');
    await queryRunner.query('DROP TABLE "container_field"');
    await queryRunner.query('DROP TABLE "configurator"');
    await queryRunner.query('DROP INDEX "public"."IDX_5d97cf9773002b16861b4bb8ae"');
    await queryRunner.query('DROP INDEX "public"."IDX_75ffd20060f25cc5b0cae3430e"');
    await queryRunner.query('DROP TABLE "session"');
    await queryRunner.query('DROP INDEX "public"."IDX_19d6048f0ccf9dc583e4f526cd"');
    await queryRunner.query('DROP INDEX "public"."IDX_d2ed24ce148e8e12bf6dd3f758"');
    await queryRunner.query('DROP INDEX "public"."IDX_d937ac332895bf560e848fc0fb"');
    await queryRunner.query('DROP TABLE "access"');
    // The enumerations last: several tables share each of them (generated, this down dropped them after their first table and failed).
    await queryRunner.query('DROP TYPE "public"."lang"');
    await queryRunner.query('DROP TYPE "public"."section_type"');
    await queryRunner.query('DROP TYPE "public"."right_type"');
    await queryRunner.query('DROP TYPE "public"."status"');
    await queryRunner.query('DROP TYPE "public"."form_field_type"');
    await queryRunner.query('DROP TYPE "public"."container_field_type"');
  }
}
