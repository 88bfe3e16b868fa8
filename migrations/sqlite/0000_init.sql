CREATE TABLE `games` (
	`id` text PRIMARY KEY NOT NULL,
	`setup` text NOT NULL,
	`token_hashes` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` text NOT NULL,
	`finished_at` text
);
--> statement-breakpoint
CREATE TABLE `moves` (
	`game_id` text NOT NULL,
	`seq` integer NOT NULL,
	`seat` integer NOT NULL,
	`move` text NOT NULL,
	`at` text NOT NULL,
	`idempotency_key` text,
	`request_hash` text,
	PRIMARY KEY(`game_id`, `seq`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `moves_game_idempotency_key` ON `moves` (`game_id`,`idempotency_key`) WHERE idempotency_key IS NOT NULL;