CREATE TABLE "chat_consultant_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"consultant_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_consultants" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chat_id" integer NOT NULL,
	"kind" text NOT NULL,
	"author" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"payload" jsonb,
	"client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chat_id" integer NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text,
	"topic" text NOT NULL,
	"consultant_id" integer,
	"end_reason" text,
	"rating" integer,
	"rating_comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_consultant_sessions" ADD CONSTRAINT "chat_consultant_sessions_consultant_id_chat_consultants_id_fk" FOREIGN KEY ("consultant_id") REFERENCES "public"."chat_consultants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_events" ADD CONSTRAINT "chat_events_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_files" ADD CONSTRAINT "chat_files_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_consultant_id_chat_consultants_id_fk" FOREIGN KEY ("consultant_id") REFERENCES "public"."chat_consultants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_consultants_email_idx" ON "chat_consultants" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "chat_events_chat_idx" ON "chat_events" USING btree ("chat_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_events_client_idx" ON "chat_events" USING btree ("chat_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chats_token_idx" ON "chats" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "chats_open_idx" ON "chats" USING btree ("status","created_at") WHERE "chats"."status" <> 'ended';