import { ConsultantConsole } from "../../features/chat/consultant-console";
import { pageTitle } from "../../seo";

/** The consultants' console stands alone: no site navigation, footer or customer chat. */
export const handle = { hideShell: true };

export function meta() {
  return [{ title: pageTitle("Konsola konsultanta") }, { name: "robots", content: "noindex, nofollow" }];
}

export default function ConsultantPage() {
  return <ConsultantConsole />;
}
