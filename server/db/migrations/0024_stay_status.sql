ALTER TABLE "bookings" ADD COLUMN "stay_status" text DEFAULT 'reserved' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_stay_status_valid" CHECK ("bookings"."stay_status" in ('reserved', 'checked_in', 'checked_out', 'no_show'));