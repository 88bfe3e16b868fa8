CREATE TABLE "webhook_deliveries" (
	"game_id" text NOT NULL,
	"id" text NOT NULL,
	"version" integer NOT NULL,
	"type" text NOT NULL,
	"payload" json NOT NULL,
	"created_at" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" text,
	"last_attempt_at" text,
	"last_status" integer,
	"last_error" text,
	CONSTRAINT "webhook_deliveries_game_id_id_pk" PRIMARY KEY("game_id","id")
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "webhook_url" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "webhook_secret" text;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due" ON "webhook_deliveries" USING btree ("next_attempt_at","game_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_game" ON "webhook_deliveries" USING btree ("game_id","created_at");