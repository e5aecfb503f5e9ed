-- The company data staff last verified, kept when a verified account changes its NIP or company name
-- (it goes back to verification): the panel shows them beside the new, unchecked data, so an auction
-- is not confirmed to a company under a name nobody checked. null: the current data are the verified ones.
ALTER TABLE "users" ADD COLUMN "verified_company_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verified_nip" text;
