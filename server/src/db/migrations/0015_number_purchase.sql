CREATE TABLE "number_limit_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"requested" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "number_limit" integer DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "numbers" ADD COLUMN "category" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "number_limit_requests" ADD CONSTRAINT "number_limit_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_limit_requests" ADD CONSTRAINT "number_limit_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "number_limit_requests_company_idx" ON "number_limit_requests" USING btree ("company_id");