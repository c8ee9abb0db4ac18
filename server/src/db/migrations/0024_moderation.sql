CREATE TABLE "moderation_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "moderation_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel_id" bigint NOT NULL,
	"viewer_id" text NOT NULL,
	"viewer_login" text NOT NULL,
	"viewer_name" text NOT NULL,
	"source" text NOT NULL,
	"filter" text,
	"moderator" text,
	"detail" text DEFAULT '' NOT NULL,
	"excerpt" text NOT NULL,
	"platform_message_id" text,
	"action" text NOT NULL,
	"duration_seconds" integer,
	"ok" boolean NOT NULL,
	"status" integer NOT NULL,
	"answer" text NOT NULL,
	"nuke_id" text,
	"undone_at" timestamp with time zone,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "moderation_log_action_valid" CHECK ("moderation_log"."action" in ('warn','delete','timeout','ban')),
	CONSTRAINT "moderation_log_source_valid" CHECK ("moderation_log"."source" in ('filter','moderator','nuke'))
);
--> statement-breakpoint
CREATE TABLE "moderation_regulars" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "moderation_regulars_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel_id" bigint NOT NULL,
	"login" text NOT NULL,
	"added_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_settings" (
	"channel_id" bigint PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"rights_problem" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "removed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_regulars" ADD CONSTRAINT "moderation_regulars_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_settings" ADD CONSTRAINT "moderation_settings_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_log_channel_idx" ON "moderation_log" USING btree ("channel_id","id");--> statement-breakpoint
CREATE INDEX "moderation_log_viewer_idx" ON "moderation_log" USING btree ("channel_id","viewer_login");--> statement-breakpoint
CREATE INDEX "moderation_log_at_idx" ON "moderation_log" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_regulars_channel_login_idx" ON "moderation_regulars" USING btree ("channel_id","login");