CREATE TABLE "dni_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"session_id" text NOT NULL,
	"kind" text NOT NULL,
	"url" text,
	"title" text,
	"number" text,
	"call_id" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dni_pool_numbers" (
	"pool_id" integer NOT NULL,
	"number_id" integer NOT NULL,
	"source_id" integer,
	"last_assigned_at" timestamp with time zone,
	CONSTRAINT "dni_pool_numbers_pool_id_number_id_pk" PRIMARY KEY("pool_id","number_id")
);
--> statement-breakpoint
CREATE TABLE "dni_pool_usage" (
	"pool_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"peak_sessions" integer DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"fallbacks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dni_pool_usage_pool_id_hour_pk" PRIMARY KEY("pool_id","hour")
);
--> statement-breakpoint
CREATE TABLE "dni_pools" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"source_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"target_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lease_minutes" smallint NOT NULL,
	"cooldown_minutes" smallint NOT NULL,
	"fallback_number_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dni_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"organization_id" integer,
	"user_id" integer,
	"start_date" text NOT NULL,
	"end_date" text NOT NULL,
	"state" text NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"path" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dni_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"visitor_id" text NOT NULL,
	"pool_id" integer,
	"source_id" integer,
	"number_id" integer,
	"fallback" boolean DEFAULT false NOT NULL,
	"attribution" jsonb NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"last_page" text,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"hold_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dni_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "dni_session_id" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "dni_events" ADD CONSTRAINT "dni_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dni_events" ADD CONSTRAINT "dni_events_session_id_dni_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."dni_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dni_events" ADD CONSTRAINT "dni_events_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dni_pool_numbers" ADD CONSTRAINT "dni_pool_numbers_pool_id_dni_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."dni_pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dni_pool_numbers" ADD CONSTRAINT "dni_pool_numbers_number_id_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dni_pool_numbers" ADD CONSTRAINT "dni_pool_numbers_source_id_dni_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."dni_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dni_pool_usage" ADD CONSTRAINT "dni_pool_usage_pool_id_dni_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."dni_pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dni_pools" ADD CONSTRAINT "dni_pools_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dni_pools" ADD CONSTRAINT "dni_pools_fallback_number_id_numbers_id_fk" FOREIGN KEY ("fallback_number_id") REFERENCES "public"."numbers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dni_reports" ADD CONSTRAINT "dni_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dni_reports" ADD CONSTRAINT "dni_reports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dni_reports" ADD CONSTRAINT "dni_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dni_sessions" ADD CONSTRAINT "dni_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dni_sessions" ADD CONSTRAINT "dni_sessions_pool_id_dni_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."dni_pools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dni_sessions" ADD CONSTRAINT "dni_sessions_source_id_dni_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."dni_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dni_sessions" ADD CONSTRAINT "dni_sessions_number_id_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."numbers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dni_sources" ADD CONSTRAINT "dni_sources_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dni_events_session_idx" ON "dni_events" USING btree ("session_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "dni_pool_numbers_number_idx" ON "dni_pool_numbers" USING btree ("number_id");--> statement-breakpoint
CREATE INDEX "dni_pools_company_idx" ON "dni_pools" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "dni_reports_company_idx" ON "dni_reports" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "dni_reports_organization_idx" ON "dni_reports" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "dni_sessions_company_seen_idx" ON "dni_sessions" USING btree ("company_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "dni_sessions_number_hold_idx" ON "dni_sessions" USING btree ("number_id","hold_until");--> statement-breakpoint
CREATE INDEX "dni_sessions_visitor_idx" ON "dni_sessions" USING btree ("company_id","visitor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dni_sources_company_name_idx" ON "dni_sources" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "calls_dni_session_idx" ON "calls" USING btree ("dni_session_id") WHERE "calls"."dni_session_id" is not null;