DROP INDEX "users_mail_key";--> statement-breakpoint
CREATE UNIQUE INDEX "users_company_mail_key" ON "users" USING btree ("company_id","mail");--> statement-breakpoint
CREATE INDEX "users_mail_idx" ON "users" USING btree ("mail");