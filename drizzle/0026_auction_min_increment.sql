-- An auction's own minimum increment (issue 19, item 3): staff may set a fixed step in whole złoty
-- when scheduling it; null keeps the auction rules' table by price band.
ALTER TABLE "offers" ADD COLUMN "min_increment" integer;
