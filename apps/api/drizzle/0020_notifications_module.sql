-- Notifications become a module of their own (issue 22, point 4): any kind, once per (user, key),
-- delivered by the job queue as each person chooses per kind (notification_preferences).
CREATE TABLE "notification_preferences" (
	"user_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"in_app" boolean NOT NULL,
	"mail" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_preferences_kind_check" CHECK ("notification_preferences"."kind" IN ('QA_REPLY', 'CERTIFICATE_ISSUED', 'EXAM_UNLOCKED', 'EXAM_LOCKED', 'ROADMAP_COURSE_ADDED', 'ASSIGNMENT_DUE'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_question_id_qa_questions_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_reply_id_qa_replies_id_fk";
--> statement-breakpoint
DROP INDEX "notifications_question_idx";--> statement-breakpoint
DROP INDEX "notifications_reply_idx";--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
DROP INDEX "notifications_unread_idx";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "key" varchar(160);--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "subject" varchar(64);--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "in_app" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail_state" varchar(8);--> statement-breakpoint
-- Q&A's notifications so far were shown at once: delivered, in the product, with the question's
-- title and the reply's first words kept as their words.
UPDATE "notifications" SET
  "key" = 'qa-reply:' || coalesce("reply_id", "id"),
  "subject" = 'qa-question:' || "question_id",
  "url" = '/training-academy/qa/' || "question_id",
  "params" = jsonb_build_object(
    'title', coalesce((SELECT q."title" FROM "qa_questions" q WHERE q."id" = "notifications"."question_id"), ''),
    'excerpt', coalesce((SELECT left(r."content", 160) FROM "qa_replies" r WHERE r."id" = "notifications"."reply_id"), '')),
  "delivered_at" = "created_at",
  "in_app" = true;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "url" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_key_uq" ON "notifications" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "notifications_undelivered_idx" ON "notifications" USING btree ("id") WHERE "notifications"."delivered_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_subject_idx" ON "notifications" USING btree ("subject");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS LAST) WHERE "notifications"."in_app";--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id","subject") WHERE "notifications"."in_app" AND "notifications"."read_at" IS NULL;--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "question_id";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "reply_id";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_mail_state_check" CHECK ("notifications"."mail_state" IS NULL OR "notifications"."mail_state" IN ('SENT', 'FAILED'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" IN ('QA_REPLY', 'CERTIFICATE_ISSUED', 'EXAM_UNLOCKED', 'EXAM_LOCKED', 'ROADMAP_COURSE_ADDED', 'ASSIGNMENT_DUE'));