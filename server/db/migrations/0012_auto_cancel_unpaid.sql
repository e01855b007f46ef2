-- Issue 20: automatic cancel of unpaid bookings past their payment_limit_date is opt-in per
-- accommodation (server/mail/autoCancel.ts); off for every existing one.
ALTER TABLE "accommodations" ADD COLUMN "auto_cancel_unpaid" boolean DEFAULT false NOT NULL;