CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"service_id" integer NOT NULL,
	"image_url" text,
	"requirements" text,
	"ordered" boolean DEFAULT true NOT NULL,
	"must_complete_before_next" boolean DEFAULT false NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"certificate_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"content_type" varchar(255) NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"video_kind" varchar(16) DEFAULT 'youtube' NOT NULL,
	"video_url" text NOT NULL,
	"video_duration_seconds" integer,
	"min_study_minutes" integer DEFAULT 0 NOT NULL,
	"required_correct_answers" integer DEFAULT 0 NOT NULL,
	"exam_time_limit_minutes" integer DEFAULT 15 NOT NULL,
	"max_failed_attempts" integer DEFAULT 3 NOT NULL,
	"exam_question_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lessons_video_kind_check" CHECK ("lessons"."video_kind" IN ('youtube', 'upload')),
	CONSTRAINT "lessons_min_study_check" CHECK ("lessons"."min_study_minutes" >= 0),
	CONSTRAINT "lessons_exam_time_check" CHECK ("lessons"."exam_time_limit_minutes" > 0),
	CONSTRAINT "lessons_counts_check" CHECK ("lessons"."required_correct_answers" >= 0 AND "lessons"."max_failed_attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_progress" (
	"user_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"credited_seconds" double precision DEFAULT 0 NOT NULL,
	"last_position_seconds" double precision DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'STUDYING' NOT NULL,
	"exam_passed" boolean DEFAULT false NOT NULL,
	"viewing_id" varchar(64),
	"last_heartbeat_at" timestamp with time zone,
	"watching" boolean DEFAULT false NOT NULL,
	"tab_leaves" integer DEFAULT 0 NOT NULL,
	"passed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_progress_pk" PRIMARY KEY("user_id","lesson_id"),
	CONSTRAINT "lesson_progress_status_check" CHECK ("lesson_progress"."status" IN ('IDLE', 'STUDYING', 'PASSED', 'FAILED'))
);
--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_documents" ADD CONSTRAINT "lesson_documents_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courses_service_id_idx" ON "courses" USING btree ("service_id","position");--> statement-breakpoint
CREATE INDEX "courses_position_idx" ON "courses" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "courses_featured_idx" ON "courses" USING btree ("position","id") WHERE "courses"."featured";--> statement-breakpoint
CREATE INDEX "lesson_documents_lesson_id_idx" ON "lesson_documents" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "lessons_topic_id_idx" ON "lessons" USING btree ("topic_id","position");--> statement-breakpoint
CREATE INDEX "lessons_course_id_idx" ON "lessons" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "topics_course_id_idx" ON "topics" USING btree ("course_id","position");--> statement-breakpoint
CREATE INDEX "lesson_progress_lesson_id_idx" ON "lesson_progress" USING btree ("lesson_id");