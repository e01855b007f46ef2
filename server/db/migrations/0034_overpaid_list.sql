-- Issue 32: the dashboard's 過入金 list (live bookings paid beyond their bill, the excess a refund to
-- make), bounded by what it lists like the unpaid and refund lists (moneyListSql states the condition).
CREATE INDEX "bookings_overpaid_idx" ON "bookings" USING btree ("start_date","id") WHERE delete_flg = 0 and price > price_sub + tax_due;