-- A Datatrans refund is recorded as `pending` (with its idempotency key) before the provider is
-- called, and completed in a second transaction; a credit note number is only given on success.
ALTER TABLE "refunds" ADD COLUMN "status" text DEFAULT 'succeeded' NOT NULL;
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_status_check" CHECK ("status" IN ('pending', 'succeeded', 'failed'));
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "idempotency_key" text;
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "provider_message" text;
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "return_id" text;
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "updated_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "credit_note_number" DROP NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key" ON "refunds" ("idempotency_key");
--> statement-breakpoint
CREATE INDEX "refunds_pending" ON "refunds" ("order_id") WHERE "status" = 'pending';
