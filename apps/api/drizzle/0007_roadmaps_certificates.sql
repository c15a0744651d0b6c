CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"template_key" text NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"page_width" real NOT NULL,
	"page_height" real NOT NULL,
	"layout" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issued_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer,
	"certificate_id" integer NOT NULL,
	"full_name" varchar(255) NOT NULL,
	"course_name" varchar(255) NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"file_key" text,
	"rendered_at" timestamp with time zone,
	"render_queued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"question_id" integer NOT NULL,
	"reply_id" integer,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" IN ('QA_REPLY'))
);
--> statement-breakpoint
CREATE TABLE "qa_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" varchar(4000) NOT NULL,
	"type" varchar(16) NOT NULL,
	"related_topic" varchar(32),
	"course_id" integer,
	"lesson_id" integer,
	"author_id" integer,
	"upvote_count" integer DEFAULT 0 NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"solved" boolean DEFAULT false NOT NULL,
	"solved_reply_id" integer,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "qa_questions"."title" || ' ' || "qa_questions"."description")) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qa_questions_type_check" CHECK ("qa_questions"."type" IN ('COURSE', 'OTHER')),
	CONSTRAINT "qa_questions_topic_check" CHECK ("qa_questions"."related_topic" IS NULL OR "qa_questions"."related_topic" IN ('CERTIFICATE', 'VIDEO_AUDIO', 'DOWNLOAD_RESOURCES')),
	CONSTRAINT "qa_questions_counts_check" CHECK ("qa_questions"."upvote_count" >= 0 AND "qa_questions"."reply_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "qa_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"author_id" integer,
	"content" varchar(4000) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "qa_upvotes" (
	"question_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qa_upvotes_pk" PRIMARY KEY("question_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "roadmap_courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"roadmap_id" integer NOT NULL,
	"milestone_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"order" integer,
	"rank" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roadmap_milestones" (
	"id" serial PRIMARY KEY NOT NULL,
	"roadmap_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"order" integer,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roadmaps" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"authorization_id" integer NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issued_certificates" ADD CONSTRAINT "issued_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_certificates" ADD CONSTRAINT "issued_certificates_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_certificates" ADD CONSTRAINT "issued_certificates_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_question_id_qa_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."qa_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_reply_id_qa_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."qa_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_questions" ADD CONSTRAINT "qa_questions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_questions" ADD CONSTRAINT "qa_questions_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_questions" ADD CONSTRAINT "qa_questions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_replies" ADD CONSTRAINT "qa_replies_question_id_qa_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."qa_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_replies" ADD CONSTRAINT "qa_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_upvotes" ADD CONSTRAINT "qa_upvotes_question_id_qa_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."qa_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_upvotes" ADD CONSTRAINT "qa_upvotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmap_courses" ADD CONSTRAINT "roadmap_courses_roadmap_id_roadmaps_id_fk" FOREIGN KEY ("roadmap_id") REFERENCES "public"."roadmaps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmap_courses" ADD CONSTRAINT "roadmap_courses_milestone_id_roadmap_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."roadmap_milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmap_courses" ADD CONSTRAINT "roadmap_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmap_milestones" ADD CONSTRAINT "roadmap_milestones_roadmap_id_roadmaps_id_fk" FOREIGN KEY ("roadmap_id") REFERENCES "public"."roadmaps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmaps" ADD CONSTRAINT "roadmaps_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmaps" ADD CONSTRAINT "roadmaps_authorization_id_authorizations_id_fk" FOREIGN KEY ("authorization_id") REFERENCES "public"."authorizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificates_name_lower_idx" ON "certificates" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "issued_certificates_user_course_uq" ON "issued_certificates" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_certificates_code_uq" ON "issued_certificates" USING btree ("code");--> statement-breakpoint
CREATE INDEX "issued_certificates_certificate_id_idx" ON "issued_certificates" USING btree ("certificate_id");--> statement-breakpoint
CREATE INDEX "issued_certificates_course_id_idx" ON "issued_certificates" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "issued_certificates_pending_idx" ON "issued_certificates" USING btree ("id") WHERE "issued_certificates"."file_key" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id","question_id") WHERE "notifications"."read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_question_idx" ON "notifications" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "notifications_reply_idx" ON "notifications" USING btree ("reply_id");--> statement-breakpoint
CREATE INDEX "qa_questions_upvotes_idx" ON "qa_questions" USING btree ("upvote_count" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "qa_questions_unanswered_idx" ON "qa_questions" USING btree (("reply_count" > 0),"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "qa_questions_course_idx" ON "qa_questions" USING btree ("course_id","id");--> statement-breakpoint
CREATE INDEX "qa_questions_lesson_idx" ON "qa_questions" USING btree ("lesson_id","id");--> statement-breakpoint
CREATE INDEX "qa_questions_author_idx" ON "qa_questions" USING btree ("author_id","id");--> statement-breakpoint
CREATE INDEX "qa_questions_search_idx" ON "qa_questions" USING gin ("search");--> statement-breakpoint
CREATE INDEX "qa_replies_question_idx" ON "qa_replies" USING btree ("question_id","id");--> statement-breakpoint
CREATE INDEX "qa_upvotes_user_idx" ON "qa_upvotes" USING btree ("user_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roadmap_courses_roadmap_course_uq" ON "roadmap_courses" USING btree ("roadmap_id","course_id");--> statement-breakpoint
CREATE INDEX "roadmap_courses_roadmap_rank_idx" ON "roadmap_courses" USING btree ("roadmap_id","rank");--> statement-breakpoint
CREATE INDEX "roadmap_courses_milestone_id_idx" ON "roadmap_courses" USING btree ("milestone_id");--> statement-breakpoint
CREATE INDEX "roadmap_courses_course_id_idx" ON "roadmap_courses" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "roadmap_milestones_roadmap_id_idx" ON "roadmap_milestones" USING btree ("roadmap_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "roadmaps_branch_authorization_uq" ON "roadmaps" USING btree ("branch_id","authorization_id");--> statement-breakpoint
CREATE INDEX "roadmaps_authorization_id_idx" ON "roadmaps" USING btree ("authorization_id");