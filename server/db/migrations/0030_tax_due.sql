DROP INDEX "bookings_unpaid_official_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tax_due" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_unpaid_official_idx" ON "bookings" USING btree ("created_at","id") WHERE via = 0 and delete_flg = 0 and price < price_sub + tax_due;