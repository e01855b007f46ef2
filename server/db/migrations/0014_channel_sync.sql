CREATE TABLE "channel_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"accommodation_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"target_id" integer NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_changes_kind_valid" CHECK ("channel_changes"."kind" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "channel_revisions" (
	"accommodation_id" integer NOT NULL,
	"revision_id" text NOT NULL,
	"reservation_id" text NOT NULL,
	"seq" integer NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_revisions_accommodation_id_revision_id_pk" PRIMARY KEY("accommodation_id","revision_id")
);
--> statement-breakpoint
CREATE TABLE "channel_state" (
	"accommodation_id" integer PRIMARY KEY NOT NULL,
	"last_pull_at" timestamp with time zone,
	"last_pull_ok_at" timestamp with time zone,
	"last_push_at" timestamp with time zone,
	"last_push_ok_at" timestamp with time zone,
	"gap_from" timestamp with time zone,
	"push_not_before" timestamp with time zone,
	"last_readback_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_stop_sells" (
	"room_id" integer NOT NULL,
	"target_date" date NOT NULL,
	"accommodation_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_stop_sells_room_id_target_date_pk" PRIMARY KEY("room_id","target_date")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "external_seq" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "overbooked" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_changes" ADD CONSTRAINT "channel_changes_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_revisions" ADD CONSTRAINT "channel_revisions_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_state" ADD CONSTRAINT "channel_state_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_stop_sells" ADD CONSTRAINT "channel_stop_sells_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_stop_sells" ADD CONSTRAINT "channel_stop_sells_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_changes_accommodation_idx" ON "channel_changes" USING btree ("accommodation_id","id");--> statement-breakpoint
CREATE INDEX "channel_stop_sells_accommodation_idx" ON "channel_stop_sells" USING btree ("accommodation_id","target_date");--> statement-breakpoint
CREATE INDEX "bookings_channel_unsynced_idx" ON "bookings" USING btree ("accommodation_id","id") WHERE via = 1 and sync = 0;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_overbooked_flag" CHECK ("bookings"."overbooked" in (0, 1));--> statement-breakpoint
-- ARI out (issue 21): every change of our stock, prices or plan publication at a facility that syncs
-- with the channel (a service 1 setting) leaves a row in channel_changes in the same transaction,
-- whatever code made it. Statement-level triggers with transition tables write one row per room
-- type or plan per statement (a price CSV of 10,000 cells is one row), not one per booking row.
CREATE FUNCTION channel_syncs(acc integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM sync_settings s WHERE s.accommodation_id = acc AND s.service_id = 1)
$$;
--> statement-breakpoint
CREATE FUNCTION channel_tokyo_today() RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (now() AT TIME ZONE 'Asia/Tokyo')::date
$$;
--> statement-breakpoint
CREATE FUNCTION channel_bookings_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO channel_changes (accommodation_id, kind, target_id, date_from, date_to)
  SELECT accommodation_id, 1, room_id, min(start_date), max(end_date)
  FROM new_rows WHERE channel_syncs(accommodation_id)
  GROUP BY accommodation_id, room_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION channel_bookings_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO channel_changes (accommodation_id, kind, target_id, date_from, date_to)
  SELECT accommodation_id, 1, room_id, min(start_date), max(end_date)
  FROM (
    SELECT o.accommodation_id, o.room_id, o.start_date, o.end_date
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.room_id, o.start_date, o.end_date, o.delete_flg) IS DISTINCT FROM (n.room_id, n.start_date, n.end_date, n.delete_flg)
    UNION ALL
    SELECT n.accommodation_id, n.room_id, n.start_date, n.end_date
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.room_id, o.start_date, o.end_date, o.delete_flg) IS DISTINCT FROM (n.room_id, n.start_date, n.end_date, n.delete_flg)
  ) moved
  WHERE channel_syncs(accommodation_id)
  GROUP BY accommodation_id, room_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION channel_bookings_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO channel_changes (accommodation_id, kind, target_id, date_from, date_to)
  SELECT accommodation_id, 1, room_id, min(start_date), max(end_date)
  FROM old_rows WHERE channel_syncs(accommodation_id)
  GROUP BY accommodation_id, room_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER channel_bookings_inserted AFTER INSERT ON bookings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION channel_bookings_inserted();
--> statement-breakpoint
CREATE TRIGGER channel_bookings_updated AFTER UPDATE ON bookings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION channel_bookings_updated();
--> statement-breakpoint
CREATE TRIGGER channel_bookings_deleted AFTER DELETE ON bookings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION channel_bookings_deleted();
--> statement-breakpoint
-- A change made here to a booking that came from the channel must reach the site: it becomes
-- unsynced (sync 0) unless the change is the channel's own (server/channel/apply.ts sets
-- yadoban.channel_apply for its transaction).
CREATE FUNCTION channel_booking_unsynced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.via = 1 AND coalesce(current_setting('yadoban.channel_apply', true), '') <> 'on'
     AND (OLD.room_id, OLD.plan_id, OLD.start_date, OLD.end_date, OLD.person_number, OLD.name, OLD.delete_flg)
         IS DISTINCT FROM (NEW.room_id, NEW.plan_id, NEW.start_date, NEW.end_date, NEW.person_number, NEW.name, NEW.delete_flg)
  THEN
    NEW.sync := 0;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER channel_booking_unsynced BEFORE UPDATE ON bookings
  FOR EACH ROW EXECUTE FUNCTION channel_booking_unsynced();
--> statement-breakpoint
-- A room type's count of rooms: a year ahead of availability.
CREATE FUNCTION channel_rooms_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO channel_changes (accommodation_id, kind, target_id, date_from, date_to)
  SELECT n.accommodation_id, 1, n.id, channel_tokyo_today(), channel_tokyo_today() + 366
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE o.max_num IS DISTINCT FROM n.max_num AND channel_syncs(n.accommodation_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER channel_rooms_changed AFTER UPDATE ON rooms
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION channel_rooms_changed();
--> statement-breakpoint
-- A plan's publication, sale period or code: a year ahead of restrictions.
CREATE FUNCTION channel_plans_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO channel_changes (accommodation_id, kind, target_id, date_from, date_to)
  SELECT accommodation_id, 2, id, channel_tokyo_today(), channel_tokyo_today() + 366
  FROM new_rows WHERE ikyu_id IS NOT NULL AND channel_syncs(accommodation_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION channel_plans_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO channel_changes (accommodation_id, kind, target_id, date_from, date_to)
  SELECT n.accommodation_id, 2, n.id, channel_tokyo_today(), channel_tokyo_today() + 366
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE (o.is_active, o.start_at, o.end_at, o.close_date_before, o.ikyu_id)
        IS DISTINCT FROM (n.is_active, n.start_at, n.end_at, n.close_date_before, n.ikyu_id)
    AND coalesce(n.ikyu_id, o.ikyu_id) IS NOT NULL AND channel_syncs(n.accommodation_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER channel_plans_inserted AFTER INSERT ON plans
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION channel_plans_inserted();
--> statement-breakpoint
CREATE TRIGGER channel_plans_updated AFTER UPDATE ON plans
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION channel_plans_updated();
--> statement-breakpoint
-- Prices: the nights whose price changed, per plan.
CREATE FUNCTION channel_prices_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO channel_changes (accommodation_id, kind, target_id, date_from, date_to)
    SELECT p.accommodation_id, 2, p.id, min(r.target_date), max(r.target_date) + 1
    FROM old_rows r JOIN plans p ON p.id = r.plan_id
    WHERE p.ikyu_id IS NOT NULL AND channel_syncs(p.accommodation_id)
    GROUP BY p.accommodation_id, p.id;
  ELSE
    INSERT INTO channel_changes (accommodation_id, kind, target_id, date_from, date_to)
    SELECT p.accommodation_id, 2, p.id, min(r.target_date), max(r.target_date) + 1
    FROM new_rows r JOIN plans p ON p.id = r.plan_id
    WHERE p.ikyu_id IS NOT NULL AND channel_syncs(p.accommodation_id)
    GROUP BY p.accommodation_id, p.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER channel_prices_inserted AFTER INSERT ON plan_prices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION channel_prices_changed();
--> statement-breakpoint
CREATE TRIGGER channel_prices_updated AFTER UPDATE ON plan_prices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION channel_prices_changed();
--> statement-breakpoint
CREATE TRIGGER channel_prices_deleted AFTER DELETE ON plan_prices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION channel_prices_changed();
--> statement-breakpoint
-- Staff's stop-sell of nights on the channel.
CREATE FUNCTION channel_stop_sells_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO channel_changes (accommodation_id, kind, target_id, date_from, date_to)
    SELECT accommodation_id, 1, room_id, min(target_date), max(target_date) + 1
    FROM old_rows GROUP BY accommodation_id, room_id;
  ELSE
    INSERT INTO channel_changes (accommodation_id, kind, target_id, date_from, date_to)
    SELECT accommodation_id, 1, room_id, min(target_date), max(target_date) + 1
    FROM new_rows GROUP BY accommodation_id, room_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER channel_stop_sells_inserted AFTER INSERT ON channel_stop_sells
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION channel_stop_sells_changed();
--> statement-breakpoint
CREATE TRIGGER channel_stop_sells_deleted AFTER DELETE ON channel_stop_sells
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION channel_stop_sells_changed();
