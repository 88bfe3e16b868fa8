ALTER TABLE `games` ADD `admin_token_hash` text;--> statement-breakpoint
ALTER TABLE `games` ADD `visibility` text DEFAULT 'private' NOT NULL;--> statement-breakpoint
ALTER TABLE `games` ADD `seats` text;--> statement-breakpoint
ALTER TABLE `games` ADD `turn_seconds` integer;--> statement-breakpoint
ALTER TABLE `games` ADD `autoplay` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `games_lobby` ON `games` (`visibility`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `games_status_id` ON `games` (`status`,`id`);