-- The spec's longest contract is 80 months (section 9, CalculatorProperties' default maximum), and
-- /finansowanie promises it; the first settings offered 84, which that maximum cut off, so the
-- calculator stopped at 72 (issue 14). Installations that still have the first list get 80 instead;
-- a list the company has edited is left alone.
UPDATE "calculator_products" SET "periods" = '[24, 36, 48, 60, 72, 80]'::jsonb
WHERE "periods" = '[24, 36, 48, 60, 72, 84]'::jsonb;
