CREATE TABLE "campaign_pacing" (
	"number_id" integer PRIMARY KEY NOT NULL,
	"next_slot_at" timestamp with time zone NOT NULL,
	"day_started_at" timestamp with time zone NOT NULL,
	"day_count" integer DEFAULT 0 NOT NULL,
	"number_type" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_recipients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"contact_id" integer,
	"position" integer NOT NULL,
	"number" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"skip_reason" text,
	"error_code" text,
	"time_zone" text,
	"region" text,
	"not_before" timestamp with time zone,
	"claim" text,
	"claimed_at" timestamp with time zone,
	"carrier_sid" text,
	"item_id" bigint,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"responded_at" timestamp with time zone,
	"reply" text,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"type" text DEFAULT 'sms' NOT NULL,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"unsubscribe_text" text DEFAULT '' NOT NULL,
	"skip_inbox" boolean DEFAULT false NOT NULL,
	"group_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"number_id" integer,
	"should_be_sent_at" timestamp with time zone,
	"state" text DEFAULT 'draft' NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dynamic_fields" jsonb,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"delivered_count" integer DEFAULT 0 NOT NULL,
	"undelivered_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"responded_count" integer DEFAULT 0 NOT NULL,
	"unsubscriber_count" integer DEFAULT 0 NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"pending_count" integer DEFAULT 0 NOT NULL,
	"preview_count" integer DEFAULT 0 NOT NULL,
	"preview_credits" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"state_reason" text,
	"generation" integer DEFAULT 0 NOT NULL,
	"stats_dirty" boolean DEFAULT false NOT NULL,
	"stats_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sid" text;--> statement-breakpoint
ALTER TABLE "campaign_pacing" ADD CONSTRAINT "campaign_pacing_number_id_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_number_id_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."numbers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_contact_idx" ON "campaign_recipients" USING btree ("campaign_id","contact_id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_next_idx" ON "campaign_recipients" USING btree ("campaign_id","state","position");--> statement-breakpoint
CREATE INDEX "campaign_recipients_finished_idx" ON "campaign_recipients" USING btree ("campaign_id","finished_at");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_sid_idx" ON "campaign_recipients" USING btree ("carrier_sid") WHERE "campaign_recipients"."carrier_sid" is not null;--> statement-breakpoint
CREATE INDEX "campaign_recipients_number_idx" ON "campaign_recipients" USING btree ("company_id","number","sent_at");--> statement-breakpoint
CREATE INDEX "campaigns_company_idx" ON "campaigns" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_dirty_idx" ON "campaigns" USING btree ("id") WHERE "campaigns"."stats_dirty";--> statement-breakpoint
CREATE INDEX "outbox_reference_idx" ON "outbox" USING btree ("reference") WHERE "outbox"."reference" is not null;