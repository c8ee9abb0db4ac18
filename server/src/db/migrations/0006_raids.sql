CREATE TABLE "raids" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "raids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel_id" bigint NOT NULL,
	"direction" text NOT NULL,
	"other_id" text NOT NULL,
	"other_login" text NOT NULL,
	"other_name" text NOT NULL,
	"state" text NOT NULL,
	"viewers" integer,
	"requested_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"shoutout_at" timestamp with time zone,
	"shoutout" text,
	CONSTRAINT "raids_direction_valid" CHECK ("raids"."direction" in ('outgoing','incoming')),
	CONSTRAINT "raids_state_valid" CHECK ("raids"."state" in ('pending','confirmed','cancelled','received'))
);
--> statement-breakpoint
ALTER TABLE "raids" ADD CONSTRAINT "raids_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "raids_channel_requested_idx" ON "raids" USING btree ("channel_id","requested_at");