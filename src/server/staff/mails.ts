import { BRAND } from "../../domain/brand";
import { formatCount, NOUNS } from "../../domain/format";
import { ROLE_NAMES, type StaffRole } from "../../domain/staff/roles";
import type { OutgoingMail } from "../mail/outbox";

/** To a new member (or one whose access an admin reset): the link to set the password. */
export function staffInviteMail(
  to: string,
  name: string,
  role: StaffRole,
  link: string,
  hours: number,
): OutgoingMail {
  return {
    to,
    subject: `Dostęp do panelu ${BRAND.name}`,
    text: `Dzień dobry ${name},\n\nmasz dostęp do panelu pracowników ${BRAND.name} z rolą: ${ROLE_NAMES[role]}. Aby ustawić hasło, otwórz link:\n\n${link}\n\nLink jest ważny przez ${formatCount(hours, NOUNS.hour)} i można go użyć tylko raz. Przy pierwszym logowaniu dodasz drugi składnik: kod z aplikacji uwierzytelniającej w telefonie (np. Google Authenticator, Microsoft Authenticator, Aegis).\n\nJeżeli nie spodziewasz się tej wiadomości, zignoruj ją.\n\nZespół ${BRAND.name}`,
  };
}
