-- Order mails that could not be made when the order was written (e.g. the QR-bill of an IBAN
-- that swissqrbill refuses): the order is kept, and the mail is made again by the jobs.
CREATE TABLE "order_mail_retries" (
  "order_id" text NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "attempts" integer DEFAULT 1 NOT NULL,
  "last_error" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "next_attempt_at" timestamp with time zone NOT NULL,
  "owner_alerted_at" timestamp with time zone,
  CONSTRAINT "order_mail_retries_pk" PRIMARY KEY ("order_id", "kind"),
  CONSTRAINT "order_mail_retries_kind_check" CHECK ("kind" IN ('order_received', 'payment_received'))
);
--> statement-breakpoint
CREATE INDEX "order_mail_retries_due" ON "order_mail_retries" ("next_attempt_at");
