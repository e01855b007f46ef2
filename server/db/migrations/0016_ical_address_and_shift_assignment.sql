-- Issue 22: the calendar feed gets its own address, which staff can regenerate without moving the
-- mail template routes (they use uid). Existing facilities keep their feed's address (uid) until
-- someone regenerates it; new ones get 256 random bits.
ALTER TABLE "accommodations" ADD COLUMN "ical_uid" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
UPDATE "accommodations" SET "ical_uid" = "uid";--> statement-breakpoint
ALTER TABLE "timesheet_entries" ADD COLUMN "assigned" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "accommodations_ical_uid_key" ON "accommodations" USING btree ("ical_uid");--> statement-breakpoint
ALTER TABLE "timesheet_entries" ADD CONSTRAINT "timesheet_entries_assigned_flag" CHECK ("timesheet_entries"."assigned" in (0, 1));