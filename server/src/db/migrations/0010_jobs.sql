CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"progress" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_kind_key_idx" ON "jobs" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "jobs_queued_idx" ON "jobs" USING btree ("kind","run_at") WHERE "jobs"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("kind","lease_until") WHERE "jobs"."state" = 'running';--> statement-breakpoint
-- Work already waiting when this version starts becomes jobs: imports queued or under way (they resume after
-- their last committed chunk), exports under way (they start again: they kept no checkpoint) and the texts
-- scheduled for later.
INSERT INTO "jobs" ("kind", "key", "payload", "run_at")
SELECT 'contact-import', "id"::text, jsonb_build_object('batchId', "id"), now()
FROM "batches" WHERE "kind" = 'contact-import' AND "state" IN ('queued', 'running');--> statement-breakpoint
INSERT INTO "jobs" ("kind", "key", "payload", "run_at")
SELECT 'activity-export', "id"::text, jsonb_build_object('batchId', "id"), now()
FROM "batches" WHERE "kind" LIKE 'export-%' AND "state" = 'running';--> statement-breakpoint
INSERT INTO "jobs" ("kind", "key", "payload", "run_at")
SELECT 'scheduled-text', "id"::text, jsonb_build_object('itemId', "id"), coalesce("should_be_sent_at", now())
FROM "conversation_items" WHERE "kind" = 'scheduledmessage';
