-- Scheduled jobs (core/jobs): payment reminders, expiry mails, low-stock alerts, the mail outbox.

-- Per product: the stock level at or below which the shop gets a low-stock alert (default 5).
ALTER TABLE "products" ADD COLUMN "low_stock_threshold" integer DEFAULT 5 NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_low_stock_threshold_range" CHECK ("low_stock_threshold" BETWEEN 0 AND 1000000);
--> statement-breakpoint
-- One row per order and kind of job mail: inserting it claims the mail, so each is sent once,
-- whichever process or run gets there first.
CREATE TABLE "order_job_mails" (
  "order_id" text NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "sent_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "order_job_mails_pk" PRIMARY KEY ("order_id", "kind")
);
--> statement-breakpoint
-- Orders that expired before the jobs existed are not mailed now, weeks late.
INSERT INTO "order_job_mails" ("order_id", "kind") SELECT "id", 'expiry' FROM "orders" WHERE "status" = 'expired';
--> statement-breakpoint
-- A product whose alert went out; removed when it is restocked above its threshold (re-arms it).
CREATE TABLE "low_stock_alerts" (
  "product_id" text PRIMARY KEY NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "stock" integer NOT NULL,
  "alerted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The last run of each job (wall-clock), shared by every process: the server's scheduler runs a
-- job only when its interval has passed since any process last ran it.
CREATE TABLE "job_runs" (
  "name" text PRIMARY KEY NOT NULL,
  "last_run_at" timestamp with time zone NOT NULL,
  "as_of" timestamp with time zone NOT NULL,
  "summary" text NOT NULL,
  "ok" boolean NOT NULL,
  "runs" bigint DEFAULT 0 NOT NULL
);
