CREATE INDEX "calls_company_caller_idx" ON "calls" USING btree ("company_id","caller");--> statement-breakpoint
CREATE INDEX "calls_company_called_idx" ON "calls" USING btree ("company_id","called");--> statement-breakpoint
CREATE INDEX "conversations_company_recipient_idx" ON "conversations" USING btree ("company_id","recipient");--> statement-breakpoint
CREATE INDEX "faxes_company_remote_idx" ON "faxes" USING btree ("company_id","remote");--> statement-breakpoint
CREATE INDEX "voicemails_company_caller_idx" ON "voicemails" USING btree ("company_id","caller");