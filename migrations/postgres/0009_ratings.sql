CREATE TABLE "account_ratings" (
	"account_id" text PRIMARY KEY NOT NULL,
	"mu" double precision,
	"sigma" double precision,
	"rating" double precision NOT NULL,
	"games" integer NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rated_games" (
	"game_id" text PRIMARY KEY NOT NULL,
	"at" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "account_ratings_board" ON "account_ratings" USING btree ("rating","account_id");