-- Release day: a product announced for a release time, with a limit per customer and the
-- payment the release accepts. At most one release per product; the row goes with the product.
CREATE TABLE "product_releases" (
  "product_id" text PRIMARY KEY NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "opens_at" timestamp with time zone NOT NULL,
  "per_customer_limit" integer,
  "allow_bank_transfer" boolean DEFAULT true NOT NULL,
  "bank_transfer_hours" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "product_releases_limit_range" CHECK ("per_customer_limit" IS NULL OR "per_customer_limit" BETWEEN 1 AND 999),
  CONSTRAINT "product_releases_hours_range" CHECK ("bank_transfer_hours" IS NULL OR "bank_transfer_hours" BETWEEN 1 AND 168)
);
--> statement-breakpoint
-- the product page shows the release, so a change of it is a content change (page cache, ADR 010)
CREATE TRIGGER "product_releases_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_releases" FOR EACH STATEMENT EXECUTE FUNCTION "shop_content_changed"();
--> statement-breakpoint
-- the per-customer limit counts a release product's order lines
CREATE INDEX "order_lines_product" ON "order_lines" ("product_id");
