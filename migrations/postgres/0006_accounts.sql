CREATE TABLE "account_games" (
	"account_id" text NOT NULL,
	"game_id" text NOT NULL,
	"seat" integer NOT NULL,
	"created_at" text NOT NULL,
	CONSTRAINT "account_games_account_id_game_id_pk" PRIMARY KEY("account_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "account_keys" (
	"digest" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" text NOT NULL,
	"revoked_at" text
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_games" ADD CONSTRAINT "account_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_games_recent" ON "account_games" USING btree ("account_id","created_at","game_id");--> statement-breakpoint
CREATE INDEX "account_games_game" ON "account_games" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "account_keys_account" ON "account_keys" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_name_key" ON "accounts" USING btree ("name_key");