CREATE TABLE "account_webhooks" (
	"account_id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"cursor" text NOT NULL,
	"next_at" text NOT NULL,
	"lease_until" text,
	"attempts" integer NOT NULL,
	"last_status" integer,
	"last_error" text
);
