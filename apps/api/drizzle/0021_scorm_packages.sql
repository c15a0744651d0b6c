CREATE TABLE "scorm_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"package_id" uuid,
	"number" integer NOT NULL,
	"completion_status" varchar(16) DEFAULT 'not attempted' NOT NULL,
	"success_status" varchar(16) DEFAULT 'unknown' NOT NULL,
	"score_raw" double precision,
	"score_min" double precision,
	"score_max" double precision,
	"score_scaled" double precision,
	"total_seconds" double precision DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scorm_package_files" (
	"package_id" uuid NOT NULL,
	"path" text NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	CONSTRAINT "scorm_package_files_pk" PRIMARY KEY("package_id","path")
);
--> statement-breakpoint
CREATE TABLE "scorm_packages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"title" varchar(255) NOT NULL,
	"version" varchar(24) NOT NULL,
	"scos" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_count" integer NOT NULL,
	"size_bytes" bigint NOT NULL,
	"max_attempts" integer DEFAULT 0 NOT NULL,
	"pass_mark" integer,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scorm_sco_states" (
	"attempt_id" integer NOT NULL,
	"sco" varchar(255) NOT NULL,
	"completion_status" varchar(16) DEFAULT 'not attempted' NOT NULL,
	"success_status" varchar(16) DEFAULT 'unknown' NOT NULL,
	"score_raw" double precision,
	"score_min" double precision,
	"score_max" double precision,
	"score_scaled" double precision,
	"total_seconds" double precision DEFAULT 0 NOT NULL,
	"session_seconds" double precision DEFAULT 0 NOT NULL,
	"session_started_at" timestamp with time zone,
	"session_id" varchar(32),
	"location" text,
	"suspend_data" text,
	"exit" varchar(16),
	"interactions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scorm_sco_states_pk" PRIMARY KEY("attempt_id","sco"),
	CONSTRAINT "scorm_sco_states_time_check" CHECK ("scorm_sco_states"."total_seconds" >= 0 AND "scorm_sco_states"."session_seconds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "lessons" DROP CONSTRAINT "lessons_video_kind_check";--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD COLUMN "content_passed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD CONSTRAINT "scorm_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD CONSTRAINT "scorm_attempts_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD CONSTRAINT "scorm_attempts_package_id_scorm_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."scorm_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_package_files" ADD CONSTRAINT "scorm_package_files_package_id_scorm_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."scorm_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_packages" ADD CONSTRAINT "scorm_packages_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_packages" ADD CONSTRAINT "scorm_packages_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_sco_states" ADD CONSTRAINT "scorm_sco_states_attempt_id_scorm_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."scorm_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scorm_attempts_learner_idx" ON "scorm_attempts" USING btree ("user_id","lesson_id","number");--> statement-breakpoint
CREATE INDEX "scorm_attempts_lesson_idx" ON "scorm_attempts" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "scorm_attempts_package_idx" ON "scorm_attempts" USING btree ("package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scorm_packages_lesson_idx" ON "scorm_packages" USING btree ("lesson_id");--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_video_kind_check" CHECK ("lessons"."video_kind" IN ('youtube', 'upload', 'scorm'));