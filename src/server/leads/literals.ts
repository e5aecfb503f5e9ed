import { LITERAL_DEFAULTS, type Literals } from "../../domain/literals";

/** What the lead pages show of the literals (spec: Literals, kept by the content area). */
export interface LeadLiterals {
  callButtonPhone: string;
  formDisclaimer: string;
}

/** The lead pages' literals; one left blank falls back to the content area's default (phone: the brand's number). */
export function leadLiteralsOf(all: Literals): LeadLiterals {
  return {
    callButtonPhone: all.CallButtonPhone.trim() || LITERAL_DEFAULTS.CallButtonPhone,
    formDisclaimer: all.FormDisclaimer.trim() || LITERAL_DEFAULTS.FormDisclaimer,
  };
}
