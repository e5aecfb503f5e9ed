-- A banner's first day (issue 19, item 6): it shows from then until its end date; null: at once.
ALTER TABLE "banners" ADD COLUMN "slider_start_date" timestamp with time zone;
