CREATE TABLE "rate_budgets" (
	"budget" text NOT NULL,
	"key" "bytea" NOT NULL,
	"tokens" double precision NOT NULL,
	"at" double precision NOT NULL,
	"per_ms" double precision NOT NULL,
	"burst" double precision NOT NULL,
	"granted" integer NOT NULL,
	CONSTRAINT "rate_budgets_budget_key_pk" PRIMARY KEY("budget","key")
);
