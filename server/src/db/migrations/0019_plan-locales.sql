ALTER TABLE "plans" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "pricing_questions" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;