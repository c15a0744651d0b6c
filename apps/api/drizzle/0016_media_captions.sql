CREATE TABLE "media_captions" (
	"id" serial PRIMARY KEY NOT NULL,
	"video_id" uuid NOT NULL,
	"language" varchar(35) NOT NULL,
	"label" varchar(64) NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_captions" ADD CONSTRAINT "media_captions_video_id_media_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."media_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_captions_video_language_idx" ON "media_captions" USING btree ("video_id","language");