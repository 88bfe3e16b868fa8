CREATE TABLE "account_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tx" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"account_id" text NOT NULL,
	"type" text NOT NULL,
	"data" json NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "account_events_account" ON "account_events" USING btree ("account_id","tx","id");