CREATE TABLE "storage_deletions" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX "storage_deletions_failed_at_idx" ON "storage_deletions" USING btree ("failed_at");