-- Transaction → Teller → Teller Administration (ADR 0068): the branch's till register. A teller opens a
-- session on an active till of their branch that is free or assigned to them; the service checks it
-- (the till_unknown, till_inactive and till_assigned_elsewhere refusals).
CREATE TABLE "tills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"branch_code" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"assigned_teller_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tills_code_check" CHECK ("tills"."code" ~ '^[A-Z0-9-]{1,12}$')
);
--> statement-breakpoint
ALTER TABLE "tills" ADD CONSTRAINT "tills_branch_code_branches_code_fk" FOREIGN KEY ("branch_code") REFERENCES "public"."branches"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tills_branch_code_key" ON "tills" USING btree ("branch_code","code");--> statement-breakpoint
CREATE INDEX "tills_assigned_idx" ON "tills" USING btree ("assigned_teller_id");--> statement-breakpoint
-- The free-text codes sessions used so far become tills of their branch, named by their code and for
-- any teller, so every existing code keeps opening. The API always upper-cased codes to this shape;
-- a code that somehow is not stays out (the check would refuse it) rather than failing the upgrade.
INSERT INTO "tills" ("branch_code", "code", "name")
SELECT DISTINCT "branch_code", "till_code", "till_code" FROM "till_sessions"
WHERE "till_code" ~ '^[A-Z0-9-]{1,12}$'
ON CONFLICT DO NOTHING;
