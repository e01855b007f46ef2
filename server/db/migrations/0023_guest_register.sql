CREATE TABLE "booking_guests" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"representative" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"contact" text,
	"occupation" text,
	"nationality" text,
	"residence_country" text DEFAULT 'JP' NOT NULL,
	"passport_number" text,
	"same_as_representative" boolean DEFAULT false NOT NULL,
	"gender" text,
	"age" smallint,
	"previous_stay" text,
	"next_destination" text,
	"arrival_time" text,
	"departure_time" text,
	"room" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_guests_name_present" CHECK (length("booking_guests"."name") between 1 and 100),
	CONSTRAINT "booking_guests_nationality_code" CHECK ("booking_guests"."nationality" ~ '^[A-Z]{2}$'),
	CONSTRAINT "booking_guests_residence_code" CHECK ("booking_guests"."residence_country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "booking_guests_passport_number" CHECK ("booking_guests"."passport_number" ~ '^[A-Z0-9]{6,20}$'),
	CONSTRAINT "booking_guests_gender_valid" CHECK ("booking_guests"."gender" in ('male', 'female', 'other')),
	CONSTRAINT "booking_guests_age_range" CHECK ("booking_guests"."age" between 0 and 130),
	CONSTRAINT "booking_guests_times" CHECK ("booking_guests"."arrival_time" ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$' and "booking_guests"."departure_time" ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$')
);
--> statement-breakpoint
ALTER TABLE "accommodations" ADD COLUMN "licence" text DEFAULT 'ryokan' NOT NULL;--> statement-breakpoint
ALTER TABLE "accommodations" ADD COLUMN "notification_number" text;--> statement-breakpoint
ALTER TABLE "accommodations" ADD COLUMN "register_extra_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_guests" ADD CONSTRAINT "booking_guests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_guests_booking_idx" ON "booking_guests" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_guests_one_representative" ON "booking_guests" USING btree ("booking_id") WHERE "booking_guests"."representative";--> statement-breakpoint
ALTER TABLE "accommodations" ADD CONSTRAINT "accommodations_licence_valid" CHECK ("accommodations"."licence" in ('ryokan', 'minpaku', 'tokku'));--> statement-breakpoint
ALTER TABLE "accommodations" ADD CONSTRAINT "accommodations_register_extra_fields_object" CHECK (jsonb_typeof("accommodations"."register_extra_fields") = 'object');