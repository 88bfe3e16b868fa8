ALTER TABLE `games` ADD `analysis` text;--> statement-breakpoint
ALTER TABLE `games` ADD `analysis_started_at` text;