ALTER TABLE "dni_sessions" ADD COLUMN "visitor_network" text;--> statement-breakpoint
ALTER TABLE "dni_sessions" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "dni_sessions_pool_hold_idx" ON "dni_sessions" USING btree ("pool_id","hold_until");