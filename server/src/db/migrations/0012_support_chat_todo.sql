CREATE TABLE "support_chat_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chat_id" bigint NOT NULL,
	"sender_id" bigint NOT NULL,
	"message" text NOT NULL,
	"time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_chat_profiles" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'online' NOT NULL,
	"two_step" boolean DEFAULT false NOT NULL,
	"notifications_on" boolean DEFAULT true NOT NULL,
	"seen_at" timestamp with time zone,
	CONSTRAINT "support_chat_profiles_status_valid" CHECK ("support_chat_profiles"."status" in ('online','offline','busy','away'))
);
--> statement-breakpoint
CREATE TABLE "support_chats" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_chats_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_a" bigint NOT NULL,
	"user_b" bigint NOT NULL,
	"read_a" bigint DEFAULT 0 NOT NULL,
	"read_b" bigint DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_chats_ordered" CHECK ("support_chats"."user_a" < "support_chats"."user_b")
);
--> statement-breakpoint
CREATE TABLE "todo_tasks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "todo_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_id" bigint NOT NULL,
	"title" text NOT NULL,
	"due_date" date,
	"description" text DEFAULT '' NOT NULL,
	"assignee_id" bigint,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_completed" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"is_important" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_chat_messages" ADD CONSTRAINT "support_chat_messages_chat_id_support_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."support_chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_chat_messages" ADD CONSTRAINT "support_chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_chat_profiles" ADD CONSTRAINT "support_chat_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_chats" ADD CONSTRAINT "support_chats_user_a_users_id_fk" FOREIGN KEY ("user_a") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_chats" ADD CONSTRAINT "support_chats_user_b_users_id_fk" FOREIGN KEY ("user_b") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_tasks" ADD CONSTRAINT "todo_tasks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_tasks" ADD CONSTRAINT "todo_tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_chat_messages_chat_idx" ON "support_chat_messages" USING btree ("chat_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_chats_pair_key" ON "support_chats" USING btree ("user_a","user_b");--> statement-breakpoint
CREATE INDEX "support_chats_b_idx" ON "support_chats" USING btree ("user_b");--> statement-breakpoint
CREATE INDEX "todo_tasks_owner_idx" ON "todo_tasks" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "todo_tasks_assignee_idx" ON "todo_tasks" USING btree ("assignee_id","id");