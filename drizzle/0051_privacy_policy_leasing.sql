-- The privacy policy's next version names the online leasing applications (ADR 057): their purpose
-- (the preliminary credit assessment, then the analyst's decision and the contract), the legal basis
-- (steps before a contract at the person's request, art. 6(1)(b) RODO), the VAT register as the
-- recipient of the NIP, the automated preliminary decision (art. 22 RODO) and the person's copy and
-- erasure of them. Versions are never edited (ADR 055): this adds one, made from the newest version
-- (which staff may have edited since), changing only the sentences it finds as the default text has
-- them; where an edit changed one, the new words are added as a paragraph of their own instead.
-- The retention period is not text: the policy's table shows it from RETENTION_PERIODS.
INSERT INTO "policy_versions" ("policy", "version", "sections", "created_at", "created_by")
SELECT 'privacy', v."version" + 1,
  v."sections" || jsonb_build_object(
    'cele', CASE WHEN strpos(v."sections"->>'cele', E'\nUstalenie, dochodzenie') > 0
      THEN replace(v."sections"->>'cele', E'\nUstalenie, dochodzenie', E'\n' || l.purpose || E'\nUstalenie, dochodzenie')
      ELSE (v."sections"->>'cele') || E'\n\nCel | Dane | Podstawa prawna\n' || l.purpose END,
    'odbiorcy', CASE WHEN strpos(v."sections"->>'odbiorcy', l.registry_old) > 0
      THEN replace(v."sections"->>'odbiorcy', l.registry_old, l.registry_new)
      ELSE (v."sections"->>'odbiorcy') || E'\n\n- **Ministerstwo Finansów** – ' || l.registry_new END,
    'dobrowolnosc', CASE WHEN strpos(v."sections"->>'dobrowolnosc', l.automated_old) > 0
      THEN replace(replace(v."sections"->>'dobrowolnosc', l.automated_old, l.automated_new),
        'założyć konta ani przeprowadzić rozmowy na czacie', 'założyć konta, przeprowadzić rozmowy na czacie ani rozpatrzyć wniosku leasingowego')
      ELSE (v."sections"->>'dobrowolnosc') || E'\n\n' || l.automated_new END,
    'prawa', replace(v."sections"->>'prawa',
      'zapytania z formularzy, alerty i rozmowy na czacie –',
      'zapytania z formularzy, alerty, rozmowy na czacie i wnioski leasingowe –')
  ),
  now(), 'aktualizacja serwisu: wnioski leasingowe online'
FROM (SELECT "version", "sections" FROM "policy_versions" WHERE "policy" = 'privacy'
      ORDER BY "version" DESC LIMIT 1) v,
  (SELECT
    'Wstępna ocena wniosku leasingowego złożonego online (wstępna decyzja według reguł), decyzja analityka i przygotowanie umowy leasingu lub najmu | Dane firmy (NIP, nazwa, adres, status VAT, data rejestracji, forma prawna), imię, nazwisko, adres e-mail i telefon wnioskodawcy, imię, nazwisko i funkcja osoby, która podpisze umowę, samochód i warunki finansowania, dołączone dokumenty (np. sprawozdanie finansowe), adres IP | Działania przed zawarciem umowy na Twoje żądanie (art. 6 ust. 1 lit. b RODO)' AS purpose,
    'Numer NIP podany przy rejestracji konta, aby pobrać dane firmy z wykazu podatników VAT („biała lista”).' AS registry_old,
    'Numer NIP podany przy rejestracji konta lub we wniosku leasingowym, aby pobrać dane firmy z wykazu podatników VAT („biała lista”) i sprawdzić jej status VAT.' AS registry_new,
    'Nie podejmujemy wobec Ciebie decyzji opartych wyłącznie na zautomatyzowanym przetwarzaniu, w tym profilowaniu, które wywoływałyby skutki prawne lub w podobny sposób istotnie na Ciebie wpływały.' AS automated_old,
    E'Wstępną decyzję o wniosku leasingowym złożonym online podejmujemy automatycznie, według reguł, które oceniają dane firmy z wykazu podatników VAT, samochód i warunki finansowania; jest niezbędna, aby przygotować umowę, o którą prosisz (art. 22 ust. 2 lit. a RODO). Każdy jej powód i to, co mogłoby ją zmienić, widzisz na stronie wniosku. Masz prawo do interwencji człowieka, do przedstawienia własnego stanowiska i do zakwestionowania tej decyzji: napisz na adres [{email-iod}](mailto:{email-iod}), a wniosek rozpatrzy analityk. Decyzję końcową o finansowaniu zawsze podejmuje analityk.\n\nPoza wstępną decyzją o wniosku leasingowym nie podejmujemy wobec Ciebie decyzji opartych wyłącznie na zautomatyzowanym przetwarzaniu, w tym profilowaniu, które wywoływałyby skutki prawne lub w podobny sposób istotnie na Ciebie wpływały.' AS automated_new
  ) l;
