-- Until this version every start wrote a generated 'opis stanu technicznego' for each auction that
-- had none (the demo generator ran as reference data, before the demo auctions even existed on a
-- first start), including auctions published by the fleet system. A condition report is a statement
-- about a real car, so those made-up reports go (issue 15). They are recognised by the generator's
-- own inspectors and summaries; a report delivered through the offer management API is kept.
DELETE FROM "technical_reports"
WHERE "inspector" IN ('Jan Kowalczyk, rzeczoznawca', 'Marta Zielińska, rzeczoznawca', 'Tomasz Wójcik, rzeczoznawca')
  AND "summary" IN (
    'Pojazd sprawny, wymaga napraw opisanych niżej; cenę wywoławczą ustalono z ich uwzględnieniem.',
    'Pojazd zadbany, ślady użytkowania odpowiednie do wieku i przebiegu.'
  );
