-- Sessions are kept between requests (server/auth/sessionCache.ts). Whatever changes who may do
-- what (a session revoked, a user changed or deleted, a grant, the company's accommodations)
-- notifies 'yadoban_auth', from whichever process or tool wrote it; every server process listens
-- and forgets the sessions it kept. One notification per statement, and PostgreSQL sends one per
-- transaction, at its commit.
CREATE OR REPLACE FUNCTION "yadoban_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('yadoban_auth', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "auth_sessions_auth_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "auth_sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "yadoban_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "yadoban_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "user_accommodations_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_accommodations"
  FOR EACH STATEMENT EXECUTE FUNCTION "yadoban_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "accommodations_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "accommodations"
  FOR EACH STATEMENT EXECUTE FUNCTION "yadoban_auth_changed"();
