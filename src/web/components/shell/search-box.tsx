import {
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useLocation, useNavigate } from "react-router";
import type { SearchSuggestions } from "../../../domain/catalogue/dto";
import { isPrivateBuyer, QueryKeys, searchQuery } from "../../../domain/catalogue/filters";
import { countOffers } from "../../../domain/format";
import { MAX_SEARCH_LENGTH } from "../../../domain/search-text";
import { makePath } from "../../../domain/slug";
import { api } from "../../api-client";
import { storedPrivateBuyer } from "../../features/catalogue/private-buyer";
import { SearchIcon } from "./icons";

interface Option {
  id: string;
  label: string;
  count: number;
  /** The list of exactly the cars counted: the make's page, or the list filtered by make and model. */
  href: string;
}

/** Suggestions are asked for once typing pauses this long, from this many characters on. */
const SUGGEST_DELAY_MS = 200;
const SUGGEST_MIN_LENGTH = 2;
const LIST_PATH = "/lista-pojazdow";

const listUrl = (query: string) => `${LIST_PATH}?${new URLSearchParams({ search: query })}`;

/**
 * A private buyer stays one while searching (the address of the page they are on says so, or the
 * choice kept for the visit): the lists they reach show what a private person can buy.
 */
const privateBuyerNow = (currentSearch: string) =>
  isPrivateBuyer(new URLSearchParams(currentSearch)) || storedPrivateBuyer();

function asBuyer(href: string, currentSearch: string): string {
  if (!privateBuyerNow(currentSearch)) return href;
  return `${href}${href.includes("?") ? "&" : "?"}${QueryKeys.isCompany}=false`;
}

/**
 * Suggestions for the typed text, after a pause; an answer for older text is dropped. A private
 * buyer's counts are those of the list a suggestion leads them to (no auctions, cash sales only).
 */
function useSuggestions(text: string, privateBuyer: boolean, onArrived: () => void): Option[] {
  const [options, setOptions] = useState<Option[]>([]);
  // The latest callback, without asking again when the parent passes a new function.
  const arrived = useRef(onArrived);
  arrived.current = onArrived;
  useEffect(() => {
    const query = searchQuery(text);
    if (!query || query.length < SUGGEST_MIN_LENGTH) {
      setOptions([]);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const data = await api.get<SearchSuggestions>("/api/Offers/SearchSuggestions", {
          query: { Search: query, ...(privateBuyer ? { IsCompany: "false" } : {}) },
          signal: abort.signal,
          quiet: true,
        });
        setOptions([
          ...data.Makes.map((m) => ({
            id: `m-${m.Name}`,
            label: m.Name,
            count: m.Count,
            href: makePath(m.Name),
          })),
          ...data.Models.map((m) => ({
            id: `mm-${m.Make}-${m.Model}`,
            label: `${m.Make} ${m.Model}`,
            count: m.Count,
            href: `${LIST_PATH}?${new URLSearchParams({ makes: m.Make, models: m.Model })}`,
          })),
        ]);
        arrived.current();
      } catch {
        // Typing on or a network failure: no suggestions, the search itself still works.
      }
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [text, privateBuyer]);

  return options;
}

/** The list box of suggestions under the text box; a click on one takes it. */
function SuggestionList({
  id,
  optionId,
  options,
  active,
  hidden,
  onChoose,
}: {
  id: string;
  optionId: (i: number) => string;
  options: Option[];
  active: number;
  hidden: boolean;
  onChoose: (o: Option) => void;
}) {
  return (
    <div
      id={id}
      role="listbox"
      aria-label="Podpowiedzi"
      hidden={hidden}
      className="overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-xl"
    >
      {options.map((o, i) => (
        // The options take no focus and no keys of their own (ARIA 1.2 combobox): the text box keeps
        // the focus and moves the active option with aria-activedescendant.
        // biome-ignore lint/a11y/useFocusableInteractive: see above
        // biome-ignore lint/a11y/useKeyWithClickEvents: see above
        <div
          key={o.id}
          id={optionId(i)}
          role="option"
          aria-selected={i === active}
          // The text box keeps the focus: a press on an option must not blur it first.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onChoose(o)}
          className={`flex cursor-pointer justify-between gap-4 px-3 py-2 text-slate-900 ${
            i === active ? "bg-brand-50 text-brand-900" : "hover:bg-slate-100"
          }`}
        >
          <span>{o.label}</span>
          <span className="text-sm text-slate-600">{countOffers(o.count)}</span>
        </div>
      ))}
    </div>
  );
}

/**
 * The catalogue search: a text box over make, model, version, body, fuel and equipment
 * that goes to the vehicle list with ?search=…, with suggestions of makes and models while typing.
 * An ARIA 1.2 combobox with a list box popup: the focus stays in the text box, Up and Down move the
 * active option (aria-activedescendant), Enter takes it (the list of that make or model, the count
 * it showed) or searches the typed text, Escape closes
 * the suggestions and, pressed again, calls onEscape (the phone overlay closes).
 */
export function SearchBox(props: {
  id: string;
  className?: string;
  inputClassName?: string;
  autoFocus?: boolean;
  onEscape?: () => void;
}) {
  const { id, className = "", inputClassName = "", autoFocus = false, onEscape } = props;
  const navigate = useNavigate();
  const location = useLocation();
  const listboxId = useId();
  const limitId = useId();
  const input = useRef<HTMLInputElement>(null);
  const box = useSearchCombobox(location.search, onEscape);
  const { options, expanded, active } = box;

  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);

  const optionId = (i: number) => `${id}-podpowiedz-${i}`;

  const search = (query: string) => {
    const q = searchQuery(query);
    if (!q) return;
    box.close();
    navigate(asBuyer(listUrl(q), location.search));
  };

  const choose = (o: Option) => {
    box.close();
    navigate(asBuyer(o.href, location.search));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (expanded && active >= 0) choose(options[active]);
    else search(box.text);
  };

  return (
    <search className={`relative block ${className}`}>
      <form action={LIST_PATH} method="get" onSubmit={onSubmit}>
        <label htmlFor={id} className="sr-only">
          Szukaj samochodu
        </label>
        <div className="flex gap-2">
          <input
            ref={input}
            id={id}
            name="search"
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            aria-describedby={box.atLimit ? limitId : undefined}
            autoComplete="off"
            enterKeyHint="search"
            required
            maxLength={MAX_SEARCH_LENGTH}
            placeholder="Marka, model, wyposażenie…"
            value={box.text}
            onChange={(e) => box.type(e.target.value)}
            onFocus={box.open}
            onBlur={box.close}
            onKeyDown={box.onKeyDown}
            onPaste={box.onPaste}
            className={`min-w-0 flex-1 rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 ${inputClassName}`}
          />
          <button
            type="submit"
            className="flex items-center gap-1 rounded-lg bg-brand-600 px-3 py-2 font-semibold text-white hover:bg-brand-700"
          >
            <SearchIcon className="size-5" />
            <span className="sr-only">Wyszukaj</span>
          </button>
        </div>
        {/* Under the box: the note that a longer text was cut, and the suggestions. */}
        <div className="absolute inset-x-0 top-full z-40 mt-1">
          {box.atLimit && (
            <p
              id={limitId}
              role="status"
              className="mb-1 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 shadow-xl"
            >
              Wyszukiwanie może mieć najwyżej {MAX_SEARCH_LENGTH} znaków.
            </p>
          )}
          <SuggestionList
            id={listboxId}
            optionId={optionId}
            options={options}
            active={active}
            hidden={!expanded}
            onChoose={choose}
          />
        </div>
      </form>
    </search>
  );
}

/**
 * The search box's text, its suggestions and which of them is active. Typing or the focus opens
 * the suggestions, Up and Down move the active one (round), Escape closes them and, pressed again,
 * calls onEscape. `currentSearch`: the address's query; on the list the box shows the search being
 * looked at (also after Back), elsewhere it is empty.
 */
/**
 * A search's line breaks and tabs as spaces: a one-line box drops them ("audi⏎a4" became "audia4",
 * another search), while the list read the words apart.
 */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, " ");

function useSearchCombobox(currentSearch: string, onEscape?: () => void) {
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const current = new URLSearchParams(currentSearch).get("search");
    setText(oneLine(current ?? ""));
    setOpen(false);
    setActive(-1);
  }, [currentSearch]);

  // A fresh list of suggestions starts with none of them active.
  const options = useSuggestions(text, privateBuyerNow(currentSearch), () => setActive(-1));
  const expanded = open && options.length > 0;

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (!options.length) return;
      e.preventDefault();
      setOpen(true);
      const n = options.length;
      const down = e.key === "ArrowDown";
      setActive((i) => (down ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
    } else if (e.key === "Escape") {
      if (expanded) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else {
        setOpen(false); // the note of a cut text, if shown, goes too
        onEscape?.();
      }
    }
  };

  return {
    text,
    options,
    expanded,
    active,
    /** The text reached the most the box takes (shown while the box is in use). */
    atLimit: open && text.length >= MAX_SEARCH_LENGTH,
    type: (typed: string) => {
      setText(typed);
      setOpen(true);
    },
    open: () => setOpen(true),
    close: () => setOpen(false),
    onKeyDown,
    /** Pasted text keeps its words apart: the browser would drop its line breaks, joining them. */
    onPaste: (e: ClipboardEvent<HTMLInputElement>) => {
      const pasted = e.clipboardData.getData("text");
      if (!/[\r\n\t]/.test(pasted)) return;
      e.preventDefault();
      const input = e.currentTarget;
      const [from, to] = [
        input.selectionStart ?? input.value.length,
        input.selectionEnd ?? input.value.length,
      ];
      const next = `${input.value.slice(0, from)}${oneLine(pasted)}${input.value.slice(to)}`;
      setText(next.slice(0, MAX_SEARCH_LENGTH));
      setOpen(true);
    },
  };
}
