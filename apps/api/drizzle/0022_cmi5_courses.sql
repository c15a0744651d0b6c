CREATE TABLE "cmi5_au_states" (
	"registration_id" uuid NOT NULL,
	"au_id" text NOT NULL,
	"completed_at" timestamp with time zone,
	"passed_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"waived_at" timestamp with time zone,
	"waive_reason" varchar(64),
	"satisfied_at" timestamp with time zone,
	"score_scaled" double precision,
	CONSTRAINT "cmi5_au_states_pk" PRIMARY KEY("registration_id","au_id")
);
--> statement-breakpoint
CREATE TABLE "cmi5_course_files" (
	"course_id" uuid NOT NULL,
	"path" text NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	CONSTRAINT "cmi5_course_files_pk" PRIMARY KEY("course_id","path")
);
--> statement-breakpoint
CREATE TABLE "cmi5_courses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"publisher_id" text NOT NULL,
	"title" varchar(255) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"aus" jsonb NOT NULL,
	"tree" jsonb NOT NULL,
	"file_count" integer NOT NULL,
	"size_bytes" bigint NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cmi5_registrations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"satisfied_blocks" text[] DEFAULT '{}'::text[] NOT NULL,
	"satisfied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cmi5_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"registration_id" uuid NOT NULL,
	"course_id" uuid,
	"au_id" text NOT NULL,
	"activity_id" text NOT NULL,
	"launch_mode" varchar(8) DEFAULT 'Normal' NOT NULL,
	"move_on" varchar(24) NOT NULL,
	"mastery_score" double precision,
	"actor" jsonb NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"fetch_token_hash" varchar(64) NOT NULL,
	"launched_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone,
	"credential_id" bigint,
	"initialized_at" timestamp with time zone,
	"terminated_at" timestamp with time zone,
	"abandoned_at" timestamp with time zone,
	"last_statement_at" timestamp with time zone,
	"verbs" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lessons" DROP CONSTRAINT "lessons_video_kind_check";--> statement-breakpoint
ALTER TABLE "xapi_credentials" ADD COLUMN "scope" jsonb;--> statement-breakpoint
ALTER TABLE "cmi5_au_states" ADD CONSTRAINT "cmi5_au_states_registration_id_cmi5_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."cmi5_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cmi5_course_files" ADD CONSTRAINT "cmi5_course_files_course_id_cmi5_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."cmi5_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cmi5_courses" ADD CONSTRAINT "cmi5_courses_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cmi5_courses" ADD CONSTRAINT "cmi5_courses_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cmi5_registrations" ADD CONSTRAINT "cmi5_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cmi5_registrations" ADD CONSTRAINT "cmi5_registrations_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cmi5_sessions" ADD CONSTRAINT "cmi5_sessions_registration_id_cmi5_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."cmi5_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cmi5_sessions" ADD CONSTRAINT "cmi5_sessions_course_id_cmi5_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."cmi5_courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cmi5_courses_lesson_idx" ON "cmi5_courses" USING btree ("lesson_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cmi5_registrations_learner_idx" ON "cmi5_registrations" USING btree ("user_id","lesson_id");--> statement-breakpoint
CREATE INDEX "cmi5_registrations_lesson_idx" ON "cmi5_registrations" USING btree ("lesson_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cmi5_sessions_token_idx" ON "cmi5_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "cmi5_sessions_fetch_token_idx" ON "cmi5_sessions" USING btree ("fetch_token_hash");--> statement-breakpoint
CREATE INDEX "cmi5_sessions_registration_idx" ON "cmi5_sessions" USING btree ("registration_id","launched_at");--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_video_kind_check" CHECK ("lessons"."video_kind" IN ('youtube', 'upload', 'scorm', 'cmi5'));