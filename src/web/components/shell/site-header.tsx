import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { BRAND } from "../../../domain/brand";
import { countOffers } from "../../../domain/format";
import { useFavourites } from "../../features/catalogue/favourites";
import { StorageKeys } from "../../lib/storage";
import { useStoredItem } from "../../lib/use-stored-item";
import {
  ChevronDownIcon,
  CloseIcon,
  FilterIcon,
  GavelIcon,
  HeartIcon,
  MenuIcon,
  SearchIcon,
  UserIcon,
} from "./icons";
import { LinkItems } from "./link-items";
import { accountLinks, type NavLink } from "./links";
import { BrandsMenuContent, type MakeNavItem, OfferMenuContent } from "./menu-content";
import { parseActiveFiltersCount, requestOpenFilters } from "./mobile-filters";
import { useScrollLock } from "./scroll-lock";
import { SearchBox } from "./search-box";
import { useDismiss } from "./use-dismiss";
import { UserMenu, useLogout } from "./user-menu";

type Submenu = "offer" | "brands";

export function Logo() {
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2" aria-label={`${BRAND.name}, strona główna`}>
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#1652c8" />
        <path d="M9 23V9h13v3.2h-9.2v2.6h8v3.1h-8V23z" fill="#fff" />
        <circle cx="24" cy="22" r="2.4" fill="#f59e0b" />
      </svg>
      <span className="text-xl font-black tracking-tight text-brand-900">{BRAND.name}</span>
    </Link>
  );
}

/** A desktop dropdown of the top navigation (disclosure pattern: a button with aria-expanded). */
function NavDropdown(props: {
  label: string;
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
  panelClassName: string;
  children: ReactNode;
}) {
  const { label, open, onToggle, onClose, panelClassName, children } = props;
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useDismiss(open, container, button, onClose);
  return (
    <div ref={container}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onToggle}
        className={`flex items-center gap-1 rounded-lg px-3 py-2 font-semibold hover:bg-slate-100 ${
          open ? "text-brand-700" : "text-slate-800"
        }`}
      >
        {label}
        <ChevronDownIcon className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className={`absolute top-full mt-px rounded-b-xl border border-slate-200 bg-white p-6 shadow-xl ${panelClassName}`}
      >
        {children}
      </div>
    </div>
  );
}

/** A count on a header button's corner, for the eye only (the button's name says it); none at zero. */
function CountBadge({ count, testId, className }: { count: number; testId: string; className: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid={testId}
      className={`absolute -top-0.5 min-w-5 rounded-full px-1 text-center text-xs leading-5 font-bold ${className}`}
    >
      {count}
    </span>
  );
}

/** Phones show only the heart, desktops add the word; the name always tells the count. */
function FavoritesLink() {
  const count = useFavourites().length;
  return (
    // The name comes from the text itself (no aria-label, so it cannot drift from what is visible):
    // "Ulubione" (visible from 1024 px, for screen readers always) and the count as words; the badge
    // digit is decoration for the eye.
    <Link
      to="/ulubione"
      className="relative flex items-center gap-2 rounded-lg px-2 py-2 font-semibold text-slate-800 hover:bg-slate-100 lg:px-3"
    >
      <HeartIcon className="size-6" />
      {/* Named from 1280 px: at 1024 px the header's row is full (the heart and its count stay). */}
      <span className="sr-only xl:not-sr-only">Ulubione</span>
      {count > 0 && <span className="sr-only">{` ${countOffers(count)}`}</span>}
      <CountBadge count={count} testId="favorites-count" className="left-5 bg-accent-500 text-slate-900" />
    </Link>
  );
}

/** The phone's filter button of the list screens (spec section 2), with the active-filter count. */
function FilterButton({ initialCount }: { initialCount: number }) {
  // The list stores its count once it runs (also while a new filter loads); until then the count of
  // the server's render.
  const stored = useStoredItem(StorageKeys.activeFiltersCount);
  const count = stored == null ? initialCount : parseActiveFiltersCount(stored);
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onClick={requestOpenFilters}
      className="relative rounded-lg p-2 text-slate-800 hover:bg-slate-100"
    >
      <FilterIcon className="size-6" />
      <span className="sr-only">Filtry{count > 0 ? `, aktywne: ${count}` : ""}</span>
      <CountBadge count={count} testId="active-filters-count" className="right-0 bg-brand-600 text-white" />
    </button>
  );
}

/** The stored sign-in state: a name when an access token is stored, null otherwise. */
function useSignedInName(): string | null {
  const token = useStoredItem(StorageKeys.accessToken);
  const name = useStoredItem(StorageKeys.userName);
  if (!token) return null;
  return name?.trim() || "Moje konto";
}

export interface SiteHeaderProps {
  makes: readonly MakeNavItem[];
  showSearch: boolean;
  showFilterButton: boolean;
  /** The active-filter count of the server's render (see FilterButton). */
  filterCount?: number;
  mobileMenuOpen: boolean;
  setMobileMenuOpen: (open: boolean) => void;
}

export function SiteHeader({
  makes,
  showSearch,
  showFilterButton,
  filterCount = 0,
  mobileMenuOpen,
  setMobileMenuOpen,
}: SiteHeaderProps) {
  const location = useLocation();
  const [searchOpen, setSearchOpen] = useState(false);
  const searchButton = useRef<HTMLButtonElement>(null);
  const userName = useSignedInName();
  const closeMobileMenu = useCallback(() => setMobileMenuOpen(false), [setMobileMenuOpen]);

  // A new page closes whatever was open (the main menu's dropdowns close themselves).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    setSearchOpen(false);
    setMobileMenuOpen(false);
  }, [location.pathname, location.search]);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <div className="relative mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 lg:gap-4 lg:px-6">
        <Logo />
        <MainNav makes={makes} />

        <SearchBox id="szukaj-pojazdu-naglowek" className="ml-auto hidden w-56 lg:block xl:w-80" />
        <div className="ml-auto flex items-center gap-1 lg:ml-0 lg:gap-2">
          {showSearch && (
            <button
              ref={searchButton}
              type="button"
              aria-expanded={searchOpen}
              aria-controls="wyszukiwarka-mobilna"
              onClick={() => {
                setSearchOpen((o) => !o);
                setMobileMenuOpen(false);
              }}
              className="rounded-lg p-2 text-slate-800 hover:bg-slate-100 lg:hidden"
            >
              <SearchIcon className="size-6" />
              <span className="sr-only">Szukaj</span>
            </button>
          )}
          {showFilterButton && (
            <div className="lg:hidden">
              <FilterButton initialCount={filterCount} />
            </div>
          )}
          <FavoritesLink />
          <Link
            to="/aukcje-samochodowe"
            className="hidden items-center gap-2 rounded-lg bg-accent-500 px-4 py-2 font-bold text-slate-900 hover:bg-amber-400 lg:flex"
          >
            <GavelIcon className="size-5" />
            Aukcje
          </Link>
          <div className="hidden lg:block">
            <AccountEntry userName={userName} />
          </div>
          <button
            type="button"
            aria-expanded={mobileMenuOpen}
            aria-controls="menu-mobilne"
            onClick={() => {
              setMobileMenuOpen(!mobileMenuOpen);
              setSearchOpen(false);
            }}
            className="rounded-lg p-2 text-slate-800 hover:bg-slate-100 lg:hidden"
            data-mobile-menu-button
          >
            {mobileMenuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
            <span className="sr-only">Menu</span>
          </button>
        </div>
      </div>

      {showSearch && (
        <MobileSearch
          open={searchOpen}
          onClose={() => {
            setSearchOpen(false);
            searchButton.current?.focus();
          }}
        />
      )}
      <MobileMenu open={mobileMenuOpen} onClose={closeMobileMenu} makes={makes} userName={userName} />
    </header>
  );
}

/** The desktop's main menu: the offer and brands dropdowns, one open at a time, and the contact page. */
function MainNav({ makes }: { makes: readonly MakeNavItem[] }) {
  const location = useLocation();
  const [submenu, setSubmenu] = useState<Submenu | null>(null);
  const closeSubmenu = useCallback(() => setSubmenu(null), []);
  // Each dropdown of the main menu is open while it is the submenu; its button toggles it.
  const dropdown = (which: Submenu) => ({
    open: submenu === which,
    onToggle: () => setSubmenu((current) => (current === which ? null : which)),
    onClose: closeSubmenu,
  });

  // A new page closes the open dropdown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    setSubmenu(null);
  }, [location.pathname, location.search]);

  return (
    <nav aria-label="Menu główne" className="ml-4 hidden items-center gap-1 lg:flex">
      <NavDropdown
        label="Oferta"
        {...dropdown("offer")}
        panelClassName="left-6 w-max max-w-[calc(100vw-3rem)]"
      >
        <OfferMenuContent idPrefix="menu-oferta" shown={submenu === "offer"} />
      </NavDropdown>
      <NavDropdown label="Marki" {...dropdown("brands")} panelClassName="left-6 w-[44rem]">
        <BrandsMenuContent makes={makes} />
      </NavDropdown>
      <Link to="/kontakt" className="rounded-lg px-3 py-2 font-semibold text-slate-800 hover:bg-slate-100">
        Kontakt
      </Link>
    </nav>
  );
}

/** The desktop's account entry: the signed-in visitor's menu, or the way to sign in. */
function AccountEntry({ userName }: { userName: string | null }) {
  if (userName) return <UserMenu userName={userName} />;
  return (
    <Link
      to="/login"
      className="flex items-center gap-2 rounded-lg border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
    >
      <UserIcon className="size-5" />
      Zaloguj się
    </Link>
  );
}

/** The phone's search overlay under the navigation bar (spec section 2): the catalogue search. */
function MobileSearch({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <div
      id="wyszukiwarka-mobilna"
      hidden={!open}
      className="border-t border-slate-200 bg-white px-4 py-3 lg:hidden"
    >
      <SearchBox id="szukaj-pojazdu" autoFocus={open} onEscape={onClose} />
    </div>
  );
}

/** The phone menu's links under its sections. */
const mobileLinks: readonly NavLink[] = [
  { to: "/aukcje-samochodowe", label: "Aukcje samochodowe" },
  { to: "/kontakt", label: "Kontakt" },
  { to: "/ulubione", label: "Ulubione" },
];

function MobileMenu(props: {
  open: boolean;
  onClose: () => void;
  makes: readonly MakeNavItem[];
  userName: string | null;
}) {
  const { open, onClose, makes, userName } = props;
  const [section, setSection] = useState<Submenu | null>(null);
  const logout = useLogout();
  useScrollLock(open);

  useEffect(() => {
    if (!open) {
      setSection(null);
      return;
    }
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      onClose();
      document.querySelector<HTMLButtonElement>("[data-mobile-menu-button]")?.focus();
    };
    // Growing past the phone layout hides the panel: let go of the scroll lock too.
    const desktop = window.matchMedia("(min-width: 1024px)");
    const onWide = () => desktop.matches && onClose();
    document.addEventListener("keydown", onKeyDown);
    desktop.addEventListener("change", onWide);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      desktop.removeEventListener("change", onWide);
    };
  }, [open, onClose]);

  const sectionButton = (which: Submenu, label: string) => (
    <button
      type="button"
      aria-expanded={section === which}
      aria-controls={`menu-mobilne-${which}`}
      onClick={() => setSection((s) => (s === which ? null : which))}
      className="flex w-full items-center justify-between py-3 text-left text-lg font-semibold text-slate-900"
    >
      {label}
      <ChevronDownIcon className={`size-5 transition-transform ${section === which ? "rotate-180" : ""}`} />
    </button>
  );
  const plainLink = "block py-3 text-lg font-semibold text-slate-900";

  return (
    <nav
      id="menu-mobilne"
      aria-label="Menu"
      hidden={!open}
      className="fixed inset-x-0 top-16 bottom-0 overflow-y-auto overscroll-contain border-t border-slate-200 bg-white px-4 pb-8 lg:hidden"
    >
      <ul className="divide-y divide-slate-200">
        <li>
          {sectionButton("offer", "Oferta")}
          <div id="menu-mobilne-offer" hidden={section !== "offer"} className="pb-4">
            <OfferMenuContent idPrefix="menu-mobilne-oferta" shown={open && section === "offer"} />
          </div>
        </li>
        <li>
          {sectionButton("brands", "Marki")}
          <div id="menu-mobilne-brands" hidden={section !== "brands"} className="pb-4">
            <BrandsMenuContent makes={makes} />
          </div>
        </li>
        <LinkItems links={mobileLinks} className={plainLink} />
        {userName ? (
          <li className="py-3">
            <p className="flex items-center gap-2 font-semibold text-slate-600">
              <UserIcon className="size-5" />
              {userName}
            </p>
            <ul className="mt-2">
              <LinkItems links={accountLinks} className="block py-2 text-slate-900" />
              <li>
                <button type="button" onClick={logout} className="block w-full py-2 text-left text-slate-900">
                  Wyloguj
                </button>
              </li>
            </ul>
          </li>
        ) : (
          <li>
            <Link to="/login" className={plainLink}>
              Zaloguj się
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
