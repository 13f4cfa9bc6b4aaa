CREATE TABLE "activity_daily" (
	"day" date NOT NULL,
	"brand" text DEFAULT 'unknown' NOT NULL,
	"metric" text NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_daily_day_brand_metric_pk" PRIMARY KEY("day","brand","metric")
);
--> statement-breakpoint
CREATE TABLE "activity_players" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "activity_players_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "sysconfig_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"previous" jsonb,
	"staff_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "brand" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "brand" text;--> statement-breakpoint
ALTER TABLE "activity_players" ADD CONSTRAINT "activity_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sysconfig_history" ADD CONSTRAINT "sysconfig_history_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sysconfig_history_key_idx" ON "sysconfig_history" USING btree ("key","id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_brand_check" CHECK ("orders"."brand" in ('storyloom', 'playshot'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_brand_check" CHECK ("users"."brand" in ('storyloom', 'playshot'));--> statement-breakpoint
-- The console's player search by the start of an e-mail or a username (lower(x) like 'p%') reads these.
CREATE INDEX "users_email_prefix_idx" ON "users" (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_username_prefix_idx" ON "users" (lower("username") text_pattern_ops);
