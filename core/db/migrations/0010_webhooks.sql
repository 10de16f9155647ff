CREATE TABLE "payment_attempts" (
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"order_id" text NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_pk" PRIMARY KEY ("provider", "provider_ref")
);
--> statement-breakpoint
CREATE INDEX "payment_attempts_order" ON "payment_attempts" ("order_id", "started_at");
--> statement-breakpoint
CREATE TABLE "webhook_receipts" (
	"provider" text NOT NULL,
	"signature" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_receipts_pk" PRIMARY KEY ("provider", "signature")
);
--> statement-breakpoint
CREATE INDEX "webhook_receipts_received" ON "webhook_receipts" ("received_at");
