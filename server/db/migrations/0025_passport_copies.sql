CREATE TABLE "booking_guest_passports" (
	"guest_id" integer PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL,
	"media_type" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_guest_passports_type" CHECK ("booking_guest_passports"."media_type" in ('image/jpeg', 'image/png', 'application/pdf')),
	CONSTRAINT "booking_guest_passports_size" CHECK (octet_length("booking_guest_passports"."content") between 1 and 5000000)
);
--> statement-breakpoint
ALTER TABLE "booking_guest_passports" ADD CONSTRAINT "booking_guest_passports_guest_id_booking_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."booking_guests"("id") ON DELETE cascade ON UPDATE no action;