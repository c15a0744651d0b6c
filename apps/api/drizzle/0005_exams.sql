CREATE TABLE "exam_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"number" integer NOT NULL,
	"status" varchar(16) DEFAULT 'IN_PROGRESS' NOT NULL,
	"result" varchar(8),
	"started_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ip" varchar(64),
	"required_correct" integer NOT NULL,
	"max_failed" integer NOT NULL,
	"question_ids" jsonb NOT NULL,
	"option_order" jsonb NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answers_saved_at" timestamp with time zone,
	"question_count" integer NOT NULL,
	"correct_count" integer,
	"mark" integer,
	"outcomes" jsonb,
	"submit_reason" varchar(16),
	"cheating" boolean DEFAULT false NOT NULL,
	"cheat_reason" varchar(16),
	"flags" jsonb DEFAULT '{"tabLeaves":0,"printScreens":0,"copies":0,"contextMenus":0}'::jsonb NOT NULL,
	CONSTRAINT "exam_attempts_status_check" CHECK ("exam_attempts"."status" IN ('IN_PROGRESS', 'SUBMITTED', 'EXPIRED')),
	CONSTRAINT "exam_attempts_result_check" CHECK ("exam_attempts"."result" IS NULL OR "exam_attempts"."result" IN ('PASSED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "exam_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam_id" integer NOT NULL,
	"position" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"content" text NOT NULL,
	"task_description" text,
	"task_guide" text,
	"display_seconds" integer,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"blanks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_questions_type_check" CHECK ("exam_questions"."type" IN ('SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'FILL_BLANKS'))
);
--> statement-breakpoint
CREATE TABLE "exam_standings" (
	"user_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"passed_at" timestamp with time zone,
	"unlocked_at" timestamp with time zone,
	"unlocked_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_standings_pk" PRIMARY KEY("user_id","exam_id")
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"lesson_id" integer PRIMARY KEY NOT NULL,
	"shuffle_questions" boolean DEFAULT false NOT NULL,
	"shuffle_options" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_exam_id_exams_lesson_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("lesson_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD CONSTRAINT "exam_questions_exam_id_exams_lesson_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("lesson_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_standings" ADD CONSTRAINT "exam_standings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_standings" ADD CONSTRAINT "exam_standings_exam_id_exams_lesson_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("lesson_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_standings" ADD CONSTRAINT "exam_standings_unlocked_by_users_id_fk" FOREIGN KEY ("unlocked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_number_uq" ON "exam_attempts" USING btree ("user_id","exam_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_open_uq" ON "exam_attempts" USING btree ("user_id","exam_id") WHERE "exam_attempts"."status" = 'IN_PROGRESS';--> statement-breakpoint
CREATE INDEX "exam_attempts_open_deadline_idx" ON "exam_attempts" USING btree ("deadline_at") WHERE "exam_attempts"."status" = 'IN_PROGRESS';--> statement-breakpoint
CREATE INDEX "exam_attempts_exam_id_idx" ON "exam_attempts" USING btree ("exam_id","started_at");--> statement-breakpoint
CREATE INDEX "exam_questions_exam_id_idx" ON "exam_questions" USING btree ("exam_id","position");--> statement-breakpoint
CREATE INDEX "exam_standings_exam_id_idx" ON "exam_standings" USING btree ("exam_id");--> statement-breakpoint
CREATE INDEX "exam_standings_locked_idx" ON "exam_standings" USING btree ("locked_at") WHERE "exam_standings"."locked_at" IS NOT NULL;