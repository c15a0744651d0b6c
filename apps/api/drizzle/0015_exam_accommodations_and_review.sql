CREATE TABLE "exam_accommodations" (
	"user_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	"extra_time_percent" integer DEFAULT 0 NOT NULL,
	"extra_attempts" integer DEFAULT 0 NOT NULL,
	"granted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_accommodations_pk" PRIMARY KEY("user_id","exam_id"),
	CONSTRAINT "exam_accommodations_extra_time_check" CHECK ("exam_accommodations"."extra_time_percent" BETWEEN 0 AND 300),
	CONSTRAINT "exam_accommodations_extra_attempts_check" CHECK ("exam_accommodations"."extra_attempts" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "exam_attempts" ALTER COLUMN "flags" SET DEFAULT '{"tabLeaves":0,"printScreens":0,"copies":0,"contextMenus":0,"blurs":0}'::jsonb;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "answer_review" varchar(24) DEFAULT 'NEVER' NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_accommodations" ADD CONSTRAINT "exam_accommodations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_accommodations" ADD CONSTRAINT "exam_accommodations_exam_id_exams_lesson_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("lesson_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_accommodations" ADD CONSTRAINT "exam_accommodations_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_accommodations_exam_id_idx" ON "exam_accommodations" USING btree ("exam_id");--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_answer_review_check" CHECK ("exams"."answer_review" IN ('NEVER', 'AFTER_PASSED', 'AFTER_EACH_ATTEMPT'));