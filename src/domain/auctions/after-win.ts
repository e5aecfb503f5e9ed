import { z } from "zod";
import { REQUIRED } from "../account";
import { formatDate } from "../format";
import { polishLocalTime } from "../polish-time";
import { VOIVODESHIPS } from "./costs";

/**
 * After the win (ADR 066): the steps between an auction's end and the car leaving the yard, as the
 * winner follows them and staff set them. Staff issue the pro-forma invoice, then confirm the payment,
 * then say the documents are ready; beside them staff offer pick-up slots and the winner books one.
 */
export const AFTER_WIN_STEPS = ["proForma", "payment", "documents", "pickUp"] as const;
export type AfterWinStep = (typeof AFTER_WIN_STEPS)[number];

/** A step's heading on the winner's page. */
export const AFTER_WIN_STEP_TITLES: Record<AfterWinStep, string> = {
  proForma: "Faktura pro forma",
  payment: "Wpłata",
  documents: "Dokumenty",
  pickUp: "Odbiór samochodu",
};

/** A step's name once done, as the winner and staff read it (with its date after it). */
export const AFTER_WIN_STEP_NAMES: Record<AfterWinStep, string> = {
  proForma: "Faktura pro forma wystawiona",
  payment: "Wpłata otrzymana",
  documents: "Dokumenty gotowe",
  pickUp: "Odbiór umówiony",
};

/** What a step not yet done waits for, in the winner's words. */
export const AFTER_WIN_STEP_WAITING: Record<AfterWinStep, string> = {
  proForma: "Przygotowujemy fakturę pro forma.",
  payment: "Czekamy na wpłatę według faktury pro forma.",
  documents: "Przygotujemy dokumenty samochodu po zaksięgowaniu wpłaty.",
  pickUp: "Zaproponujemy terminy odbioru, z których wybierzesz jeden.",
};

/** The steps staff set in the panel (the pick-up is booked by the winner from the offered slots). */
export type StaffStep = Exclude<AfterWinStep, "pickUp">;

/** What each of staff's steps needs done before it: the order of a sale. */
const NEEDS: Record<StaffStep, StaffStep | null> = {
  proForma: null,
  payment: "proForma",
  documents: "payment",
};

export const AFTER_WIN_REFUSALS = {
  done: "Ten krok jest już ustawiony.",
  proForma: "Najpierw wystaw fakturę pro forma.",
  payment: "Najpierw potwierdź otrzymanie wpłaty.",
  notWon: "Po tej aukcji nie ma zwycięzcy, któremu można ustawić kroki po wygranej.",
  booked: "Odbiór jest już umówiony: kolejnych terminów nie trzeba proponować.",
  slotGone: "Ten termin odbioru już minął albo nie jest już dostępny. Wybierz inny.",
  noProForma: "Faktura pro forma nie jest jeszcze wystawiona.",
} as const;

/** Why staff may not set `step` now (null: they may), given the moments of the steps already set. */
export function staffStepRefusal(
  step: StaffStep,
  done: Partial<Record<StaffStep, Date | null>>,
): string | null {
  if (done[step]) return AFTER_WIN_REFUSALS.done;
  const needs = NEEDS[step];
  if (needs && !done[needs]) return AFTER_WIN_REFUSALS[needs === "proForma" ? "proForma" : "payment"];
  return null;
}

/** The pro-forma's number: one per auction (its number), in the year it was issued. */
export const proFormaNumber = (auctionId: number, issuedAt: Date) =>
  `PF/${polishYear(issuedAt)}/${auctionId}`;

/** The year in Poland ("31.12.2026, 23:30" UTC is already 2027 there). */
const polishYear = (d: Date) => formatDate(d).slice(-4);

const apiTime = z.string().describe("RRRR-MM-DD GG:mm:SS, czas polski.");

const slotSchema = z.object({
  SlotId: z.number().int(),
  Start: apiTime,
  StartUtc: z.string().describe("Ta sama chwila w ISO 8601."),
  Place: z.string(),
});
export type PickUpSlot = z.infer<typeof slotSchema>;

/** GET /api/WonAuctions/AfterWin and each tile of GET /api/WonAuctions/Get: the winner's steps. */
export const afterWinSchema = z.object({
  AuctionId: z.number().int(),
  Steps: z.array(
    z.object({
      Step: z.enum(AFTER_WIN_STEPS),
      Done: z.boolean(),
      At: apiTime.nullable().describe("Kiedy krok ustawiono; null: jeszcze nie."),
    }),
  ),
  ProForma: z
    .object({
      Number: z.string(),
      TotalBrutto: z.number().int(),
      Delivery: z.string().describe("Odbiór własny albo transport do województwa."),
    })
    .nullable()
    .describe("Wystawiona faktura pro forma (PDF: GET /api/WonAuctions/ProForma); null: jeszcze nie."),
  PickUpSlots: z.array(slotSchema).describe("Terminy odbioru zaproponowane przez nas, jeszcze nie minione."),
  PickUp: slotSchema.nullable().describe("Termin odbioru wybrany przez zwycięzcę."),
});
export type AfterWin = z.infer<typeof afterWinSchema>;

/** POST /api/WonAuctions/PickUp: the winner books one of the offered slots. */
export const pickUpBookingSchema = z.strictObject({
  AuctionId: z
    .number({ error: "Podaj numer aukcji." })
    .int()
    .positive()
    .max(2 ** 31 - 1),
  SlotId: z
    .number({ error: "Wybierz termin odbioru." })
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** The pro-forma's delivery in words: "odbiór własny: Warszawa" or "transport (woj. mazowieckie)". */
export function deliveryText(transportTo: string | null, pickUpCity: string | null): string {
  if (transportTo) return `transport (woj. ${transportTo})`;
  return pickUpCity ? `odbiór własny: ${pickUpCity}` : "odbiór własny";
}

/** The panel's pro-forma form: pick-up at the car's place ("odbior") or transport to a voivodeship. */
export const proFormaFormSchema = z.object({
  Delivery: z.enum(["odbior", ...VOIVODESHIPS], { error: "Wybierz odbiór własny albo województwo" }),
});

/** The panel's form of a pick-up slot: a moment (Polish time) after `now`, and the place. */
export const pickUpSlotFormSchema = (now: Date) =>
  z
    .object({
      SlotStart: z
        .string({ error: REQUIRED })
        .min(1, REQUIRED)
        .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Podaj datę i godzinę (dd.mm.rrrr gg:mm)"),
      SlotPlace: z
        .string({ error: REQUIRED })
        .trim()
        .min(1, REQUIRED)
        .min(3, "Podaj miejsce odbioru (co najmniej 3 znaki)")
        .max(200, "Miejsce odbioru może mieć najwyżej 200 znaków"),
    })
    .superRefine((v, ctx) => {
      if (polishLocalTime(v.SlotStart).getTime() <= now.getTime())
        ctx.addIssue({
          code: "custom",
          path: ["SlotStart"],
          message: "Termin odbioru musi być w przyszłości",
        });
    });
export type PickUpSlotInput = z.output<ReturnType<typeof pickUpSlotFormSchema>>;
