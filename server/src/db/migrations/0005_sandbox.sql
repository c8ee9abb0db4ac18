ALTER TABLE "channels" ADD COLUMN "sandbox" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD COLUMN "sandbox" boolean DEFAULT false NOT NULL;