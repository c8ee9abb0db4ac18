CREATE TABLE "stream_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stream_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel_id" bigint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"category" text,
	"peak_viewers" integer,
	"viewer_sum" bigint DEFAULT 0 NOT NULL,
	"samples" integer DEFAULT 0 NOT NULL,
	"chat_lines" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "viewer_samples" (
	"session_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"viewers" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follower_events" (
	"channel_id" bigint NOT NULL,
	"follower_id" text NOT NULL,
	"login" text NOT NULL,
	"name" text NOT NULL,
	"followed_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"thanked_at" timestamp with time zone,
	CONSTRAINT "follower_events_channel_id_follower_id_pk" PRIMARY KEY("channel_id","follower_id")
);
--> statement-breakpoint
CREATE TABLE "follower_settings" (
	"channel_id" bigint PRIMARY KEY NOT NULL,
	"thank_you" boolean DEFAULT false NOT NULL,
	"template" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follower_totals" (
	"channel_id" bigint NOT NULL,
	"day" date NOT NULL,
	"total" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "follower_totals_channel_id_day_pk" PRIMARY KEY("channel_id","day")
);
--> statement-breakpoint
ALTER TABLE "stream_sessions" ADD CONSTRAINT "stream_sessions_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewer_samples" ADD CONSTRAINT "viewer_samples_session_id_stream_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."stream_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follower_events" ADD CONSTRAINT "follower_events_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follower_settings" ADD CONSTRAINT "follower_settings_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follower_totals" ADD CONSTRAINT "follower_totals_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stream_sessions_channel_idx" ON "stream_sessions" USING btree ("channel_id","started_at");--> statement-breakpoint
CREATE INDEX "viewer_samples_session_idx" ON "viewer_samples" USING btree ("session_id","at");--> statement-breakpoint
CREATE INDEX "follower_events_time_idx" ON "follower_events" USING btree ("channel_id","followed_at");