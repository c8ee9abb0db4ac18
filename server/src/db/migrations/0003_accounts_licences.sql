CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_id" bigint,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketing_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mail_id" text NOT NULL,
	"kind" text NOT NULL,
	"url" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pricing_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pricing_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"platform" text DEFAULT 'all' NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "additions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "img" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bio" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "dob" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "social" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notifications" jsonb DEFAULT '{"commentOnArticle":true,"AnswerOnForm":true,"followMe":false,"newAnnouncements":true,"productUpdates":true,"blogDigest":false}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "marketing_events_mail_idx" ON "marketing_events" USING btree ("mail_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "pricing_questions_key" ON "pricing_questions" USING btree ("platform","question");--> statement-breakpoint
CREATE INDEX "licences_status_idx" ON "licences" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "licences_one_active_per_user" ON "licences" USING btree ("user_id") WHERE "status" = 'active';--> statement-breakpoint
CREATE INDEX "licences_active_end_idx" ON "licences" USING btree (("licensebeginning" + "total_days")) WHERE "status" = 'active';--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_list_id_idx" ON "users" USING btree ("id") WHERE "package" <> 'None';--> statement-breakpoint
CREATE INDEX "users_list_username_idx" ON "users" USING btree (lower("username"),"id") WHERE "package" <> 'None';--> statement-breakpoint
CREATE INDEX "users_list_full_name_idx" ON "users" USING btree (lower(coalesce("full_name", '')),"id") WHERE "package" <> 'None';--> statement-breakpoint
CREATE INDEX "users_list_email_idx" ON "users" USING btree ("email","id") WHERE "package" <> 'None';--> statement-breakpoint
CREATE INDEX "users_list_role_idx" ON "users" USING btree ("role","id") WHERE "package" <> 'None';--> statement-breakpoint
CREATE INDEX "users_list_package_idx" ON "users" USING btree ("package","id") WHERE "package" <> 'None';--> statement-breakpoint
CREATE INDEX "users_list_created_idx" ON "users" USING btree ("created_at","id") WHERE "package" <> 'None';--> statement-breakpoint
CREATE INDEX "users_list_username_trgm_idx" ON "users" USING gin (lower("username") gin_trgm_ops) WHERE "package" <> 'None';--> statement-breakpoint
CREATE INDEX "users_list_full_name_trgm_idx" ON "users" USING gin (lower("full_name") gin_trgm_ops) WHERE "package" <> 'None';--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_status_valid" CHECK ("licences"."status" in ('available','assigned','active','superseded','revoked'));--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_total_days_valid" CHECK ("licences"."total_days" between 1 and 36500);