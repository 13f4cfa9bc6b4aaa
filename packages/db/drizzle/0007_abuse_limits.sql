CREATE TABLE "model_usage_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"prompt_tokens" bigint DEFAULT 0 NOT NULL,
	"completion_tokens" bigint DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_leases" ADD COLUMN "hold_key" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "prompt_tokens" integer;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "completion_tokens" integer;