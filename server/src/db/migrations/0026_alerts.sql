CREATE TABLE "alert_settings" (
	"channel_id" bigint NOT NULL,
	"type" text NOT NULL,
	"chat" boolean NOT NULL,
	"overlay" boolean NOT NULL,
	"template" text NOT NULL,
	"minimum" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"sound" text,
	"image_url" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_settings_channel_id_type_pk" PRIMARY KEY("channel_id","type"),
	CONSTRAINT "alert_settings_type_valid" CHECK ("alert_settings"."type" in ('follow','sub','resub','gift','cheer','kicks','raid'))
);
--> statement-breakpoint
CREATE TABLE "overlays" (
	"channel_id" bigint PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"hide_bot" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "overlays_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overlays" ADD CONSTRAINT "overlays_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;