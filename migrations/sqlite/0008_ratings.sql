CREATE TABLE `account_ratings` (
	`account_id` text PRIMARY KEY NOT NULL,
	`mu` real,
	`sigma` real,
	`rating` real NOT NULL,
	`games` integer NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `account_ratings_board` ON `account_ratings` (`rating`,`account_id`);--> statement-breakpoint
CREATE TABLE `rated_games` (
	`game_id` text PRIMARY KEY NOT NULL,
	`at` text NOT NULL
);
