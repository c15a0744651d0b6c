CREATE TABLE "xapi_activities" (
	"id" text PRIMARY KEY NOT NULL,
	"definition" jsonb,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xapi_attachments" (
	"sha2" varchar(128) PRIMARY KEY NOT NULL,
	"content_type" varchar(255) NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xapi_credentials" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" varchar(64) NOT NULL,
	"secret_hash" varchar(64) NOT NULL,
	"name" varchar(200) NOT NULL,
	"can_read" boolean DEFAULT true NOT NULL,
	"can_write" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "xapi_documents" (
	"kind" varchar(16) NOT NULL,
	"activity_id" text NOT NULL,
	"agent_key" text NOT NULL,
	"registration" text NOT NULL,
	"doc_id" text NOT NULL,
	"content_type" varchar(255) NOT NULL,
	"content" "bytea" NOT NULL,
	"etag" varchar(64) NOT NULL,
	"updated" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "xapi_documents_kind_activity_id_agent_key_registration_doc_id_pk" PRIMARY KEY("kind","activity_id","agent_key","registration","doc_id")
);
--> statement-breakpoint
CREATE TABLE "xapi_statements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"stored" timestamp (3) with time zone NOT NULL,
	"statement" jsonb NOT NULL,
	"actor_key" text NOT NULL,
	"verb_id" text NOT NULL,
	"object_activity_id" text,
	"object_agent_key" text,
	"object_statement_id" uuid,
	"registration" uuid,
	"related_agents" text[] NOT NULL,
	"related_activities" text[] NOT NULL,
	"voided" boolean DEFAULT false NOT NULL,
	"voiding" boolean DEFAULT false NOT NULL,
	"attachment_hashes" text[] NOT NULL,
	"credential_id" integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX "xapi_credentials_key_idx" ON "xapi_credentials" USING btree ("key");--> statement-breakpoint
CREATE INDEX "xapi_documents_updated_idx" ON "xapi_documents" USING btree ("kind","activity_id","agent_key","updated");--> statement-breakpoint
CREATE UNIQUE INDEX "xapi_statements_seq_idx" ON "xapi_statements" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "xapi_statements_actor_idx" ON "xapi_statements" USING btree ("actor_key","seq");--> statement-breakpoint
CREATE INDEX "xapi_statements_verb_idx" ON "xapi_statements" USING btree ("verb_id","seq");--> statement-breakpoint
CREATE INDEX "xapi_statements_activity_idx" ON "xapi_statements" USING btree ("object_activity_id","seq");--> statement-breakpoint
CREATE INDEX "xapi_statements_object_agent_idx" ON "xapi_statements" USING btree ("object_agent_key","seq");--> statement-breakpoint
CREATE INDEX "xapi_statements_registration_idx" ON "xapi_statements" USING btree ("registration","seq");--> statement-breakpoint
CREATE INDEX "xapi_statements_target_idx" ON "xapi_statements" USING btree ("object_statement_id");--> statement-breakpoint
CREATE INDEX "xapi_statements_stored_idx" ON "xapi_statements" USING btree ("stored");--> statement-breakpoint
CREATE INDEX "xapi_statements_related_agents_idx" ON "xapi_statements" USING gin ("related_agents");--> statement-breakpoint
CREATE INDEX "xapi_statements_related_activities_idx" ON "xapi_statements" USING gin ("related_activities");