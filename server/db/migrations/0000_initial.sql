CREATE TABLE "accommodations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"uid" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"color" text NOT NULL,
	"detail_url" text,
	"room_number" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accommodations_color_hex" CHECK ("accommodations"."color" ~ '^[0-9A-Fa-f]{6}$'),
	CONSTRAINT "accommodations_room_number_nonneg" CHECK ("accommodations"."room_number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_accommodations" (
	"user_id" integer NOT NULL,
	"accommodation_id" integer NOT NULL,
	CONSTRAINT "user_accommodations_user_id_accommodation_id_pk" PRIMARY KEY("user_id","accommodation_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"mail" text NOT NULL,
	"password_hash" text NOT NULL,
	"user_type" smallint NOT NULL,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_user_type_valid" CHECK ("users"."user_type" in (1, 2)),
	CONSTRAINT "users_mail_lowercase" CHECK ("users"."mail" = lower("users"."mail"))
);
--> statement-breakpoint
CREATE TABLE "accommodation_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"accommodation_id" integer NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"unit" text NOT NULL,
	"unit_max" integer,
	"description" text,
	"supplier_id" integer,
	"room_id" integer,
	"user_selection" smallint DEFAULT 0 NOT NULL,
	"is_stay_type" smallint DEFAULT 0 NOT NULL,
	"notice" smallint DEFAULT 0 NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accommodation_options_name_not_blank" CHECK (btrim("accommodation_options"."name") <> ''),
	CONSTRAINT "accommodation_options_price_nonneg" CHECK ("accommodation_options"."price" >= 0),
	CONSTRAINT "accommodation_options_unit_not_blank" CHECK (btrim("accommodation_options"."unit") <> ''),
	CONSTRAINT "accommodation_options_unit_max_positive" CHECK ("accommodation_options"."unit_max" is null or "accommodation_options"."unit_max" > 0),
	CONSTRAINT "accommodation_options_user_selection_flag" CHECK ("accommodation_options"."user_selection" in (0, 1)),
	CONSTRAINT "accommodation_options_is_stay_type_flag" CHECK ("accommodation_options"."is_stay_type" in (0, 1)),
	CONSTRAINT "accommodation_options_notice_flag" CHECK ("accommodation_options"."notice" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "calendar_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"accommodation_id" integer NOT NULL,
	"target_date" date NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"accommodation_id" integer NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"room_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_payment_methods" (
	"plan_id" integer NOT NULL,
	"payment_method_id" integer NOT NULL,
	CONSTRAINT "plan_payment_methods_plan_id_payment_method_id_pk" PRIMARY KEY("plan_id","payment_method_id")
);
--> statement-breakpoint
CREATE TABLE "plan_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"target_date" date NOT NULL,
	"unit" integer NOT NULL,
	"price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_prices_unit_positive" CHECK ("plan_prices"."unit" >= 1),
	CONSTRAINT "plan_prices_price_nonneg" CHECK ("plan_prices"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"accommodation_id" integer NOT NULL,
	"name" text NOT NULL,
	"close_date_before" integer DEFAULT 0 NOT NULL,
	"start_at" date,
	"end_at" date,
	"is_active" smallint DEFAULT 0 NOT NULL,
	"max_num" integer NOT NULL,
	"description" text,
	"ikyu_id" text,
	"check_in" text,
	"check_out" text,
	"price" integer DEFAULT 0 NOT NULL,
	"icon" text,
	"notice_mail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_name_not_blank" CHECK (btrim("plans"."name") <> ''),
	CONSTRAINT "plans_close_date_before_nonneg" CHECK ("plans"."close_date_before" >= 0),
	CONSTRAINT "plans_is_active_flag" CHECK ("plans"."is_active" in (0, 1)),
	CONSTRAINT "plans_max_num_positive" CHECK ("plans"."max_num" > 0),
	CONSTRAINT "plans_price_nonneg" CHECK ("plans"."price" >= 0),
	CONSTRAINT "plans_period_order" CHECK ("plans"."start_at" is null or "plans"."end_at" is null or "plans"."end_at" >= "plans"."start_at"),
	CONSTRAINT "plans_check_in_format" CHECK ("plans"."check_in" is null or "plans"."check_in" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "plans_check_out_format" CHECK ("plans"."check_out" is null or "plans"."check_out" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "price_rule_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"base_price" integer NOT NULL,
	"unit_step" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"week_step" integer[] DEFAULT '{0,0,0,0,0,0,0}'::integer[] NOT NULL,
	"holiday_step" integer[] DEFAULT '{0,0}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_rule_sets_base_price_nonneg" CHECK ("price_rule_sets"."base_price" >= 0),
	CONSTRAINT "price_rule_sets_week_step_len" CHECK (cardinality("price_rule_sets"."week_step") = 7),
	CONSTRAINT "price_rule_sets_holiday_step_len" CHECK (cardinality("price_rule_sets"."holiday_step") = 2)
);
--> statement-breakpoint
CREATE TABLE "room_plans" (
	"room_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	CONSTRAINT "room_plans_room_id_plan_id_pk" PRIMARY KEY("room_id","plan_id")
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"accommodation_id" integer NOT NULL,
	"name" text NOT NULL,
	"max_num" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rooms_max_num_positive" CHECK ("rooms"."max_num" > 0),
	CONSTRAINT "rooms_name_not_blank" CHECK (btrim("rooms"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"mail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_name_not_blank" CHECK (btrim("suppliers"."name") <> ''),
	CONSTRAINT "suppliers_mail_not_blank" CHECK (btrim("suppliers"."mail") <> '')
);
--> statement-breakpoint
CREATE TABLE "booking_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"option_id" integer,
	"unit" integer NOT NULL,
	"days" integer DEFAULT 1 NOT NULL,
	"comment" text,
	"paid_at" timestamp with time zone,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"supplier_id" integer,
	"supplier_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_options_unit_positive" CHECK ("booking_options"."unit" > 0),
	CONSTRAINT "booking_options_days_positive" CHECK ("booking_options"."days" > 0),
	CONSTRAINT "booking_options_price_nonneg" CHECK ("booking_options"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"accommodation_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"plan_id" integer,
	"name" text NOT NULL,
	"mail" text,
	"address" text,
	"tel" text,
	"job" smallint DEFAULT 0 NOT NULL,
	"mini_memo" text,
	"memo" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"days" integer DEFAULT 1 NOT NULL,
	"person_number" integer NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"price_sub" integer DEFAULT 0 NOT NULL,
	"payment_limit_date" date,
	"uid" text NOT NULL,
	"via" smallint DEFAULT 101 NOT NULL,
	"external_id" text,
	"sync" smallint DEFAULT 0 NOT NULL,
	"delete_flg" smallint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_name_not_blank" CHECK (btrim("bookings"."name") <> ''),
	CONSTRAINT "bookings_days_positive" CHECK ("bookings"."days" > 0),
	CONSTRAINT "bookings_end_date_matches_days" CHECK ("bookings"."end_date" = "bookings"."start_date" + "bookings"."days"),
	CONSTRAINT "bookings_person_number_nonneg" CHECK ("bookings"."person_number" >= 0),
	CONSTRAINT "bookings_price_nonneg" CHECK ("bookings"."price" >= 0),
	CONSTRAINT "bookings_price_sub_nonneg" CHECK ("bookings"."price_sub" >= 0),
	CONSTRAINT "bookings_via_valid" CHECK ("bookings"."via" in (0, 1, 100, 101)),
	CONSTRAINT "bookings_job_valid" CHECK ("bookings"."job" in (0, 1, 2, 3, 4, 5, 6, 7, 8)),
	CONSTRAINT "bookings_sync_flag" CHECK ("bookings"."sync" in (0, 1)),
	CONSTRAINT "bookings_delete_flg_flag" CHECK ("bookings"."delete_flg" in (0, 1)),
	CONSTRAINT "bookings_deleted_at_with_flag" CHECK (("bookings"."delete_flg" = 1) = ("bookings"."deleted_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_exe_date" date,
	"book_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"pay_type" smallint NOT NULL,
	"mail" smallint DEFAULT 0 NOT NULL,
	"transaction_id" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_pay_type_valid" CHECK ("payments"."pay_type" in (1, 2, 3, 4)),
	CONSTRAINT "payments_mail_flag" CHECK ("payments"."mail" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"payment_id" integer,
	"amount" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"accommodation_id" integer,
	"book_id" integer,
	"publication_id" integer,
	"send_type" smallint,
	"to_address" text NOT NULL,
	"from_address" text NOT NULL,
	"from_name" text,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_messages_status_valid" CHECK ("mail_messages"."status" in ('queued', 'sent', 'failed', 'not_delivered')),
	CONSTRAINT "mail_messages_attempts_nonneg" CHECK ("mail_messages"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mail_publications" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"setting" jsonb NOT NULL,
	"attachment" "bytea",
	"attachment_type" text,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_publications_recipient_count_nonneg" CHECK ("mail_publications"."recipient_count" >= 0),
	CONSTRAINT "mail_publications_attachment_size" CHECK ("mail_publications"."attachment" is null or octet_length("mail_publications"."attachment") <= 5000000),
	CONSTRAINT "mail_publications_attachment_type" CHECK ("mail_publications"."attachment" is null or "mail_publications"."attachment_type" is not null)
);
--> statement-breakpoint
CREATE TABLE "mail_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"accommodation_id" integer NOT NULL,
	"send_type" smallint NOT NULL,
	"title" text NOT NULL,
	"from_address" text NOT NULL,
	"from_name" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "received_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"accommodation_id" integer,
	"book_id" integer,
	"message_id" text,
	"title" text DEFAULT '' NOT NULL,
	"from_address" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"raw" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sender_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"from_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"accommodation_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"result" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_checks_month_valid" CHECK ("sync_checks"."month" between 1 and 12),
	CONSTRAINT "sync_checks_status_valid" CHECK ("sync_checks"."status" in ('ok', 'ng', 'error'))
);
--> statement-breakpoint
CREATE TABLE "sync_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"accommodation_id" integer NOT NULL,
	"service" smallint DEFAULT 1 NOT NULL,
	"target_type" smallint NOT NULL,
	"target_id" integer NOT NULL,
	"target_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_items_target_type_valid" CHECK ("sync_items"."target_type" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "sync_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"accommodation_id" integer NOT NULL,
	"book_id" integer,
	"success" smallint NOT NULL,
	"read" smallint DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_logs_success_flag" CHECK ("sync_logs"."success" in (0, 1)),
	CONSTRAINT "sync_logs_read_flag" CHECK ("sync_logs"."read" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "sync_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"accommodation_id" integer NOT NULL,
	"tag" text,
	"mail_to" text,
	"service_id" smallint DEFAULT 1 NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "petty_cash_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"accommodation_id" integer NOT NULL,
	"user_id" integer,
	"paid_date" date NOT NULL,
	"amount" integer NOT NULL,
	"balance_check" smallint DEFAULT 0 NOT NULL,
	"intended_use" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "petty_cash_entries_balance_check_flag" CHECK ("petty_cash_entries"."balance_check" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "timesheet_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"target_date" date NOT NULL,
	"accommodation_id" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timesheet_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"end_at" date NOT NULL,
	"release_flg" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timesheet_groups_period_order" CHECK ("timesheet_groups"."end_date" >= "timesheet_groups"."start_date"),
	CONSTRAINT "timesheet_groups_release_flg_flag" CHECK ("timesheet_groups"."release_flg" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "accommodations" ADD CONSTRAINT "accommodations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_accommodations" ADD CONSTRAINT "user_accommodations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_accommodations" ADD CONSTRAINT "user_accommodations_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodation_options" ADD CONSTRAINT "accommodation_options_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodation_options" ADD CONSTRAINT "accommodation_options_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodation_options" ADD CONSTRAINT "accommodation_options_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_comments" ADD CONSTRAINT "calendar_comments_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faqs" ADD CONSTRAINT "faqs_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faqs" ADD CONSTRAINT "faqs_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_payment_methods" ADD CONSTRAINT "plan_payment_methods_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_payment_methods" ADD CONSTRAINT "plan_payment_methods_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_prices" ADD CONSTRAINT "plan_prices_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_rule_sets" ADD CONSTRAINT "price_rule_sets_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_plans" ADD CONSTRAINT "room_plans_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_plans" ADD CONSTRAINT "room_plans_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_options" ADD CONSTRAINT "booking_options_book_id_bookings_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_options" ADD CONSTRAINT "booking_options_option_id_accommodation_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."accommodation_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_options" ADD CONSTRAINT "booking_options_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_book_id_bookings_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_book_id_bookings_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_book_id_bookings_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_publication_id_mail_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."mail_publications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_publications" ADD CONSTRAINT "mail_publications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_publications" ADD CONSTRAINT "mail_publications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_templates" ADD CONSTRAINT "mail_templates_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_mails" ADD CONSTRAINT "received_mails_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_mails" ADD CONSTRAINT "received_mails_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_mails" ADD CONSTRAINT "received_mails_book_id_bookings_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_addresses" ADD CONSTRAINT "sender_addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_checks" ADD CONSTRAINT "sync_checks_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_checks" ADD CONSTRAINT "sync_checks_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_items" ADD CONSTRAINT "sync_items_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_logs" ADD CONSTRAINT "sync_logs_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_logs" ADD CONSTRAINT "sync_logs_book_id_bookings_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_settings" ADD CONSTRAINT "sync_settings_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petty_cash_entries" ADD CONSTRAINT "petty_cash_entries_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petty_cash_entries" ADD CONSTRAINT "petty_cash_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_entries" ADD CONSTRAINT "timesheet_entries_group_id_timesheet_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."timesheet_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_entries" ADD CONSTRAINT "timesheet_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_entries" ADD CONSTRAINT "timesheet_entries_accommodation_id_accommodations_id_fk" FOREIGN KEY ("accommodation_id") REFERENCES "public"."accommodations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_groups" ADD CONSTRAINT "timesheet_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accommodations_uid_key" ON "accommodations" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "accommodations_company_idx" ON "accommodations" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "user_accommodations_accommodation_idx" ON "user_accommodations" USING btree ("accommodation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mail_key" ON "users" USING btree ("mail");--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "accommodation_options_accommodation_idx" ON "accommodation_options" USING btree ("accommodation_id","display_order");--> statement-breakpoint
CREATE INDEX "accommodation_options_supplier_idx" ON "accommodation_options" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "accommodation_options_room_idx" ON "accommodation_options" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "calendar_comments_accommodation_date_idx" ON "calendar_comments" USING btree ("accommodation_id","target_date");--> statement-breakpoint
CREATE INDEX "faqs_accommodation_idx" ON "faqs" USING btree ("accommodation_id","display_order");--> statement-breakpoint
CREATE INDEX "faqs_room_idx" ON "faqs" USING btree ("room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_name_key" ON "payment_methods" USING btree ("name");--> statement-breakpoint
CREATE INDEX "plan_payment_methods_method_idx" ON "plan_payment_methods" USING btree ("payment_method_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_prices_plan_date_unit_key" ON "plan_prices" USING btree ("plan_id","target_date","unit");--> statement-breakpoint
CREATE INDEX "plans_accommodation_idx" ON "plans" USING btree ("accommodation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_rule_sets_plan_key" ON "price_rule_sets" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "room_plans_plan_idx" ON "room_plans" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "rooms_accommodation_idx" ON "rooms" USING btree ("accommodation_id");--> statement-breakpoint
CREATE INDEX "suppliers_company_idx" ON "suppliers" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "booking_options_book_idx" ON "booking_options" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "booking_options_option_idx" ON "booking_options" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "booking_options_supplier_idx" ON "booking_options" USING btree ("supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_uid_key" ON "bookings" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_external_id_key" ON "bookings" USING btree ("accommodation_id","external_id");--> statement-breakpoint
CREATE INDEX "bookings_accommodation_stay_idx" ON "bookings" USING btree ("accommodation_id","start_date","end_date");--> statement-breakpoint
CREATE INDEX "bookings_room_start_idx" ON "bookings" USING btree ("room_id","start_date");--> statement-breakpoint
CREATE INDEX "bookings_mail_idx" ON "bookings" USING btree ("mail");--> statement-breakpoint
CREATE INDEX "bookings_created_at_idx" ON "bookings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bookings_plan_idx" ON "bookings" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "payments_book_idx" ON "payments" USING btree ("book_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_transaction_id_key" ON "payments" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "refunds_book_idx" ON "refunds" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "mail_messages_book_idx" ON "mail_messages" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "mail_messages_status_idx" ON "mail_messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "mail_messages_publication_idx" ON "mail_messages" USING btree ("publication_id");--> statement-breakpoint
CREATE INDEX "mail_messages_accommodation_idx" ON "mail_messages" USING btree ("accommodation_id");--> statement-breakpoint
CREATE INDEX "mail_publications_company_idx" ON "mail_publications" USING btree ("company_id","send_at");--> statement-breakpoint
CREATE INDEX "mail_templates_accommodation_idx" ON "mail_templates" USING btree ("accommodation_id","send_type");--> statement-breakpoint
CREATE INDEX "received_mails_book_idx" ON "received_mails" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "received_mails_created_at_idx" ON "received_mails" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "received_mails_accommodation_idx" ON "received_mails" USING btree ("accommodation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "received_mails_message_id_key" ON "received_mails" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sender_addresses_company_address_key" ON "sender_addresses" USING btree ("company_id","from_address");--> statement-breakpoint
CREATE INDEX "sync_checks_accommodation_month_idx" ON "sync_checks" USING btree ("accommodation_id","year","month");--> statement-breakpoint
CREATE INDEX "sync_checks_room_idx" ON "sync_checks" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "sync_items_target_idx" ON "sync_items" USING btree ("accommodation_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "sync_logs_accommodation_created_idx" ON "sync_logs" USING btree ("accommodation_id","created_at");--> statement-breakpoint
CREATE INDEX "sync_logs_book_idx" ON "sync_logs" USING btree ("book_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sync_settings_accommodation_service_key" ON "sync_settings" USING btree ("accommodation_id","service_id");--> statement-breakpoint
CREATE INDEX "petty_cash_entries_accommodation_date_idx" ON "petty_cash_entries" USING btree ("accommodation_id","paid_date");--> statement-breakpoint
CREATE INDEX "petty_cash_entries_user_idx" ON "petty_cash_entries" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "timesheet_entries_slot_key" ON "timesheet_entries" USING btree ("group_id","user_id","target_date","accommodation_id");--> statement-breakpoint
CREATE INDEX "timesheet_entries_user_idx" ON "timesheet_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "timesheet_entries_accommodation_idx" ON "timesheet_entries" USING btree ("accommodation_id");--> statement-breakpoint
CREATE INDEX "timesheet_groups_company_idx" ON "timesheet_groups" USING btree ("company_id","start_date");