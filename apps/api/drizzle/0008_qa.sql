CREATE INDEX "notifications_actor_idx" ON "notifications" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "qa_replies_author_idx" ON "qa_replies" USING btree ("author_id");