-- Returns of delivered orders (core/returns): the customer's request (reason, message, lines,
-- photos, the IBAN a bank-transfer refund needs) and the admin's decision. At most one open
-- return per order at a time.
CREATE TABLE "order_returns" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"iban" text,
	"refund_id" text,
	"restock" boolean DEFAULT false NOT NULL,
	"decision_note" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_returns_status_known" CHECK ("status" IN ('requested', 'accepted', 'refused')),
	CONSTRAINT "order_returns_reason_known" CHECK ("reason" IN ('damaged', 'wrong_item'))
);
--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_returns_order" ON "order_returns" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_returns_one_open" ON "order_returns" USING btree ("order_id") WHERE "status" = 'requested';--> statement-breakpoint
CREATE INDEX "order_returns_open" ON "order_returns" USING btree ("created_at") WHERE "status" = 'requested';--> statement-breakpoint
-- A partial refund takes back the influencer bonus in proportion (core/influencer/bonus.ts): one
-- `reversed` / `returned` movement per refund, so the one-movement-per-kind rule becomes one per
-- kind and refund.
ALTER TABLE "influencer_bonus_ledger" ADD COLUMN "refund_id" text;--> statement-breakpoint
DROP INDEX "influencer_bonus_ledger_order_kind";--> statement-breakpoint
CREATE UNIQUE INDEX "influencer_bonus_ledger_order_kind" ON "influencer_bonus_ledger" USING btree ("order_id","kind",coalesce("refund_id", ''));
