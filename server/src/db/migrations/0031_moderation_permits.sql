CREATE TABLE "moderation_permits" (
	"channel_id" bigint NOT NULL,
	"login" text NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "moderation_permits" ADD CONSTRAINT "moderation_permits_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_permits_channel_login_idx" ON "moderation_permits" USING btree ("channel_id","login");