CREATE TABLE "chat_counters" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_counters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel_id" bigint NOT NULL,
	"name" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_commands" ADD COLUMN "aliases" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_commands" ADD COLUMN "availability" text DEFAULT 'always' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_commands" ADD COLUMN "allowed_users" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_commands" ADD COLUMN "denied_users" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_counters" ADD CONSTRAINT "chat_counters_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_counters_channel_name_key" ON "chat_counters" USING btree ("channel_id","name");--> statement-breakpoint
ALTER TABLE "chat_commands" ADD CONSTRAINT "chat_commands_availability_valid" CHECK ("chat_commands"."availability" in ('always','online','offline'));