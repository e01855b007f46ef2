CREATE TABLE "refusals" (
	"id" serial PRIMARY KEY NOT NULL,
	"accommodation_id" integer NOT NULL,
	"refused_at" text NOT NULL,
	"guest_name" text NOT NULL,
	"ground" text NOT NULL,
	"facts" text NOT NULL,
	"staff_user_id" integer,
	"staff_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refusals_ground_valid" CHECK ("refusals"."ground" in ('specified_infection', 'illegal_conduct', 'burdensome_demands', 'no_vacancy_or_ordinance')),
	CONSTRAINT "refusals_refused_at_shape" CHECK ("refusals"."refused_at" ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$')
);
--> statement-breakpoint
ALTER TABLE "refusals" ADD CONSTRAINT "refusals_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refusals" ADD CONSTRAINT "refusals_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refusals_accommodation_idx" ON "refusals" USING btree ("accommodation_id","refused_at");