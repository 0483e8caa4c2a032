CREATE TABLE "billing_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"description" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"invoice_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_profiles" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"billing_name" text DEFAULT '' NOT NULL,
	"billing_address" text DEFAULT '' NOT NULL,
	"billing_address_2" text DEFAULT '' NOT NULL,
	"billing_city" text DEFAULT '' NOT NULL,
	"billing_state" text DEFAULT '' NOT NULL,
	"billing_zip" text DEFAULT '' NOT NULL,
	"billing_country" text DEFAULT 'US' NOT NULL,
	"card_token" text,
	"card_last4" text,
	"card_exp_month" integer,
	"card_exp_year" integer,
	"card_brand" text,
	"provider_customer_ref" text,
	"provider_payment_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"paid_at" timestamp with time zone,
	"provider_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"provider_state" text NOT NULL,
	"plan" text NOT NULL,
	"period" text NOT NULL,
	"current_period_started_at" timestamp with time zone NOT NULL,
	"current_period_ends_at" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"pending_identifier" text,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	"customer_email" text DEFAULT '' NOT NULL,
	"customer_cc_emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"receives_invoice_emails" boolean DEFAULT true NOT NULL,
	"features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"published_usage" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yearly_upgrade_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"identifier" text NOT NULL,
	"savings_cents" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"viewed_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_registration_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_registration_numbers" (
	"registration_id" integer NOT NULL,
	"number_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"added_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"brand" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"campaign" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"brand_status" text DEFAULT 'draft' NOT NULL,
	"campaign_status" text DEFAULT 'draft' NOT NULL,
	"rejection" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"registry" text,
	"registry_refs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"review_due_at" timestamp with time zone,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"brand_paid_at" timestamp with time zone,
	"month_paid_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_charges" ADD CONSTRAINT "billing_charges_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yearly_upgrade_offers" ADD CONSTRAINT "yearly_upgrade_offers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_registration_files" ADD CONSTRAINT "sms_registration_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_registration_files" ADD CONSTRAINT "sms_registration_files_registration_id_sms_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."sms_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_registration_numbers" ADD CONSTRAINT "sms_registration_numbers_registration_id_sms_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."sms_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_registration_numbers" ADD CONSTRAINT "sms_registration_numbers_number_id_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_registration_numbers" ADD CONSTRAINT "sms_registration_numbers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_registrations" ADD CONSTRAINT "sms_registrations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_charges_company_idx" ON "billing_charges" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_company_issued_idx" ON "invoices" USING btree ("company_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "yearly_upgrade_offers_company_idx" ON "yearly_upgrade_offers" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "sms_registration_files_registration_idx" ON "sms_registration_files" USING btree ("registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_registration_numbers_number_unique" ON "sms_registration_numbers" USING btree ("number_id");--> statement-breakpoint
CREATE INDEX "sms_registration_numbers_registration_idx" ON "sms_registration_numbers" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "sms_registrations_company_idx" ON "sms_registrations" USING btree ("company_id","kind");