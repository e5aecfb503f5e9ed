import { type ReactNode, useEffect, useState } from "react";
import { useLocation, useMatches, useNavigate } from "react-router";
import { LITERAL_DEFAULTS } from "../../../domain/literals";
import { configureApiClient } from "../../api-client";
import { CompareBar } from "../../features/catalogue/compare-bar";
import { ChatLauncher } from "../../features/chat/chat-launcher";
import { CookieNotice } from "./cookie-notice";
import { shellOptions, showsMobileSearch } from "./handle";
import type { MakeNavItem } from "./menu-content";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { Toaster, toast } from "./toast";

/** Contact data shown by the shell, from the literals (spec section 3). */
export interface ShellContact {
  phone: string;
  email: string;
  hours: string;
  companyName: string;
  /** The footer's copyright year by the server's clock; unknown on the error page of a failed root loader. */
  year?: number;
}

/** For the error page when even the root loader failed. */
export const shellContactDefaults: ShellContact = {
  phone: LITERAL_DEFAULTS.ContactPhone,
  email: LITERAL_DEFAULTS.ContactEmail,
  hours: LITERAL_DEFAULTS.ContactHours,
  companyName: LITERAL_DEFAULTS.CompanyName,
};

/**
 * The frame of every page (spec section 2 "Global interface"): header with menus, the page, footer,
 * live chat, cookie notice and toasts. A route can ask for a bare page (see handle.ts).
 */
export function Shell(props: { makes: readonly MakeNavItem[]; contact: ShellContact; children: ReactNode }) {
  const { makes, contact, children } = props;
  const { bare, staff, filterButton, filterCount } = shellOptions(useMatches());
  const { pathname } = useLocation();
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false);
  const navigate = useNavigate();
  // The API client's redirects (/login, /404, rules, profile) go through the router, not a reload, and
  // its alerts (spec section 8: 400 and 500 messages) are error toasts instead of blocking dialogs.
  useEffect(() => {
    configureApiClient({
      navigate: (path) => navigate(path),
      alert: (message) => toast({ kind: "error", message, buttonText: "Zamknij" }),
    });
  }, [navigate]);
  // Tells scripts and browser journeys that the page has become interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);

  if (bare) {
    return (
      <>
        {children}
        {staff ? null : <CookieNotice />}
        <Toaster />
      </>
    );
  }
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#tresc"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:shadow-lg"
      >
        Przejdź do treści
      </a>
      <SiteHeader
        makes={makes}
        showSearch={showsMobileSearch(pathname)}
        showFilterButton={filterButton}
        filterCount={filterCount}
        mobileMenuOpen={mobileMenuOpen}
        setMobileMenuOpen={setMobileMenuOpen}
      />
      {/* While the phone menu covers the page, what lies under it is out of reach. */}
      <div id="tresc" tabIndex={-1} className="flex-1 outline-none" inert={mobileMenuOpen}>
        {children}
      </div>
      <SiteFooter contact={contact} inert={mobileMenuOpen} />
      <CompareBar />
      <ChatLauncher />
      <CookieNotice />
      <Toaster />
    </div>
  );
}
