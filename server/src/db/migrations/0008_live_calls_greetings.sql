CREATE TABLE "greetings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"content" text,
	"voice" text,
	"file_path" text,
	"content_type" text,
	"size" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "carrier_sid" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "carrier_status" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "live" jsonb;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "recording_url" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "numbers" ADD COLUMN "round_robin" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "voicemails" ADD COLUMN "recording_url" text;--> statement-breakpoint
ALTER TABLE "greetings" ADD CONSTRAINT "greetings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "greetings" ADD CONSTRAINT "greetings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "greetings_company_idx" ON "greetings" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_carrier_sid_unique" UNIQUE("carrier_sid");