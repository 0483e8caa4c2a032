CREATE TABLE "batch_errors" (
	"batch_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"reason" text NOT NULL,
	"cells" jsonb NOT NULL,
	CONSTRAINT "batch_errors_batch_id_row_number_pk" PRIMARY KEY("batch_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "batch_rows" (
	"batch_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"cells" jsonb NOT NULL,
	CONSTRAINT "batch_rows_batch_id_row_number_pk" PRIMARY KEY("batch_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"user_id" integer,
	"file_name" text DEFAULT '' NOT NULL,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total_rows" integer,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"message" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contact_group_members" (
	"group_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	CONSTRAINT "contact_group_members_group_id_contact_id_pk" PRIMARY KEY("group_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "contact_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_label_links" (
	"contact_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	CONSTRAINT "contact_label_links_contact_id_label_id_pk" PRIMARY KEY("contact_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "contact_labels" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"company_name" text,
	"email" text,
	"address1" text,
	"address2" text,
	"city" text,
	"state" text,
	"zip" text,
	"notes" text,
	"optin_type" text,
	"optin_source" text,
	"alternative_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"secondary_emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"carrier" text,
	"gender" text,
	"age_range" text,
	"type" text,
	"is_invalid" boolean DEFAULT false NOT NULL,
	"is_unsubscribed" boolean DEFAULT false NOT NULL,
	"source" text DEFAULT 'Manual' NOT NULL,
	"custom_country" text,
	"custom_title" text,
	"import_batch_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eav_attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"entity_type" smallint NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"data_type" text NOT NULL,
	"description" text,
	"required" boolean DEFAULT false NOT NULL,
	"default_value" jsonb,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eav_choices" (
	"id" serial PRIMARY KEY NOT NULL,
	"attribute_id" integer NOT NULL,
	"value" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "eav_values" (
	"attribute_id" integer NOT NULL,
	"entity_type" smallint NOT NULL,
	"entity_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eav_values_attribute_id_entity_id_pk" PRIMARY KEY("attribute_id","entity_id")
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"model_type" text NOT NULL,
	"model_id" integer NOT NULL,
	"user_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "batch_errors" ADD CONSTRAINT "batch_errors_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_rows" ADD CONSTRAINT "batch_rows_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_group_members" ADD CONSTRAINT "contact_group_members_group_id_contact_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."contact_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_group_members" ADD CONSTRAINT "contact_group_members_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_groups" ADD CONSTRAINT "contact_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_label_links" ADD CONSTRAINT "contact_label_links_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_label_links" ADD CONSTRAINT "contact_label_links_label_id_contact_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."contact_labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_labels" ADD CONSTRAINT "contact_labels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eav_attributes" ADD CONSTRAINT "eav_attributes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eav_choices" ADD CONSTRAINT "eav_choices_attribute_id_eav_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."eav_attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eav_values" ADD CONSTRAINT "eav_values_attribute_id_eav_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."eav_attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batches_company_idx" ON "batches" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "batches_state_idx" ON "batches" USING btree ("state");--> statement-breakpoint
CREATE INDEX "contact_group_members_contact_idx" ON "contact_group_members" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "contact_groups_company_idx" ON "contact_groups" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "contact_label_links_label_idx" ON "contact_label_links" USING btree ("label_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_labels_company_label_idx" ON "contact_labels" USING btree ("company_id",lower("label"));--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_company_number_idx" ON "contacts" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "contacts_company_name_idx" ON "contacts" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "eav_attributes_key_idx" ON "eav_attributes" USING btree ("company_id","entity_type","key");--> statement-breakpoint
CREATE INDEX "eav_choices_attribute_idx" ON "eav_choices" USING btree ("attribute_id");--> statement-breakpoint
CREATE INDEX "eav_values_entity_idx" ON "eav_values" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "notes_model_idx" ON "notes" USING btree ("model_type","model_id");