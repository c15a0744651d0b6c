CREATE TABLE "assignment_compliance" (
	"assignment_id" integer NOT NULL,
	"service_id" integer,
	"branch_id" integer,
	"department_id" integer,
	"due_on" date,
	"started" boolean NOT NULL,
	"done" boolean NOT NULL,
	"people" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assignment_compliance_refreshes" (
	"id" integer PRIMARY KEY NOT NULL,
	"refreshed_at" timestamp with time zone,
	"day" date
);
--> statement-breakpoint
DROP INDEX "assignment_digests_unsent_idx";--> statement-breakpoint
ALTER TABLE "assignment_digests" ADD COLUMN "skipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assignment_compliance" ADD CONSTRAINT "assignment_compliance_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_compliance_assignment_idx" ON "assignment_compliance" USING btree ("assignment_id");--> statement-breakpoint
CREATE INDEX "assignment_compliance_branch_idx" ON "assignment_compliance" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "assignment_compliance_service_idx" ON "assignment_compliance" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "assignment_people_assignment_open_due_idx" ON "assignment_people" USING btree ("assignment_id","due_at","user_id") WHERE "assignment_people"."completed_at" is null and "assignment_people"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "assignment_digests_unsent_idx" ON "assignment_digests" USING btree ("week") WHERE "assignment_digests"."sent_at" is null and "assignment_digests"."skipped_at" is null;