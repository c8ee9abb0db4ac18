CREATE TABLE "channel_accounts" (
	"channel_id" bigint NOT NULL,
	"role" text NOT NULL,
	"platform_user_id" text NOT NULL,
	"login" text NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text,
	"scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_accounts_channel_id_role_pk" PRIMARY KEY("channel_id","role"),
	CONSTRAINT "channel_accounts_role_valid" CHECK ("channel_accounts"."role" in ('broadcaster','bot'))
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"platform_user_id" text NOT NULL,
	"login" text NOT NULL,
	"display_name" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"autostart" boolean DEFAULT true NOT NULL,
	"chat_bot" boolean DEFAULT true NOT NULL,
	"category_chat_bot" boolean DEFAULT true NOT NULL,
	"conversation_bot" boolean DEFAULT false NOT NULL,
	"timers" boolean DEFAULT true NOT NULL,
	"raid_announcements" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'stopped' NOT NULL,
	"status_reason" text,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"live_since" timestamp with time zone,
	"category" text,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channels_platform_valid" CHECK ("channels"."platform" in ('twitch','kick')),
	CONSTRAINT "channels_status_valid" CHECK ("channels"."status" in ('stopped','connecting','running','error'))
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"role" text NOT NULL,
	"channel_id" bigint,
	"code_verifier" text,
	"scopes" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel_id" bigint NOT NULL,
	"platform_message_id" text NOT NULL,
	"user_id" text NOT NULL,
	"user_login" text NOT NULL,
	"user_name" text NOT NULL,
	"text" text NOT NULL,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"from_bot" boolean DEFAULT false NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_commands" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_commands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel_id" bigint NOT NULL,
	"trigger" text NOT NULL,
	"response" text NOT NULL,
	"cooldown_seconds" integer DEFAULT 5 NOT NULL,
	"user_cooldown_seconds" integer DEFAULT 0 NOT NULL,
	"permission" text DEFAULT 'everyone' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"category" text,
	"use_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_commands_permission_valid" CHECK ("chat_commands"."permission" in ('everyone','subscriber','vip','moderator','broadcaster'))
);
--> statement-breakpoint
CREATE TABLE "chat_timers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_timers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel_id" bigint NOT NULL,
	"name" text NOT NULL,
	"message" text NOT NULL,
	"interval_minutes" integer NOT NULL,
	"min_lines" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_accounts" ADD CONSTRAINT "channel_accounts_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_commands" ADD CONSTRAINT "chat_commands_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_timers" ADD CONSTRAINT "chat_timers_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channels_platform_user_key" ON "channels" USING btree ("platform","platform_user_id");--> statement-breakpoint
CREATE INDEX "channels_user_idx" ON "channels" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "oauth_states_user_idx" ON "oauth_states" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chat_messages_channel_idx" ON "chat_messages" USING btree ("channel_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_commands_channel_trigger_key" ON "chat_commands" USING btree ("channel_id","trigger");--> statement-breakpoint
CREATE INDEX "chat_timers_channel_idx" ON "chat_timers" USING btree ("channel_id");