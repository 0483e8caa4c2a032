CREATE TABLE "forward_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"using_int_number" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_interest" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"marketplace_number_id" integer NOT NULL,
	"kind" text NOT NULL,
	"count" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"marketplace_number_id" integer NOT NULL,
	"channel" text DEFAULT 'sandbox' NOT NULL,
	"price_cents" integer NOT NULL,
	"lease_price_cents" integer,
	"listed_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_as" text,
	"interest_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"number_id" integer NOT NULL,
	"status" text DEFAULT 'unlisted' NOT NULL,
	"asking_price_cents" integer NOT NULL,
	"lease_price_cents" integer,
	"description" text DEFAULT '' NOT NULL,
	"vanity" text DEFAULT '' NOT NULL,
	"sold_price_cents" integer,
	"sold_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "number_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"routes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"greeting" jsonb,
	"menu" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"after_hours_extension" integer,
	"voicemail" jsonb DEFAULT '{"greeting":null,"email_alert_address":""}'::jsonb NOT NULL,
	"schedule" jsonb,
	"sms_enabled" boolean DEFAULT true NOT NULL,
	"call_transcription_enabled" boolean DEFAULT false NOT NULL,
	"recording_enabled" boolean DEFAULT false NOT NULL,
	"ai_extraction_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "port_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"impersonator_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"service" smallint DEFAULT 1 NOT NULL,
	"numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"losing_carrier" text NOT NULL,
	"account_number" text NOT NULL,
	"pin" text NOT NULL,
	"authorized_name" text NOT NULL,
	"service_address" text NOT NULL,
	"desired_date" text NOT NULL,
	"foc_date" text,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text,
	"reason_field" text,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"next_step_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "numbers" DROP CONSTRAINT "numbers_number_unique";--> statement-breakpoint
ALTER TABLE "numbers" ADD COLUMN "number_template_id" integer;--> statement-breakpoint
ALTER TABLE "numbers" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "numbers" ADD COLUMN "remove_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "numbers" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forward_contacts" ADD CONSTRAINT "forward_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forward_contacts" ADD CONSTRAINT "forward_contacts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_interest" ADD CONSTRAINT "marketplace_interest_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_interest" ADD CONSTRAINT "marketplace_interest_listing_id_marketplace_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_interest" ADD CONSTRAINT "marketplace_interest_marketplace_number_id_marketplace_numbers_id_fk" FOREIGN KEY ("marketplace_number_id") REFERENCES "public"."marketplace_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD CONSTRAINT "marketplace_listings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD CONSTRAINT "marketplace_listings_marketplace_number_id_marketplace_numbers_id_fk" FOREIGN KEY ("marketplace_number_id") REFERENCES "public"."marketplace_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_numbers" ADD CONSTRAINT "marketplace_numbers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_numbers" ADD CONSTRAINT "marketplace_numbers_number_id_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_templates" ADD CONSTRAINT "number_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_requests" ADD CONSTRAINT "port_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_requests" ADD CONSTRAINT "port_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "forward_contacts_company_number_unique" ON "forward_contacts" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "forward_contacts_company_name_idx" ON "forward_contacts" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_interest_hour_unique" ON "marketplace_interest" USING btree ("listing_id","kind","occurred_at");--> statement-breakpoint
CREATE INDEX "marketplace_interest_company_idx" ON "marketplace_interest" USING btree ("company_id","occurred_at");--> statement-breakpoint
CREATE INDEX "marketplace_listings_number_idx" ON "marketplace_listings" USING btree ("marketplace_number_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_listings_open_unique" ON "marketplace_listings" USING btree ("marketplace_number_id") WHERE "marketplace_listings"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "marketplace_numbers_company_idx" ON "marketplace_numbers" USING btree ("company_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_numbers_number_unique" ON "marketplace_numbers" USING btree ("number_id");--> statement-breakpoint
CREATE INDEX "number_templates_company_idx" ON "number_templates" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "number_templates_company_name_unique" ON "number_templates" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "port_requests_company_idx" ON "port_requests" USING btree ("company_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "numbers_number_live_unique" ON "numbers" USING btree ("number") WHERE "numbers"."released_at" is null;