CREATE TABLE "checkin_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "checkin_links_hash_shape" CHECK ("checkin_links"."token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "checkin_links" ADD CONSTRAINT "checkin_links_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkin_links_booking_idx" ON "checkin_links" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "checkin_links_expires_idx" ON "checkin_links" USING btree ("expires_at");