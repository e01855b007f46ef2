-- Issue 32: petty cash corrections. A reversing entry (訂正) names the entry it reverses and why;
-- the unique index lets an entry be reversed once, even by two requests at once.
ALTER TABLE "petty_cash_entries" ADD COLUMN "corrects_id" integer;--> statement-breakpoint
ALTER TABLE "petty_cash_entries" ADD COLUMN "correction_reason" text;--> statement-breakpoint
ALTER TABLE "petty_cash_entries" ADD CONSTRAINT "petty_cash_entries_corrects_id_petty_cash_entries_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."petty_cash_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "petty_cash_entries_corrects_key" ON "petty_cash_entries" USING btree ("corrects_id");--> statement-breakpoint
ALTER TABLE "petty_cash_entries" ADD CONSTRAINT "petty_cash_entries_correction_reason" CHECK (("petty_cash_entries"."corrects_id" is null) = ("petty_cash_entries"."correction_reason" is null) and "petty_cash_entries"."corrects_id" <> "petty_cash_entries"."id");