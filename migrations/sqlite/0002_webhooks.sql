CREATE TABLE `webhook_deliveries` (
	`game_id` text NOT NULL,
	`id` text NOT NULL,
	`version` integer NOT NULL,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`created_at` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text,
	`last_attempt_at` text,
	`last_status` integer,
	`last_error` text,
	PRIMARY KEY(`game_id`, `id`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due` ON `webhook_deliveries` (`next_attempt_at`,`game_id`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `webhook_deliveries_game` ON `webhook_deliveries` (`game_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `games` ADD `webhook_url` text;--> statement-breakpoint
ALTER TABLE `games` ADD `webhook_secret` text;