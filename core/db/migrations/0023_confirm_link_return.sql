-- A confirmation link remembers where the customer was going (a same-site path such as
-- `/payment`) and the anonymous cart of the registration, so confirming signs in and continues
-- the checkout with that cart on any device.
ALTER TABLE "email_tokens" ADD COLUMN "redirect_to" text;
--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "cart_key" text;
