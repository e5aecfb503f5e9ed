-- One spelling per make (issue 14): 'Skoda' and 'Škoda' were two makes ('?makes=Skoda' found none
-- of the 49 Škodas, an alert for one missed the other). Stored makes take the brand's own spelling of
-- src/domain/make-names.ts (MAKE_SPELLINGS, keep the two lists equal); other spellings stay aliases
-- that the application maps on the way in. Offers and car alerts (their makes and match keys) follow.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- "lower" as JavaScript lower-cases (alert keys are built there); lower() of a C locale keeps 'Š'.
CREATE TEMPORARY TABLE "make_spellings" ("make" text PRIMARY KEY, "lower" text NOT NULL, "slug" text);--> statement-breakpoint
INSERT INTO "make_spellings" ("make", "lower") VALUES
  ('Alfa Romeo', 'alfa romeo'),
  ('Audi', 'audi'),
  ('BMW', 'bmw'),
  ('BYD', 'byd'),
  ('Citroën', 'citroën'),
  ('Cupra', 'cupra'),
  ('Dacia', 'dacia'),
  ('DS', 'ds'),
  ('Fiat', 'fiat'),
  ('Ford', 'ford'),
  ('Honda', 'honda'),
  ('Hyundai', 'hyundai'),
  ('Jeep', 'jeep'),
  ('Kia', 'kia'),
  ('Land Rover', 'land rover'),
  ('Lexus', 'lexus'),
  ('Mazda', 'mazda'),
  ('Mercedes-Benz', 'mercedes-benz'),
  ('MG', 'mg'),
  ('Mini', 'mini'),
  ('Mitsubishi', 'mitsubishi'),
  ('Nissan', 'nissan'),
  ('Opel', 'opel'),
  ('Peugeot', 'peugeot'),
  ('Renault', 'renault'),
  ('Seat', 'seat'),
  ('Škoda', 'škoda'),
  ('Subaru', 'subaru'),
  ('Suzuki', 'suzuki'),
  ('Tesla', 'tesla'),
  ('Toyota', 'toyota'),
  ('Volkswagen', 'volkswagen'),
  ('Volvo', 'volvo');--> statement-breakpoint
UPDATE "make_spellings" SET "slug" = lower(public.unaccent(replace("make", ' ', '-')));--> statement-breakpoint
UPDATE "offers" o SET "make" = s."make"
  FROM "make_spellings" s
  WHERE o."make" <> s."make" AND lower(public.unaccent(replace(btrim(o."make"), ' ', '-'))) = s."slug";--> statement-breakpoint
-- An alert's keys carry its makes in lower case as the second part ('n:3|škoda|suv|*|*').
UPDATE "car_alerts" a SET
    "makes" = f."makes",
    "makes_lower" = f."makes_lower",
    "match_keys" = (
      SELECT array_agg(DISTINCT CASE WHEN sp."slug" IS NULL THEN k
        ELSE split_part(k, '|', 1) || '|' || sp."lower" || substr(k, length(split_part(k, '|', 1)) + length(split_part(k, '|', 2)) + 2) END)
      FROM unnest(a."match_keys") k
      LEFT JOIN "make_spellings" sp ON sp."slug" = lower(public.unaccent(replace(split_part(k, '|', 2), ' ', '-'))) AND split_part(k, '|', 2) <> '*'
    )
  FROM (
    SELECT a2."id", array_agg(DISTINCT coalesce(s."make", m)) AS "makes",
      array_agg(DISTINCT coalesce(s."lower", lower(m))) AS "makes_lower"
    FROM "car_alerts" a2, unnest(a2."makes") m
    LEFT JOIN "make_spellings" s ON s."slug" = lower(public.unaccent(replace(btrim(m), ' ', '-')))
    GROUP BY a2."id"
  ) f
  WHERE a."id" = f."id" AND a."makes" IS DISTINCT FROM f."makes";--> statement-breakpoint
DROP TABLE "make_spellings";
