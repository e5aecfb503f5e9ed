-- The chat consultants become staff members with the consultant role (issue 19, item 1). They sign
-- in to the panel (password and second factor) and open the console from there; a console session
-- lives only as long as the panel session it was opened from. A consultant added by the old command
-- keeps the address, name and password, and sets up the second factor at the first panel sign-in.
INSERT INTO "staff_members" ("email", "name", "role", "password_hash")
  SELECT c."email", c."name", 'consultant', c."password_hash" FROM "chat_consultants" c
  WHERE NOT EXISTS (SELECT 1 FROM "staff_members" s WHERE lower(s."email") = lower(c."email"));--> statement-breakpoint
ALTER TABLE "chat_consultants" ADD COLUMN "staff_id" integer REFERENCES "staff_members"("id") ON DELETE CASCADE;--> statement-breakpoint
UPDATE "chat_consultants" c SET "staff_id" = s."id" FROM "staff_members" s WHERE lower(s."email") = lower(c."email");--> statement-breakpoint
ALTER TABLE "chat_consultants" ALTER COLUMN "staff_id" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_consultants_staff_idx" ON "chat_consultants" ("staff_id");--> statement-breakpoint
ALTER TABLE "chat_consultants" DROP COLUMN "password_hash";--> statement-breakpoint
DELETE FROM "chat_consultant_sessions";--> statement-breakpoint
ALTER TABLE "chat_consultant_sessions" ADD COLUMN "staff_session_hash" text NOT NULL REFERENCES "staff_sessions"("token_hash") ON DELETE CASCADE;
