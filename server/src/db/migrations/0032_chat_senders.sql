CREATE TABLE "chat_senders" (
	"channel_id" bigint NOT NULL,
	"platform_message_id" text NOT NULL,
	"account_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_senders_channel_id_platform_message_id_pk" PRIMARY KEY("channel_id","platform_message_id")
);
--> statement-breakpoint
ALTER TABLE "chat_senders" ADD CONSTRAINT "chat_senders_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_senders" ADD CONSTRAINT "chat_senders_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_senders_channel_created_idx" ON "chat_senders" USING btree ("channel_id","created_at");