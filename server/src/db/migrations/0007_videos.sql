CREATE TABLE "channel_clips" (
	"channel_id" bigint NOT NULL,
	"clip_id" text NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"thumbnail_url" text NOT NULL,
	"creator_name" text NOT NULL,
	"video_id" text,
	"view_count" integer NOT NULL,
	"duration_seconds" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "channel_clips_channel_id_clip_id_pk" PRIMARY KEY("channel_id","clip_id")
);
--> statement-breakpoint
CREATE TABLE "channel_videos" (
	"channel_id" bigint NOT NULL,
	"video_id" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"thumbnail_url" text NOT NULL,
	"view_count" integer NOT NULL,
	"duration_seconds" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "channel_videos_channel_id_video_id_pk" PRIMARY KEY("channel_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "media_sync" (
	"channel_id" bigint PRIMARY KEY NOT NULL,
	"synced_at" timestamp with time zone,
	"clips_from" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "channel_clips" ADD CONSTRAINT "channel_clips_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_videos" ADD CONSTRAINT "channel_videos_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_sync" ADD CONSTRAINT "media_sync_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_clips_created_idx" ON "channel_clips" USING btree ("channel_id","created_at");--> statement-breakpoint
CREATE INDEX "channel_videos_created_idx" ON "channel_videos" USING btree ("channel_id","created_at");