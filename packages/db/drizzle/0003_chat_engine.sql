CREATE TABLE "chat_leases" (
	"user_id" integer NOT NULL,
	"story_id" text NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_leases_user_id_story_id_pk" PRIMARY KEY("user_id","story_id")
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "reasoning" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "stopped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "alternatives" jsonb;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "alt_index" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_leases" ADD CONSTRAINT "chat_leases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_leases" ADD CONSTRAINT "chat_leases_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE no action ON UPDATE no action;