-- Content version (issue 11, ADR 010): one counter bumped in the same transaction as every
-- statement that changes what the shop's public pages show. The in-process page cache and the
-- settings cache compare it before answering, so they also see writes made by code (or by other
-- processes, or by psql) that knows nothing about the caches.
CREATE TABLE "content_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "content_version_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
INSERT INTO "content_version" ("id", "version") VALUES (1, 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "shop_content_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "content_version" SET "version" = "version" + 1 WHERE "id" = 1;
	PERFORM pg_notify('shop_content', TG_TABLE_NAME);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "shop_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "shop_config_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shop_config" FOR EACH STATEMENT EXECUTE FUNCTION "shop_content_changed"();
