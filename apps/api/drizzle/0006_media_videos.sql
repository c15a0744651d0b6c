CREATE TABLE "media_videos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" integer,
	"status" varchar(16) DEFAULT 'UPLOADING' NOT NULL,
	"message" text,
	"original_name" varchar(255) NOT NULL,
	"size_bytes" bigint NOT NULL,
	"year" integer NOT NULL,
	"duration_seconds" integer,
	"width" integer,
	"height" integer,
	"has_audio" boolean DEFAULT false NOT NULL,
	"renditions" varchar(64) DEFAULT '' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"job_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"generated" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_videos_status_check" CHECK ("media_videos"."status" IN ('UPLOADING', 'REJECTED', 'QUEUED', 'ENCODING', 'READY', 'FAILED')),
	CONSTRAINT "media_videos_progress_check" CHECK ("media_videos"."progress" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "media_videos" ADD CONSTRAINT "media_videos_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_videos_encoding_idx" ON "media_videos" USING btree ("status","heartbeat_at");--> statement-breakpoint
CREATE INDEX "media_videos_owner_idx" ON "media_videos" USING btree ("owner_id");