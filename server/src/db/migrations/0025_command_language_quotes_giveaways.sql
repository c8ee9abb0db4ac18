CREATE TABLE "chat_counters" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_counters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel_id" bigint NOT NULL,
	"name" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "giveaway_draws" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "giveaway_draws_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"giveaway_id" bigint NOT NULL,
	"entry_id" bigint NOT NULL,
	"pool" jsonb NOT NULL,
	"total_tickets" integer NOT NULL,
	"ticket" integer NOT NULL,
	"drawn_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "giveaway_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "giveaway_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"giveaway_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"login" text NOT NULL,
	"name" text NOT NULL,
	"tickets" integer DEFAULT 1 NOT NULL,
	"subscriber" boolean DEFAULT false NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "giveaways" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "giveaways_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel_id" bigint NOT NULL,
	"prize" text NOT NULL,
	"keyword" text,
	"eligibility" text DEFAULT 'everyone' NOT NULL,
	"min_follow_days" integer,
	"max_entries" integer,
	"subscriber_tickets" integer DEFAULT 1 NOT NULL,
	"ends_at" timestamp with time zone,
	"state" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "giveaways_state_valid" CHECK ("giveaways"."state" in ('open','closed')),
	CONSTRAINT "giveaways_eligibility_valid" CHECK ("giveaways"."eligibility" in ('everyone','followers','subscribers'))
);
--> statement-breakpoint
CREATE TABLE "quote_settings" (
	"channel_id" bigint PRIMARY KEY NOT NULL,
	"add_permission" text DEFAULT 'moderator' NOT NULL,
	CONSTRAINT "quote_settings_permission_valid" CHECK ("quote_settings"."add_permission" in ('everyone','subscriber','vip','moderator','broadcaster'))
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quotes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel_id" bigint NOT NULL,
	"number" integer NOT NULL,
	"text" text NOT NULL,
	"game" text,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_commands" ADD COLUMN "aliases" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_commands" ADD COLUMN "availability" text DEFAULT 'always' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_commands" ADD COLUMN "allowed_users" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_commands" ADD COLUMN "denied_users" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_counters" ADD CONSTRAINT "chat_counters_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_draws" ADD CONSTRAINT "giveaway_draws_giveaway_id_giveaways_id_fk" FOREIGN KEY ("giveaway_id") REFERENCES "public"."giveaways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_draws" ADD CONSTRAINT "giveaway_draws_entry_id_giveaway_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."giveaway_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_entries" ADD CONSTRAINT "giveaway_entries_giveaway_id_giveaways_id_fk" FOREIGN KEY ("giveaway_id") REFERENCES "public"."giveaways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaways" ADD CONSTRAINT "giveaways_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_settings" ADD CONSTRAINT "quote_settings_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_counters_channel_name_key" ON "chat_counters" USING btree ("channel_id","name");--> statement-breakpoint
CREATE INDEX "giveaway_draws_giveaway_idx" ON "giveaway_draws" USING btree ("giveaway_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "giveaway_entries_viewer_key" ON "giveaway_entries" USING btree ("giveaway_id","user_id");--> statement-breakpoint
CREATE INDEX "giveaways_channel_idx" ON "giveaways" USING btree ("channel_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "giveaways_one_open_key" ON "giveaways" USING btree ("channel_id") WHERE "giveaways"."state" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_channel_number_key" ON "quotes" USING btree ("channel_id","number");--> statement-breakpoint
ALTER TABLE "chat_commands" ADD CONSTRAINT "chat_commands_availability_valid" CHECK ("chat_commands"."availability" in ('always','online','offline'));