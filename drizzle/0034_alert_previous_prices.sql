-- A price-drop e-mail shows the price before the fall next to the new one. The job queued with the
-- fall keeps the offer's prices in force just before it (as the lists show them: company cash netto,
-- private cash brutto, the lowest instalment netto), and each match it makes copies them, so the
-- digest states the old price in the unit of the alert's own price line. Null for a new offer.
ALTER TABLE "car_alert_jobs" ADD COLUMN "previous_cash_netto" integer;--> statement-breakpoint
ALTER TABLE "car_alert_jobs" ADD COLUMN "previous_cash_brutto" integer;--> statement-breakpoint
ALTER TABLE "car_alert_jobs" ADD COLUMN "previous_installment_netto" integer;--> statement-breakpoint
ALTER TABLE "car_alert_matches" ADD COLUMN "previous_cash_netto" integer;--> statement-breakpoint
ALTER TABLE "car_alert_matches" ADD COLUMN "previous_cash_brutto" integer;--> statement-breakpoint
ALTER TABLE "car_alert_matches" ADD COLUMN "previous_installment_netto" integer;
