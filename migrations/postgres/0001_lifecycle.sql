ALTER TABLE "games" ADD COLUMN "admin_token_hash" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "visibility" text DEFAULT 'private' NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "seats" json;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "turn_seconds" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "autoplay" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "games_lobby" ON "games" USING btree ("visibility","status","created_at","id");--> statement-breakpoint
CREATE INDEX "games_status_id" ON "games" USING btree ("status","id");