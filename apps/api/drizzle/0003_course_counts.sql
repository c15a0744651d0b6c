ALTER TABLE "courses" ADD COLUMN "topic_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "lesson_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "total_study_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Counts of the courses that already exist (from here on the courses module keeps them).
UPDATE "courses" SET
	"topic_count" = (SELECT count(*) FROM "topics" WHERE "topics"."course_id" = "courses"."id"),
	"lesson_count" = (SELECT count(*) FROM "lessons" WHERE "lessons"."course_id" = "courses"."id"),
	"total_study_minutes" = (SELECT coalesce(sum("min_study_minutes"), 0) FROM "lessons" WHERE "lessons"."course_id" = "courses"."id");