/**
 * The live chat's forms (spec section 3 "Chat": field types textarea, radio, checkbox, rating 1-5,
 * header and input) as data: the widget renders them, the server checks the answers with the same
 * rules, and a filled pre-chat form is kept in the chat as a filled_form event.
 */

import { CONTROL_CHARACTER_FIELD_MESSAGE, hasControlCharacter } from "../input-safety";
import { MSG, maxMessage, minMessage, PATTERNS } from "../lead-forms";

export type ChatFormField =
  | { type: "header"; text: string }
  | {
      type: "input";
      name: string;
      label: string;
      required: boolean;
      /** "email": the spec's e-mail pattern; "name": letters only, 2 characters or more. */
      pattern?: "email" | "name";
      maxLength: number;
    }
  | { type: "textarea"; name: string; label: string; required: boolean; maxLength: number }
  | { type: "radio"; name: string; label: string; required: boolean; options: readonly string[] }
  | { type: "checkbox"; name: string; label: string; required: boolean }
  | { type: "rating"; name: string; label: string; required: boolean };

export interface ChatForm {
  id: "prechat" | "postchat" | "ticket";
  fields: readonly ChatFormField[];
  submit: string;
  /** The form asks for personal data, so it shows the information clause above its button. */
  informs: boolean;
}

const CHOOSE_MESSAGE = "Wybierz jedną z możliwości";
const RATING_MESSAGE = "Wybierz ocenę od 1 do 5";

export type ChatFormValues = Record<string, string | number | boolean>;

/**
 * What the pre-chat and the ticket form tell about the data given in them. The chat needs no consent:
 * the privacy policy gives answering the person's question (art. 6(1)(b) RODO) and our legitimate
 * interest in answering customers (art. 6(1)(f)) as its basis, so the form informs and links the
 * policy instead of asking for a tick the processing does not rest on.
 */
export const CHAT_PRIVACY_CLAUSE =
  "Dane podane w czacie przetwarzamy, aby odpowiedzieć na Twoje pytanie (art. 6 ust. 1 lit. b i f RODO).";

export const chatTopics = [
  "Nowe samochody",
  "Samochody poleasingowe",
  "Aukcje",
  "Finansowanie i leasing",
  "Inny temat",
] as const;

// Fields the pre-chat and the ticket form share.
const NAME_FIELD = {
  type: "input",
  name: "name",
  label: "Imię",
  required: true,
  pattern: "name",
  maxLength: 30,
} as const;
const emailField = (required: boolean) =>
  ({
    type: "input",
    name: "email",
    label: required ? "E-mail" : "E-mail (opcjonalnie)",
    required,
    pattern: "email",
    maxLength: 50,
  }) as const;

export const chatForms = {
  prechat: {
    id: "prechat",
    submit: "Rozpocznij czat",
    informs: true,
    fields: [
      { type: "header", text: "Porozmawiaj z konsultantem" },
      NAME_FIELD,
      emailField(false),
      { type: "radio", name: "topic", label: "Temat rozmowy", required: true, options: chatTopics },
      { type: "textarea", name: "question", label: "Twoje pytanie", required: true, maxLength: 1000 },
    ],
  },
  ticket: {
    id: "ticket",
    submit: "Wyślij wiadomość",
    informs: true,
    fields: [
      { type: "header", text: "Zostaw wiadomość" },
      NAME_FIELD,
      emailField(true),
      { type: "textarea", name: "message", label: "Wiadomość", required: true, maxLength: 2000 },
    ],
  },
  postchat: {
    id: "postchat",
    submit: "Wyślij ocenę",
    informs: false,
    fields: [
      { type: "header", text: "Oceń rozmowę" },
      { type: "rating", name: "rating", label: "Jak oceniasz rozmowę z konsultantem?", required: true },
      {
        type: "textarea",
        name: "comment",
        label: "Komentarz (opcjonalnie)",
        required: false,
        maxLength: 1000,
      },
    ],
  },
} as const satisfies Record<string, ChatForm>;

/**
 * Checks a form's answers. Returns the problems by field name (empty when the answers are good) and
 * the answers cleaned: only the form's own fields, strings trimmed.
 */
export function checkChatForm(
  form: ChatForm,
  input: unknown,
): { errors: Record<string, string>; values: ChatFormValues } {
  const raw = (input && typeof input === "object" ? input : {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const values: ChatFormValues = {};
  for (const f of form.fields) {
    if (f.type === "header") continue;
    const v = raw[f.name];
    if (f.type === "checkbox") {
      const on = v === true;
      if (f.required && !on) errors[f.name] = MSG.consent;
      values[f.name] = on;
    } else if (f.type === "rating") {
      const n = typeof v === "number" ? v : Number.NaN;
      if (Number.isInteger(n) && n >= 1 && n <= 5) values[f.name] = n;
      else if (f.required || (v !== undefined && v !== null && v !== "")) errors[f.name] = RATING_MESSAGE;
    } else {
      const text = typeof v === "string" ? v.trim() : "";
      if (!text) {
        if (f.required) errors[f.name] = f.type === "radio" ? CHOOSE_MESSAGE : MSG.required;
      } else if (f.type === "radio") {
        if (!f.options.includes(text)) errors[f.name] = CHOOSE_MESSAGE;
      } else if (hasControlCharacter(text)) {
        errors[f.name] = CONTROL_CHARACTER_FIELD_MESSAGE;
      } else if (text.length > f.maxLength) {
        errors[f.name] = maxMessage(f.maxLength);
      } else if (f.type === "input" && f.pattern === "email" && !PATTERNS.email.test(text)) {
        errors[f.name] = MSG.email;
      } else if (f.type === "input" && f.pattern === "name") {
        if (!PATTERNS.name.test(text)) errors[f.name] = MSG.name;
        else if (text.length < 2) errors[f.name] = minMessage(2);
      }
      values[f.name] = text;
    }
  }
  return { errors, values };
}
