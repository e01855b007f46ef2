CREATE TABLE "day_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"accommodation_id" integer NOT NULL,
	"visit_date" date NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"children_under_12" integer DEFAULT 0 NOT NULL,
	"school_trip" integer DEFAULT 0 NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "day_visits_counts_nonneg" CHECK ("day_visits"."visitors" >= 0 and "day_visits"."children_under_12" >= 0 and "day_visits"."school_trip" >= 0)
);
--> statement-breakpoint
ALTER TABLE "day_visits" ADD CONSTRAINT "day_visits_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_visits" ADD CONSTRAINT "day_visits_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "day_visits_accommodation_date_key" ON "day_visits" USING btree ("accommodation_id","visit_date");