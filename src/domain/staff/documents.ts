import { z } from "zod";
import { DOCUMENTS, type DocumentKey } from "../documents";
import { todayInPoland } from "../polish-time";

/**
 * A new version of one of the site's documents: the content team uploads the PDF
 * and says from which day it is in force (empty: at once). A version dated later waits: the site goes
 * on serving the one in force until that day begins in Polish time.
 */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A PDF begins with "%PDF-" (whatever the name or the browser's type says). */
export const isPdf = (bytes: Uint8Array): boolean =>
  bytes.length > 5 && String.fromCharCode(...bytes.subarray(0, 5)) === "%PDF-";

/** A new version of a document; `now` is the clock's time (it takes effect today or later). */
export const documentUploadSchema = (now: Date) =>
  z.object({
    Kind: z.enum(Object.keys(DOCUMENTS) as [DocumentKey, ...DocumentKey[]], { error: "Wybierz dokument" }),
    File: z
      .instanceof(File, { error: "Wybierz plik PDF" })
      .refine((f) => f.size > 0, "Wybierz plik PDF")
      .refine((f) => f.size <= DOCUMENT_MAX_BYTES, "Plik może mieć najwyżej 10 MB"),
    EffectiveFrom: z
      .string()
      .optional()
      .refine((v) => !v || DATE.test(v), "Podaj datę w formacie dd.mm.rrrr")
      .refine((v) => !v || v >= todayInPoland(now), "Data nie może być wcześniejsza niż dzisiejsza"),
  });
