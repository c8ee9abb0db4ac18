ALTER TABLE "channels" ADD COLUMN "status_code" text;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "status_args" jsonb;