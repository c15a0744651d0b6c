CREATE TABLE "course_cycle_results" (
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"cycle" integer NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone NOT NULL,
	"lesson_count" integer NOT NULL,
	"passed_lessons" integer NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "course_cycle_results_pk" PRIMARY KEY("user_id","course_id","cycle")
);
--> statement-breakpoint
CREATE TABLE "lesson_progress_history" (
	"user_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"cycle" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"passed" boolean NOT NULL,
	"credited_seconds" double precision NOT NULL,
	"exam_passed" boolean NOT NULL,
	"content_passed" boolean NOT NULL,
	"passed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"archived_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lesson_progress_history_pk" PRIMARY KEY("user_id","course_id","cycle","lesson_id")
);
--> statement-breakpoint
ALTER TABLE "assignments" DROP CONSTRAINT "assignments_due_kind_check";--> statement-breakpoint
DROP INDEX "issued_certificates_user_course_uq";--> statement-breakpoint
ALTER TABLE "issued_certificates" ADD COLUMN "cycle" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "issued_certificates" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "issued_certificates" ADD COLUMN "renewal_opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "certificate_validity_months" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "recertification_window_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "cycle" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD COLUMN "cycle" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "course_cycle_results" ADD CONSTRAINT "course_cycle_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_cycle_results" ADD CONSTRAINT "course_cycle_results_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress_history" ADD CONSTRAINT "lesson_progress_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress_history" ADD CONSTRAINT "lesson_progress_history_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress_history" ADD CONSTRAINT "lesson_progress_history_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_cycle_results_course_id_idx" ON "course_cycle_results" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "lesson_progress_history_lesson_id_idx" ON "lesson_progress_history" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "lesson_progress_history_course_id_idx" ON "lesson_progress_history" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assignments_recertification_uq" ON "assignments" USING btree ("course_id") WHERE "assignments"."due_kind" = 'RECERTIFICATION';--> statement-breakpoint
CREATE UNIQUE INDEX "issued_certificates_user_course_cycle_uq" ON "issued_certificates" USING btree ("user_id","course_id","cycle");--> statement-breakpoint
CREATE INDEX "issued_certificates_renewal_idx" ON "issued_certificates" USING btree ("expires_at") WHERE "issued_certificates"."expires_at" IS NOT NULL AND "issued_certificates"."renewal_opened_at" IS NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_due_kind_check" CHECK ("assignments"."due_kind" in ('DATE', 'AFTER_ASSIGNED', 'AFTER_JOINING', 'RECERTIFICATION'));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_certificate_validity_check" CHECK ("courses"."certificate_validity_months" is null or "courses"."certificate_validity_months" between 1 and 120);--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_recertification_window_check" CHECK ("courses"."recertification_window_days" between 0 and 365);