CREATE TABLE `challenge_accounts` (
	`account_id` text NOT NULL,
	`challenge_id` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`account_id`, `challenge_id`)
);
--> statement-breakpoint
CREATE INDEX `challenge_accounts_recent` ON `challenge_accounts` (`account_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`challenger_id` text NOT NULL,
	`status` text NOT NULL,
	`options` text NOT NULL,
	`seats` text NOT NULL,
	`game_id` text,
	`version` integer NOT NULL,
	`created_at` text NOT NULL,
	`reason` text
);
--> statement-breakpoint
ALTER TABLE `accounts` ADD `policy` text;