-- The read model of contents as the migrations leave it: written by the test "migrations go up on an
-- empty database…" (apps/api/test/migrations.spec.ts, WRITE_READ_MODEL_SQL=1 rewrites it) and compared
-- with the migrated database at every run. A migration that changes the read model copies from here.

-- Columns (table.column type nullable default)
cache_version.name character varying NO
cache_version.version bigint NO 0
content_count.containerId integer NO
content_count.count integer NO 0
content_count.published boolean NO false
content_count.status USER-DEFINED NO 'AVAILABLE'::status
content_document.contentId integer NO
content_document.fallback ARRAY NO
content_document.fields jsonb NO
content_document.json text NO
content_document.lang USER-DEFINED NO
content_document.source jsonb NO '{}'::jsonb

-- Indexes
CREATE UNIQUE INDEX cache_version_pkey ON public.cache_version USING btree (name)
CREATE UNIQUE INDEX content_count_pkey ON public.content_count USING btree ("containerId", published, status)
CREATE UNIQUE INDEX content_document_pkey ON public.content_document USING btree ("contentId", lang)

-- Triggers
CREATE CONSTRAINT TRIGGER content_count_insert_delete AFTER INSERT OR DELETE ON public.content DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION content_count_changed()
CREATE CONSTRAINT TRIGGER content_count_update AFTER UPDATE OF "containerId", published, status ON public.content DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ((((old."containerId" IS DISTINCT FROM new."containerId") OR (old.published IS DISTINCT FROM new.published)) OR (old.status IS DISTINCT FROM new.status))) EXECUTE FUNCTION content_count_changed()
CREATE CONSTRAINT TRIGGER content_document_list_changed AFTER INSERT OR DELETE OR UPDATE ON public.content_document DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION content_list_changed_at_commit()
CREATE CONSTRAINT TRIGGER content_draft_list_changed AFTER INSERT OR DELETE OR UPDATE ON public.content_draft DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION content_list_changed_at_commit()
CREATE CONSTRAINT TRIGGER content_list_changed AFTER INSERT OR DELETE OR UPDATE ON public.content DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION content_list_changed_at_commit()
CREATE CONSTRAINT TRIGGER slug_list_changed AFTER INSERT OR DELETE OR UPDATE ON public.slug DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION content_list_changed_at_commit()
CREATE CONSTRAINT TRIGGER slug_path_list_changed AFTER INSERT OR DELETE OR UPDATE ON public.slug_path DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION content_list_changed_at_commit()
CREATE TRIGGER content_document_delete AFTER DELETE ON public.content_field REFERENCING OLD TABLE AS old_fields FOR EACH STATEMENT EXECUTE FUNCTION content_document_changed()
CREATE TRIGGER content_document_insert AFTER INSERT ON public.content_field REFERENCING NEW TABLE AS new_fields FOR EACH STATEMENT EXECUTE FUNCTION content_document_changed()
CREATE TRIGGER content_document_list_truncated AFTER TRUNCATE ON public.content_document FOR EACH STATEMENT EXECUTE FUNCTION content_list_changed()
CREATE TRIGGER content_document_update AFTER UPDATE ON public.content_field REFERENCING OLD TABLE AS old_fields NEW TABLE AS new_fields FOR EACH STATEMENT EXECUTE FUNCTION content_document_changed()
CREATE TRIGGER content_list_truncated AFTER TRUNCATE ON public.content FOR EACH STATEMENT EXECUTE FUNCTION content_list_changed()
CREATE TRIGGER slug_list_truncated AFTER TRUNCATE ON public.slug FOR EACH STATEMENT EXECUTE FUNCTION content_list_changed()
CREATE TRIGGER slug_path_list_truncated AFTER TRUNCATE ON public.slug_path FOR EACH STATEMENT EXECUTE FUNCTION content_list_changed()

-- Functions
CREATE OR REPLACE FUNCTION public.content_count_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
      END $function$;
CREATE OR REPLACE FUNCTION public.content_document_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      DECLARE ids integer[]; langs "lang"[];
      BEGIN
        IF TG_OP = 'INSERT' THEN
          SELECT array_agg(p."contentId"), array_agg(p."lang") INTO ids, langs FROM (SELECT DISTINCT "contentId", "lang" FROM "new_fields") p;
        ELSIF TG_OP = 'DELETE' THEN
          SELECT array_agg(p."contentId"), array_agg(p."lang") INTO ids, langs FROM (SELECT DISTINCT "contentId", "lang" FROM "old_fields") p;
        ELSE
          SELECT array_agg(p."contentId"), array_agg(p."lang") INTO ids, langs
          FROM (SELECT "contentId", "lang" FROM "old_fields" UNION SELECT "contentId", "lang" FROM "new_fields") p;
        END IF;
        IF ids IS NOT NULL THEN PERFORM content_document_refresh(ids, langs); END IF;
        RETURN NULL;
      END $function$;
CREATE OR REPLACE FUNCTION public.content_document_refresh(ids integer[], langs lang[])
 RETURNS void
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$ BEGIN
      DELETE FROM "content_document" d USING unnest(ids, langs) AS p("contentId", "lang")
      WHERE d."contentId" = p."contentId" AND d."lang" = p."lang"
        AND NOT EXISTS (SELECT 1 FROM "content_field" f WHERE f."contentId" = p."contentId" AND f."lang" = p."lang");
      WITH v AS (
        -- Each name's value from its rows in order. The subquery's ORDER BY is the aggregates' order (the
        -- grouping reads its rows as they come, already sorted): one sort for all the rows instead of one
        -- per aggregate and name, which cost most of a bulk create's refresh.
        SELECT i."contentId", i."lang", i."name",
          CASE WHEN (array_agg(i."multiple"))[1]
            THEN coalesce(jsonb_agg(i."item") FILTER (WHERE i."item" IS NOT NULL), '[]'::jsonb)
            ELSE coalesce(jsonb_agg(i."item") FILTER (WHERE i."item" IS NOT NULL) -> 0, 'null'::jsonb)
          END AS "value"
        FROM (
          SELECT f."contentId", f."lang", f."name", f."multiple", content_field_item(f) AS "item"
          FROM "content_field" f
          JOIN (SELECT DISTINCT * FROM unnest(ids, langs) AS p("contentId", "lang")) p ON f."contentId" = p."contentId" AND f."lang" = p."lang"
          ORDER BY f."contentId", f."lang", f."name", f."position", f."id"
        ) i
        GROUP BY i."contentId", i."lang", i."name"
      ), d AS (
        SELECT v."contentId", v."lang", jsonb_object_agg(v."name", v."value") AS "fields" FROM v GROUP BY v."contentId", v."lang"
      ), w AS (
        -- Beside each document, en's new fields when en is among the pairs (a join of d with itself ran
        -- as a nested loop, quadratic in the number of pairs under the generic plan).
        SELECT d."contentId", d."lang", d."fields", (array_agg(d."fields") FILTER (WHERE d."lang" = 'en') OVER (PARTITION BY d."contentId"))[1] AS "enFields"
        FROM d
      )
      INSERT INTO "content_document" ("contentId", "lang", "fields", "json", "fallback", "source")
      SELECT w."contentId", w."lang", w."fields",
        CASE WHEN w."lang" = 'en' THEN w."fields"::text ELSE (coalesce(coalesce(w."enFields", e."fields"), '{}'::jsonb) || w."fields")::text END,
        CASE WHEN w."lang" = 'en' THEN ARRAY(SELECT k FROM jsonb_object_keys(w."fields") k ORDER BY k)
          ELSE ARRAY(SELECT k FROM jsonb_object_keys(coalesce(w."enFields", e."fields")) k WHERE NOT w."fields" ? k ORDER BY k) END,
        -- A value the write left as it was keeps its source; a written one takes en's value of now (its md5).
        CASE WHEN w."lang" = 'en' THEN '{}'::jsonb ELSE (SELECT coalesce(jsonb_object_agg(k, CASE WHEN o."fields" -> k = w."fields" -> k AND o."source" ? k
            THEN o."source" -> k ELSE to_jsonb(md5(coalesce(coalesce(w."enFields", e."fields") -> k, 'null'::jsonb)::text)) END), '{}'::jsonb)
          FROM jsonb_object_keys(w."fields") k) END
      FROM w
      -- en's fields after this call: its new document when en is among the pairs, else the stored one.
      LEFT JOIN "content_document" e ON e."contentId" = w."contentId" AND e."lang" = 'en' AND w."lang" <> 'en'
        AND NOT EXISTS (SELECT 1 FROM unnest(ids, langs) AS q("contentId", "lang") WHERE q."contentId" = w."contentId" AND q."lang" = 'en')
      -- The locale's stored document, whose sources the values left unchanged keep.
      LEFT JOIN "content_document" o ON o."contentId" = w."contentId" AND o."lang" = w."lang" AND w."lang" <> 'en'
      ON CONFLICT ("contentId", "lang") DO UPDATE SET "fields" = EXCLUDED."fields", "json" = EXCLUDED."json", "fallback" = EXCLUDED."fallback", "source" = EXCLUDED."source"
        WHERE ("content_document"."fields", "content_document"."json", "content_document"."fallback") IS DISTINCT FROM (EXCLUDED."fields", EXCLUDED."json", EXCLUDED."fallback");
      -- The other locales of the contents whose en document changed (written or dropped), but for those written above.
      UPDATE "content_document" d SET "json" = (coalesce(e."fields", '{}'::jsonb) || d."fields")::text, "fallback" = ARRAY(SELECT k FROM jsonb_object_keys(e."fields") k WHERE NOT d."fields" ? k ORDER BY k)
      FROM (SELECT DISTINCT p."contentId" FROM unnest(ids, langs) AS p("contentId", "lang") WHERE p."lang" = 'en') p
      LEFT JOIN "content_document" e ON e."contentId" = p."contentId" AND e."lang" = 'en'
      WHERE d."contentId" = p."contentId" AND d."lang" <> 'en'
        AND NOT EXISTS (SELECT 1 FROM unnest(ids, langs) AS q("contentId", "lang") WHERE q."contentId" = d."contentId" AND q."lang" = d."lang")
        AND (d."json", d."fallback") IS DISTINCT FROM ((coalesce(e."fields", '{}'::jsonb) || d."fields")::text, ARRAY(SELECT k FROM jsonb_object_keys(e."fields") k WHERE NOT d."fields" ? k ORDER BY k));
    END $function$;
CREATE OR REPLACE FUNCTION public.content_field_item(f content_field)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $function$
      SELECT CASE f."type"
        WHEN 'NUMBER' THEN to_jsonb(f."numberValue")
        WHEN 'POSITION' THEN to_jsonb(f."numberValue")
        WHEN 'BOOLEAN' THEN to_jsonb(f."boolValue")
        WHEN 'DATE' THEN to_jsonb(to_char(f."dateValue" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        WHEN 'LOCATION' THEN nullif(f."textValue"::jsonb, 'null'::jsonb)
        WHEN 'TIMERANGE' THEN nullif(f."timeRange", 'null'::jsonb)
        WHEN 'IMAGE' THEN to_jsonb(f."mediaId")
        WHEN 'FILE' THEN to_jsonb(f."mediaId")
        WHEN 'VIDEO' THEN to_jsonb(f."mediaId")
        WHEN 'CONTENT' THEN to_jsonb(f."contentValueId")
        ELSE to_jsonb(f."textValue")
      END $function$;
CREATE OR REPLACE FUNCTION public.content_list_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        UPDATE "cache_version" SET "version" = "version" + 1 WHERE "name" = 'contents';
        RETURN NULL;
      END $function$;
CREATE OR REPLACE FUNCTION public.content_list_changed_at_commit()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        -- One move per transaction is enough: readers see all of its writes at once.
        IF current_setting('cms.content_list_moved', true) IS DISTINCT FROM txid_current()::text THEN
          UPDATE "cache_version" SET "version" = "version" + 1 WHERE "name" = 'contents';
          PERFORM set_config('cms.content_list_moved', txid_current()::text, true);
        END IF;
        RETURN NULL;
      END $function$;
