ALTER TABLE "bookings" ADD COLUMN "cancel_fee" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancel_fee_nonneg" CHECK ("bookings"."cancel_fee" >= 0);