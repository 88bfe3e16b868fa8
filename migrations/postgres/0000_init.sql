CREATE TABLE "games" (
	"id" text PRIMARY KEY NOT NULL,
	"setup" json NOT NULL,
	"token_hashes" json NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" text NOT NULL,
	"finished_at" text
);
--> statement-breakpoint
CREATE TABLE "moves" (
	"game_id" text NOT NULL,
	"seq" integer NOT NULL,
	"seat" integer NOT NULL,
	"move" json NOT NULL,
	"at" text NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	CONSTRAINT "moves_game_id_seq_pk" PRIMARY KEY("game_id","seq")
);
--> statement-breakpoint
ALTER TABLE "moves" ADD CONSTRAINT "moves_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "moves_game_idempotency_key" ON "moves" USING btree ("game_id","idempotency_key") WHERE idempotency_key IS NOT NULL;