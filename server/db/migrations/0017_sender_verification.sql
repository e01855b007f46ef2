-- Issue 28: a sender address belongs to one company and sends only once verified. Addresses kept
-- before this were in use: the earliest claim of each address is taken as verified (a later claim
-- of the same address by another company stays unverified and can never send), and the addresses
-- the templates used to send from become sender addresses of their company the same way.
ALTER TABLE "sender_addresses" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sender_addresses" ADD COLUMN "verification_code_hash" text;--> statement-breakpoint
ALTER TABLE "sender_addresses" ADD COLUMN "verification_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sender_addresses" ADD COLUMN "verification_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
DELETE FROM "sender_addresses" s USING "sender_addresses" e
  WHERE e."company_id" = s."company_id" AND lower(e."from_address") = lower(s."from_address") AND e."id" < s."id";--> statement-breakpoint
UPDATE "sender_addresses" SET "from_address" = lower("from_address") WHERE "from_address" <> lower("from_address");--> statement-breakpoint
INSERT INTO "sender_addresses" ("company_id", "from_address")
  SELECT DISTINCT a."company_id", lower(t."from_address") FROM "mail_templates" t
  JOIN "accommodations" a ON a."id" = t."accommodation_id"
  WHERE NOT EXISTS (SELECT 1 FROM "sender_addresses" s
    WHERE s."company_id" = a."company_id" AND s."from_address" = lower(t."from_address"));--> statement-breakpoint
UPDATE "sender_addresses" s SET "verified_at" = s."created_at"
  WHERE NOT EXISTS (SELECT 1 FROM "sender_addresses" e WHERE e."from_address" = s."from_address" AND e."id" < s."id");--> statement-breakpoint
CREATE UNIQUE INDEX "sender_addresses_verified_key" ON "sender_addresses" USING btree ("from_address") WHERE "sender_addresses"."verified_at" is not null;--> statement-breakpoint
ALTER TABLE "sender_addresses" ADD CONSTRAINT "sender_addresses_lower_case" CHECK ("sender_addresses"."from_address" = lower("sender_addresses"."from_address"));
