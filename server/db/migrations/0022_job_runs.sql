CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"cadence_ms" integer NOT NULL,
	"exclusivity" text NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"next_run_at" timestamp with time zone,
	"running_since" timestamp with time zone,
	"running_holder" text,
	CONSTRAINT "job_runs_exclusivity_valid" CHECK ("job_runs"."exclusivity" in ('lease', 'advisoryLock', 'skipLocked')),
	CONSTRAINT "job_runs_cadence_positive" CHECK ("job_runs"."cadence_ms" > 0)
);
