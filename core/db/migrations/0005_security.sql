-- Issue 12 (security): money columns 64-bit (finding 10), per-customer promo limit (finding 8)
ALTER TABLE "products" ALTER COLUMN "base_price_rappen" SET DATA TYPE bigint;
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "subtotal_rappen" SET DATA TYPE bigint;
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "discount_rappen" SET DATA TYPE bigint;
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "shipping_fee_rappen" SET DATA TYPE bigint;
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total_rappen" SET DATA TYPE bigint;
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "vat_rappen" SET DATA TYPE bigint;
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "paid_rappen" SET DATA TYPE bigint;
--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "base_price_rappen" SET DATA TYPE bigint;
--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "unit_price_rappen" SET DATA TYPE bigint;
--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "line_total_rappen" SET DATA TYPE bigint;
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount_rappen" SET DATA TYPE bigint;
--> statement-breakpoint
ALTER TABLE "promos" ALTER COLUMN "value" SET DATA TYPE bigint;
--> statement-breakpoint
ALTER TABLE "promos" ALTER COLUMN "min_order_rappen" SET DATA TYPE bigint;
--> statement-breakpoint
ALTER TABLE "promos" ADD COLUMN "per_customer_limit" integer DEFAULT 1;
