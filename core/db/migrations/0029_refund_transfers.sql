-- A bank-transfer refund is money the owner still has to send: when it was sent (marked paid on
-- the "refunds to pay" page, or with the pain.001 export) and by whom. Empty = still to pay.
ALTER TABLE "refunds" ADD COLUMN "transferred_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "transferred_by" text;
--> statement-breakpoint
-- the list of refunds to pay reads the bank-transfer refunds not yet transferred
CREATE INDEX "refunds_to_transfer" ON "refunds" ("created_at") WHERE "provider" = 'bank' AND "transferred_at" IS NULL;
