-- Built reports (docs/decisions/0059-built-reports-runs-schedules-inbox.md): schedules for a role,
-- runs executed in the background (claimed with SKIP LOCKED, leased), and each user's report inbox.
CREATE TABLE "report_schedules" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"report_id" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"format" text NOT NULL,
	"frequency" text NOT NULL,
	"role_id" uuid NOT NULL REFERENCES "roles"("id"),
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid REFERENCES "staff"("user_id") ON DELETE set null,
	"created_by_email" text NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_schedules_format_check" CHECK ("report_schedules"."format" in ('screen', 'csv', 'xlsx', 'pdf')),
	CONSTRAINT "report_schedules_frequency_check" CHECK ("report_schedules"."frequency" in ('daily', 'month_end'))
);
--> statement-breakpoint
CREATE TABLE "report_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"report_id" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"format" text NOT NULL,
	"branch_scope" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"requested_by" uuid REFERENCES "staff"("user_id") ON DELETE set null,
	"requested_by_email" text NOT NULL,
	"schedule_id" bigint REFERENCES "report_schedules"("id"),
	"business_date" date,
	"worker_id" text,
	"lease_until" timestamp (6) with time zone,
	"rows" integer,
	"result" jsonb,
	"file" bytea,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp (6) with time zone,
	"finished_at" timestamp (6) with time zone,
	CONSTRAINT "report_runs_status_check" CHECK ("report_runs"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "report_runs_format_check" CHECK ("report_runs"."format" in ('screen', 'csv', 'xlsx', 'pdf')),
	CONSTRAINT "report_runs_progress_check" CHECK ("report_runs"."progress" between 0 and 100)
);
--> statement-breakpoint
-- One run per schedule and business date: end of day's step may run again and queues nothing twice.
CREATE UNIQUE INDEX "report_runs_schedule_date_uq" ON "report_runs" USING btree ("schedule_id","business_date");
--> statement-breakpoint
CREATE INDEX "report_runs_queued_idx" ON "report_runs" USING btree ("id") WHERE "report_runs"."status" in ('queued', 'running');
--> statement-breakpoint
CREATE INDEX "report_runs_requested_idx" ON "report_runs" USING btree ("requested_by","id");
--> statement-breakpoint
CREATE TABLE "report_inbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "staff"("user_id") ON DELETE cascade,
	"run_id" bigint NOT NULL REFERENCES "report_runs"("id"),
	"delivered_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp (6) with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "report_inbox_user_run_uq" ON "report_inbox" USING btree ("user_id","run_id");
--> statement-breakpoint
CREATE INDEX "report_inbox_user_idx" ON "report_inbox" USING btree ("user_id","id");
--> statement-breakpoint
CREATE INDEX "report_inbox_unread_idx" ON "report_inbox" USING btree ("user_id") WHERE "report_inbox"."read_at" is null;
--> statement-breakpoint
-- The inbox's badge and list update live: /realtime/v1 passes each row to its own user alone
-- (server/src/modules/realtime/published-tables.ts).
CREATE TRIGGER report_inbox_realtime AFTER INSERT OR UPDATE ON report_inbox
  FOR EACH ROW EXECUTE FUNCTION realtime_notify('report_inbox', 'id');
