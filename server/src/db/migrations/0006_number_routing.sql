CREATE TABLE "blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"target" text NOT NULL,
	"global" boolean DEFAULT false NOT NULL,
	"number_id" integer,
	"action" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "number_triggers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"number_id" integer NOT NULL,
	"event" text NOT NULL,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"preset" smallint DEFAULT 1 NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"hours" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"voicemail" boolean DEFAULT false NOT NULL,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "numbers" ADD COLUMN "routes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "numbers" ADD COLUMN "greeting" jsonb;--> statement-breakpoint
ALTER TABLE "numbers" ADD COLUMN "menu" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "numbers" ADD COLUMN "after_hours_extension" integer;--> statement-breakpoint
ALTER TABLE "numbers" ADD COLUMN "voicemail" jsonb DEFAULT '{"greeting":null,"email_alert_address":""}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "numbers" ADD COLUMN "recording_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "numbers" ADD COLUMN "schedule" jsonb;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_number_id_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_triggers" ADD CONSTRAINT "number_triggers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_triggers" ADD CONSTRAINT "number_triggers_number_id_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_company_target_idx" ON "blocks" USING btree ("company_id","target");--> statement-breakpoint
CREATE UNIQUE INDEX "blocks_company_target_number_unique" ON "blocks" USING btree ("company_id","target",coalesce("number_id", 0));--> statement-breakpoint
CREATE INDEX "number_triggers_company_idx" ON "number_triggers" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "number_triggers_number_idx" ON "number_triggers" USING btree ("number_id");