-- First-run setup links (core/accounts/setup.ts): while no admin account exists and ADMIN_EMAIL is
-- not set, each start prints a link /setup/<token> (24 hours, single use) where the owner creates
-- the first admin. Only the SHA-256 of the token is kept.
CREATE TABLE IF NOT EXISTS "setup_tokens" (
  "token_hash" text PRIMARY KEY NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
