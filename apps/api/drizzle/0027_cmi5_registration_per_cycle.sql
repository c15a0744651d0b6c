DROP INDEX "cmi5_registrations_learner_idx";--> statement-breakpoint
ALTER TABLE "cmi5_registrations" ADD COLUMN "cycle" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Each registration belongs to the learner's cycle of the course it was made in (decision 123).
UPDATE "cmi5_registrations" r SET "cycle" = 1 + (
  SELECT count(*) FROM "course_cycle_results" c JOIN "lessons" l ON l."course_id" = c."course_id"
  WHERE l."id" = r."lesson_id" AND c."user_id" = r."user_id" AND c."ended_at" <= r."created_at"
);--> statement-breakpoint
CREATE UNIQUE INDEX "cmi5_registrations_learner_cycle_idx" ON "cmi5_registrations" USING btree ("user_id","lesson_id","cycle");