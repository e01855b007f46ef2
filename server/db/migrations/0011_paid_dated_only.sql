-- Issue 19: a provisional settlement (仮決済, payment_exe_date null) is not money received. The paid
-- amount bookings.price becomes the dated payments that are not voided, less the refunds, as
-- recomputePaid (server/db/queries/payments.ts) now writes it. Each booking whose amount changes
-- gets an audit row (the system's, no user), so its 履歴 says why the paid amount moved. A refund
-- made before refunds were limited to dated payments may exceed them: the amount then stays 0
-- (bookings_price_nonneg), never negative.
CREATE TEMPORARY TABLE "paid_0011" AS
SELECT b."id", b."accommodation_id", b."price" AS "was", greatest(0,
    (SELECT coalesce(sum(pm."amount"), 0)::int FROM "payments" pm
      WHERE pm."book_id" = b."id" AND pm."voided_at" IS NULL AND pm."payment_exe_date" IS NOT NULL)
    - (SELECT coalesce(sum(rf."amount"), 0)::int FROM "refunds" rf WHERE rf."book_id" = b."id")) AS "paid"
FROM "bookings" b;
--> statement-breakpoint
INSERT INTO "audit_log" ("company_id", "user_id", "user_name", "action", "target_type", "target_id", "accommodation_id", "book_id", "changes")
SELECT a."company_id", NULL, 'システム（仮決済を入金に数えない修正）', 'update', 'booking', x."id", x."accommodation_id", x."id",
  jsonb_build_object('price', jsonb_build_object('from', x."was", 'to', x."paid"))
FROM "paid_0011" x JOIN "accommodations" a ON a."id" = x."accommodation_id"
WHERE x."paid" <> x."was"
ORDER BY x."id";
--> statement-breakpoint
UPDATE "bookings" b SET "price" = x."paid" FROM "paid_0011" x WHERE x."id" = b."id" AND x."paid" <> x."was";
--> statement-breakpoint
DROP TABLE "paid_0011";
