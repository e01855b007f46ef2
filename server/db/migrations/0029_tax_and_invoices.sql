CREATE TABLE "invoice_counters" (
	"accommodation_id" integer NOT NULL,
	"year" integer NOT NULL,
	"last_seq" integer NOT NULL,
	CONSTRAINT "invoice_counters_accommodation_id_year_pk" PRIMARY KEY("accommodation_id","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"accommodation_id" integer NOT NULL,
	"book_id" integer NOT NULL,
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recipient_name" text,
	"proviso" text,
	"lines" jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	"total" integer NOT NULL,
	"registration_number" text NOT NULL,
	"issuer" jsonb NOT NULL,
	"paid_on_channel" boolean DEFAULT false NOT NULL,
	"note" text,
	"voided_at" timestamp with time zone,
	"replaces_id" integer,
	"created_by" integer,
	CONSTRAINT "invoices_kind_valid" CHECK ("invoices"."kind" in ('receipt', 'invoice', 'refund')),
	CONSTRAINT "invoices_seq_positive" CHECK ("invoices"."seq" > 0)
);
--> statement-breakpoint
CREATE TABLE "tax_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"shipped_key" text,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"effective_from" date,
	"effective_to" date,
	"bands" jsonb,
	"percent" numeric(5, 2),
	"cap" integer,
	"exempt_school_trip" boolean DEFAULT false NOT NULL,
	"exempt_under_12" boolean DEFAULT false NOT NULL,
	"note" text,
	"source_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rules_bands_or_percent" CHECK (("tax_rules"."bands" is null) <> ("tax_rules"."percent" is null)),
	CONSTRAINT "tax_rules_bands_array" CHECK ("tax_rules"."bands" is null or jsonb_typeof("tax_rules"."bands") = 'array'),
	CONSTRAINT "tax_rules_percent_range" CHECK ("tax_rules"."percent" is null or ("tax_rules"."percent" > 0 and "tax_rules"."percent" <= 100)),
	CONSTRAINT "tax_rules_cap_positive" CHECK ("tax_rules"."cap" is null or "tax_rules"."cap" > 0),
	CONSTRAINT "tax_rules_period_order" CHECK ("tax_rules"."effective_from" is null or "tax_rules"."effective_to" is null or "tax_rules"."effective_from" <= "tax_rules"."effective_to")
);
--> statement-breakpoint
ALTER TABLE "accommodations" ADD COLUMN "tax_jurisdictions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "accommodations" ADD COLUMN "bathing_tax_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accommodations" ADD COLUMN "bathing_tax_rate" integer DEFAULT 150 NOT NULL;--> statement-breakpoint
ALTER TABLE "accommodations" ADD COLUMN "bathing_tax_day_rate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accommodations" ADD COLUMN "tax_collection" text DEFAULT 'separate' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "invoice_registration_number" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "invoice_corporate" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "invoice_issuer_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "invoice_issuer_address" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "invoice_issuer_tel" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "invoice_rounding" text DEFAULT 'floor' NOT NULL;--> statement-breakpoint
ALTER TABLE "accommodation_options" ADD COLUMN "tax_class" text DEFAULT '10' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "meal_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_options" ADD COLUMN "tax_class" text DEFAULT '10' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "children_under_12" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "school_trip" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_book_id_bookings_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_replaces_id_invoices_id_fk" FOREIGN KEY ("replaces_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rules" ADD CONSTRAINT "tax_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("accommodation_id","year","seq");--> statement-breakpoint
CREATE INDEX "invoices_book_idx" ON "invoices" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "invoices_accommodation_issued_idx" ON "invoices" USING btree ("accommodation_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rules_shipped_key" ON "tax_rules" USING btree ("company_id","shipped_key");--> statement-breakpoint
CREATE INDEX "tax_rules_company_code_idx" ON "tax_rules" USING btree ("company_id","code");--> statement-breakpoint
ALTER TABLE "accommodations" ADD CONSTRAINT "accommodations_tax_jurisdictions_array" CHECK (jsonb_typeof("accommodations"."tax_jurisdictions") = 'array');--> statement-breakpoint
ALTER TABLE "accommodations" ADD CONSTRAINT "accommodations_bathing_tax_rates_range" CHECK ("accommodations"."bathing_tax_rate" between 0 and 10000 and "accommodations"."bathing_tax_day_rate" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "accommodations" ADD CONSTRAINT "accommodations_tax_collection_valid" CHECK ("accommodations"."tax_collection" in ('separate', 'included'));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_invoice_registration_number_format" CHECK ("companies"."invoice_registration_number" ~ '^T[0-9]{13}$');--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_invoice_rounding_valid" CHECK ("companies"."invoice_rounding" in ('floor', 'round', 'ceil'));--> statement-breakpoint
ALTER TABLE "accommodation_options" ADD CONSTRAINT "accommodation_options_tax_class_valid" CHECK ("accommodation_options"."tax_class" in ('10', '8', 'exempt'));--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_meal_price_nonneg" CHECK ("plans"."meal_price" >= 0);--> statement-breakpoint
ALTER TABLE "booking_options" ADD CONSTRAINT "booking_options_tax_class_valid" CHECK ("booking_options"."tax_class" in ('10', '8', 'exempt'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_children_under_12_range" CHECK ("bookings"."children_under_12" between 0 and "bookings"."person_number");