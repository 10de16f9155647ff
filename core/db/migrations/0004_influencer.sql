CREATE TABLE "influencer_bonus_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_rappen" bigint NOT NULL,
	"promo_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "influencer_bonus_ledger_amount_positive" CHECK ("influencer_bonus_ledger"."amount_rappen" > 0)
);
--> statement-breakpoint
ALTER TABLE "influencer_bonus_ledger" ADD CONSTRAINT "influencer_bonus_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "influencer_bonus_ledger_order_kind" ON "influencer_bonus_ledger" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "influencer_bonus_ledger_user" ON "influencer_bonus_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bonus_rappen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
INSERT INTO "promos" ("id", "code", "kind", "value", "influencer_user_id")
	SELECT gen_random_uuid()::text, "referral_code", 'percent', 5, "id" FROM "users" WHERE "referral_code" IS NOT NULL
	ON CONFLICT ("code") DO NOTHING;
