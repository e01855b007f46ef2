CREATE TABLE "channel_parked_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"accommodation_id" integer NOT NULL,
	"revision_id" text NOT NULL,
	"reservation_id" text,
	"reason" text NOT NULL,
	"detail" text NOT NULL,
	"revision" jsonb,
	"received" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_parked_revisions_reason_valid" CHECK ("channel_parked_revisions"."reason" in ('unmapped', 'invalid'))
);
--> statement-breakpoint
ALTER TABLE "channel_parked_revisions" ADD CONSTRAINT "channel_parked_revisions_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_parked_revisions_key" ON "channel_parked_revisions" USING btree ("accommodation_id","revision_id");