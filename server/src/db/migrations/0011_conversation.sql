CREATE TABLE "conversation_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversation_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"viewer_id" text NOT NULL,
	"viewer_name" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"source" text NOT NULL,
	"rule_id" bigint,
	"latency_ms" integer NOT NULL,
	"error" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "conversation_log_source_valid" CHECK ("conversation_log"."source" in ('rule','model','fallback'))
);
--> statement-breakpoint
CREATE TABLE "conversation_rules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversation_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"pattern" text NOT NULL,
	"answer" text NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"cooldown_seconds" integer DEFAULT 30 NOT NULL,
	"user_cooldown_seconds" integer DEFAULT 0 NOT NULL,
	"permission" text DEFAULT 'everyone' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"use_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_rules_kind_valid" CHECK ("conversation_rules"."kind" in ('keyword','phrase','regex')),
	CONSTRAINT "conversation_rules_permission_valid" CHECK ("conversation_rules"."permission" in ('everyone','subscriber','vip','moderator','broadcaster'))
);
--> statement-breakpoint
CREATE TABLE "conversation_settings" (
	"channel_id" bigint PRIMARY KEY NOT NULL,
	"model_enabled" boolean DEFAULT false NOT NULL,
	"system_prompt" text DEFAULT '' NOT NULL,
	"fallback_answer" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_log" ADD CONSTRAINT "conversation_log_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_rules" ADD CONSTRAINT "conversation_rules_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_settings" ADD CONSTRAINT "conversation_settings_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_log_channel_at_idx" ON "conversation_log" USING btree ("channel_id","at");--> statement-breakpoint
CREATE INDEX "conversation_log_user_at_idx" ON "conversation_log" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "conversation_rules_channel_idx" ON "conversation_rules" USING btree ("channel_id");