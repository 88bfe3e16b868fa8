CREATE TABLE `account_games` (
	`account_id` text NOT NULL,
	`game_id` text NOT NULL,
	`seat` integer NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`account_id`, `game_id`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `account_games_recent` ON `account_games` (`account_id`,`created_at`,`game_id`);--> statement-breakpoint
CREATE INDEX `account_games_game` ON `account_games` (`game_id`);--> statement-breakpoint
CREATE TABLE `account_keys` (
	`digest` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`id` text NOT NULL,
	`created_at` text NOT NULL,
	`revoked_at` text
);
--> statement-breakpoint
CREATE INDEX `account_keys_account` ON `account_keys` (`account_id`,`id`);--> statement-breakpoint
CREATE TABLE `accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`kind` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_name_key` ON `accounts` (`name_key`);