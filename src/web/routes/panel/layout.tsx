import { Form, NavLink, Outlet } from "react-router";
import { BRAND } from "../../../domain/brand";
import { mayUse, type PanelArea, ROLE_NAMES } from "../../../domain/staff/roles";
import type { WorkCounts } from "../../../server/staff/my-work";
import { requireStaff } from "../../features/panel/panel.server";
import type { Route } from "./+types/layout";

export function meta() {
  return [{ name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireStaff(request, context);
  return {
    member: { name: member.name, role: member.role },
    counts: await context.services.staff.workCounts(member),
  };
}

/** The menu's counts of what waits are read again on every navigation, not only after a form. */
export const shouldRevalidate = () => true;

type Counted = keyof WorkCounts;

/** How a count reads beside its screen's name: "Zgłoszenia: 3 do obsłużenia". */
const COUNT_WORDS: Record<Counted, string> = {
  leads: "do obsłużenia",
  verification: "do weryfikacji",
  decisions: "do decyzji",
  chats: "w kolejce",
};

/** The panel's screens, each shown only to the roles that may use it; some with what waits there. */
const SCREENS: { to: string; label: string; area: PanelArea; end?: boolean; count?: Counted }[] = [
  { to: "/panel", label: "Przegląd", area: "overview", end: true },
  { to: "/panel/statystyki", label: "Statystyki", area: "stats" },
  { to: "/panel/zgloszenia", label: "Zgłoszenia", area: "leads", count: "leads" },
  { to: "/panel/wnioski-leasingowe", label: "Wnioski leasingowe", area: "applications" },
  { to: "/panel/reguly-wnioskow", label: "Reguły wniosków", area: "leaseRules" },
  { to: "/panel/oferty", label: "Oferty", area: "offers" },
  { to: "/panel/aukcje", label: "Aukcje", area: "auctions", count: "decisions" },
  { to: "/panel/wydarzenia", label: "Wydarzenia aukcyjne", area: "auctions" },
  { to: "/panel/oplaty-aukcyjne", label: "Opłaty aukcyjne i transport", area: "auctions" },
  { to: "/panel/konta-klientow", label: "Konta klientów", area: "bidders", count: "verification" },
  { to: "/panel/pracownicy", label: "Pracownicy", area: "staff" },
  { to: "/panel/marki", label: "Marki", area: "makes" },
  { to: "/panel/poczta", label: "Poczta wychodząca", area: "leads" },
  { to: "/konsultant", label: "Konsola czatu", area: "chat", count: "chats" },
  { to: "/panel/banery", label: "Banery", area: "content" },
  { to: "/panel/dokumenty", label: "Dokumenty", area: "content" },
  { to: "/panel/teksty", label: "Teksty", area: "content" },
  { to: "/panel/polityki", label: "Polityki", area: "content" },
  { to: "/panel/faq", label: "FAQ", area: "content" },
  { to: "/panel/kalkulator", label: "Kalkulator", area: "content" },
  { to: "/panel/wnioski-rodo", label: "Wnioski RODO", area: "privacy" },
  { to: "/panel/dziennik", label: "Dziennik zmian", area: "audit" },
  { to: "/panel/konto", label: "Moje konto", area: "overview" },
];

/**
 * A screen's count as a badge: drawn from data-count by CSS (so the link's text stays its name), and
 * told to screen readers in the link's name.
 */
function countProps(screen: (typeof SCREENS)[number], counts: WorkCounts) {
  const n = screen.count ? counts[screen.count] : null;
  if (!screen.count || !n) return {};
  return { "aria-label": `${screen.label}: ${n} ${COUNT_WORDS[screen.count]}`, "data-count": String(n) };
}

const badgeClass =
  "after:ml-2 after:inline-block after:min-w-6 after:rounded-full after:bg-red-700 after:px-1.5 after:text-center after:text-xs after:leading-5 after:font-bold after:text-white after:content-[attr(data-count)]";

export default function PanelLayout({ loaderData }: Route.ComponentProps) {
  const { member, counts } = loaderData;
  const link = ({ isActive }: { isActive: boolean }) =>
    `block rounded-md px-3 py-2 font-medium ${isActive ? "bg-brand-600 text-white" : "text-slate-800 hover:bg-slate-200"}`;
  return (
    <div className="min-h-screen bg-slate-100">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="font-bold text-brand-900">{BRAND.name} · panel</p>
          <div className="flex items-center gap-3 text-sm">
            <span>
              <span className="font-semibold">{member.name}</span>{" "}
              <span className="text-slate-600">({ROLE_NAMES[member.role]})</span>
            </span>
            <Form method="post" action="/panel/wyloguj">
              <button
                type="submit"
                className="rounded-md border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-50"
              >
                Wyloguj
              </button>
            </Form>
          </div>
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 lg:flex-row">
        <nav aria-label="Panel" className="lg:w-52 lg:shrink-0">
          <ul className="flex flex-wrap gap-1 lg:flex-col">
            {SCREENS.filter((s) => mayUse(member.role, s.area)).map((s) => (
              <li key={s.to}>
                <NavLink
                  to={s.to}
                  end={s.end}
                  className={(state) => `${link(state)} ${s.count ? badgeClass : ""}`}
                  {...countProps(s, counts)}
                >
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main className="min-w-0 flex-1">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
