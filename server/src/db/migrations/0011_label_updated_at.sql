ALTER TABLE "contact_labels" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "contact_labels" SET "updated_at" = "created_at";
