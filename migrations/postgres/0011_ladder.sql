CREATE TABLE "ladder_entries" (
	"account_id" text PRIMARY KEY NOT NULL,
	"max_games" integer NOT NULL,
	"joined_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ladder_matches" (
	"id" text PRIMARY KEY NOT NULL,
	"a_id" text NOT NULL,
	"b_id" text NOT NULL,
	"seed" text NOT NULL,
	"game_ids" json NOT NULL,
	"status" text NOT NULL,
	"halves" integer,
	"outcome" json,
	"created_at" text NOT NULL,
	"finished_at" text
);
--> statement-breakpoint
CREATE TABLE "ladder_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ladder_matches_status" ON "ladder_matches" USING btree ("status","finished_at");--> statement-breakpoint
CREATE INDEX "ladder_matches_pair" ON "ladder_matches" USING btree ("a_id","b_id");--> statement-breakpoint
INSERT INTO "ladder_state" ("id", "version") VALUES (1, 0);