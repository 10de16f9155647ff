CREATE TABLE "custom_box_models" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"capacity" integer NOT NULL,
	"price_rappen" bigint NOT NULL,
	"drawing" text DEFAULT 'cedar' NOT NULL,
	"image" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_box_models_capacity_range" CHECK ("custom_box_models"."capacity" between 5 and 100),
	CONSTRAINT "custom_box_models_price_non_negative" CHECK ("custom_box_models"."price_rappen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cart_boxes" (
	"id" text PRIMARY KEY NOT NULL,
	"cart_key" text NOT NULL,
	"model_id" text NOT NULL,
	"items" jsonb NOT NULL,
	"message_kind" text DEFAULT 'card' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_boxes" ADD CONSTRAINT "cart_boxes_cart_key_carts_cart_key_fk" FOREIGN KEY ("cart_key") REFERENCES "public"."carts"("cart_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_boxes" ADD CONSTRAINT "cart_boxes_model_id_custom_box_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."custom_box_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_boxes_cart" ON "cart_boxes" USING btree ("cart_key");--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "box" jsonb;--> statement-breakpoint
INSERT INTO "custom_box_models" ("id", "name", "capacity", "price_rappen", "drawing", "sort") VALUES
	('cedar-5', 'Cedar box for 5', 5, 1500, 'cedar', 10),
	('cedar-10', 'Cedar box for 10', 10, 2400, 'cedar', 20),
	('mahogany-20', 'Mahogany humidor box for 20', 20, 4500, 'mahogany', 30),
	('ebony-25', 'Lacquered ebony box for 25', 25, 6900, 'ebony', 40);
