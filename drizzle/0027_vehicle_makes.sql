-- Makes an administrator added to the vocabulary in the panel: offers take only known makes.
CREATE TABLE "vehicle_makes" (
	"name" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"added_by" integer,
	CONSTRAINT "vehicle_makes_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "vehicle_makes" ADD CONSTRAINT "vehicle_makes_added_by_staff_members_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;
