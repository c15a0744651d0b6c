CREATE TABLE "assignment_digests" (
	"manager_id" integer NOT NULL,
	"week" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "assignment_digests_pk" PRIMARY KEY("manager_id","week")
);
--> statement-breakpoint
CREATE TABLE "assignment_people" (
	"assignment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	"due_on" date NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"standing_at" timestamp with time zone,
	CONSTRAINT "assignment_people_pk" PRIMARY KEY("assignment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "assignment_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"assignment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"occasion" varchar(32) NOT NULL,
	"due_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer,
	"roadmap_id" integer,
	"everyone" boolean DEFAULT false NOT NULL,
	"user_ids" integer[] DEFAULT '{}' NOT NULL,
	"department_ids" integer[] DEFAULT '{}' NOT NULL,
	"branch_ids" integer[] DEFAULT '{}' NOT NULL,
	"service_ids" integer[] DEFAULT '{}' NOT NULL,
	"authorization_ids" integer[] DEFAULT '{}' NOT NULL,
	"due_kind" varchar(16) NOT NULL,
	"due_date" date,
	"due_days" integer,
	"reminder_days_before" integer NOT NULL,
	"scope_service_id" integer,
	"scope_branch_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignments_target_check" CHECK (("assignments"."course_id" is null) <> ("assignments"."roadmap_id" is null)),
	CONSTRAINT "assignments_due_kind_check" CHECK ("assignments"."due_kind" in ('DATE', 'AFTER_ASSIGNED', 'AFTER_JOINING'))
);
--> statement-breakpoint
CREATE TABLE "assignment_calendar_tokens" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_calendar_tokens_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "assignment_digests" ADD CONSTRAINT "assignment_digests_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_people" ADD CONSTRAINT "assignment_people_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_people" ADD CONSTRAINT "assignment_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_reminders" ADD CONSTRAINT "assignment_reminders_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_reminders" ADD CONSTRAINT "assignment_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_roadmap_id_roadmaps_id_fk" FOREIGN KEY ("roadmap_id") REFERENCES "public"."roadmaps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_calendar_tokens" ADD CONSTRAINT "assignment_calendar_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_digests_unsent_idx" ON "assignment_digests" USING btree ("week") WHERE "assignment_digests"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "assignment_people_user_idx" ON "assignment_people" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "assignment_people_open_due_idx" ON "assignment_people" USING btree ("due_at") WHERE "assignment_people"."completed_at" is null and "assignment_people"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_reminders_once_uq" ON "assignment_reminders" USING btree ("assignment_id","user_id","occasion");--> statement-breakpoint
CREATE INDEX "assignment_reminders_user_idx" ON "assignment_reminders" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "assignment_reminders_unsent_idx" ON "assignment_reminders" USING btree ("id") WHERE "assignment_reminders"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "assignments_course_id_idx" ON "assignments" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "assignments_roadmap_id_idx" ON "assignments" USING btree ("roadmap_id");