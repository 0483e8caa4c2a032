DROP INDEX "calls_contact_idx";--> statement-breakpoint
CREATE INDEX "calls_contact_started_idx" ON "calls" USING btree ("contact_id","started_at");--> statement-breakpoint
CREATE INDEX "faxes_contact_created_idx" ON "faxes" USING btree ("contact_id","created_at");--> statement-breakpoint
CREATE INDEX "voicemails_contact_created_idx" ON "voicemails" USING btree ("contact_id","created_at");