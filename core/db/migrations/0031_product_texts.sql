-- A product's own texts per language (name, wrapper, binder, filler, origin, tasting notes) over
-- its English fields, from the CSV's `name_de` … columns and the admin's product form; {} = none.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "texts" jsonb DEFAULT '{}'::jsonb NOT NULL;
