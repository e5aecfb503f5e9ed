import { z } from "zod";
import { CONSENT_VERSION } from "./consent";

// Apart from consent.ts, which every page loads without zod.

const flag = (name: string) => z.boolean({ error: `Pole ${name} musi mieć wartość true albo false` });

/** POST /api/Consent body: one consent record. */
export const consentRecordSchema = z.object({
  AnonymousId: z
    .string({ error: "Pole AnonymousId jest wymagane" })
    .regex(/^[A-Za-z0-9-]{8,64}$/, { message: "Pole AnonymousId ma nieprawidłowy format" }),
  Analytics: flag("Analytics"),
  Marketing: flag("Marketing"),
  Version: z
    .number({ error: "Pole Version musi być liczbą" })
    .int({ message: "Pole Version musi być liczbą całkowitą" })
    .min(1, { message: "Pole Version musi być większe od zera" })
    .max(CONSENT_VERSION, { message: "Nieznana wersja polityki cookies" }),
  DecidedAt: z.iso.datetime({ message: "Pole DecidedAt musi być datą w formacie ISO 8601" }),
});
export type ConsentRecordRequest = z.input<typeof consentRecordSchema>;
