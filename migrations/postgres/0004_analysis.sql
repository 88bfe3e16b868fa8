ALTER TABLE "games" ADD COLUMN "analysis" json;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "analysis_started_at" text;