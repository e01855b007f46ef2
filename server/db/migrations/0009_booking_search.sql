-- The booking search (GET /admin/books?q=, issue 19) finds part of a name, a mail or a phone
-- through trigram indexes: pg_trgm ships with PostgreSQL (contrib, a trusted extension: the
-- database's owner may create it) and PGlite loads it (server/db/pglite.ts). drizzle-kit writes
-- no CREATE EXTENSION: this line is added by hand, before the indexes that need it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "bookings_name_trgm_idx" ON "bookings" USING gin (lower(replace(normalize("name", NFKC), ' ', '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_name_prefix_idx" ON "bookings" USING btree (lower(replace(normalize("name", NFKC), ' ', '')) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bookings_mail_trgm_idx" ON "bookings" USING gin ("mail" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_tel_trgm_idx" ON "bookings" USING gin (regexp_replace(normalize("tel", NFKC), '[^0-9]', '', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_uid_prefix_idx" ON "bookings" USING btree ("uid" text_pattern_ops);