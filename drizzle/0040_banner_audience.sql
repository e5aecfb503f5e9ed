-- Who a banner speaks to: a company ('company'), a private buyer ('private') or every visitor ('all').
-- The home page showed a private buyer the companies' banners ("…dla firm"); existing banners keep
-- showing to everyone until the content team says otherwise.
ALTER TABLE "banners" ADD COLUMN "audience" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_audience_check" CHECK ("audience" IN ('company', 'private', 'all'));
