CREATE TABLE "login_throttles" (
	"user_id" integer NOT NULL,
	"client" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "login_throttles_user_id_client_pk" PRIMARY KEY("user_id","client")
);
--> statement-breakpoint
ALTER TABLE "login_throttles" ADD CONSTRAINT "login_throttles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_throttles_last_failed_idx" ON "login_throttles" USING btree ("last_failed_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_login_count";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";