import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import {
  ALL_ACCEPTED,
  ALL_REJECTED,
  type ConsentChoice,
  OFFERED_CATEGORIES,
  OPTIONAL_CATEGORIES_IN_SENTENCE,
} from "../../../domain/consent";
import { COOKIE_POLICY_PATH, PRIVACY_POLICY_PATH } from "../../../domain/privacy";
import { onOpenConsentSettings, saveConsent, useConsent } from "../../features/consent/consent-store";
import { ModalDialog } from "../modal-dialog";

/** CSS variable with the notice's height while it is shown. */
export const NOTICE_HEIGHT = "--cookie-notice-height";

const choiceButton =
  "min-h-11 rounded-lg border-2 border-brand-600 bg-brand-600 px-1 py-1.5 text-[13px] leading-tight sm:px-4 sm:py-2 sm:text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

/**
 * The cookie notice (spec section 2): accept all, reject all (the same weight) or choose per
 * category in the settings. Shown until the visitor chooses for the current policy version, and only
 * after hydration, when storage can be read, so those who chose never see it flash. The footer's
 * 'Ustawienia cookie' opens the settings again at any time.
 */
export function CookieNotice() {
  const consent = useConsent();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const shown = consent === null;
  useEffect(() => onOpenConsentSettings(() => setSettingsOpen(true)), []);
  // Its height, for what else sits at the bottom of the screen (the chat button rises above it).
  useEffect(() => {
    const el = ref.current;
    const root = document.documentElement.style;
    if (!shown || !el) return;
    const observer = new ResizeObserver(() => root.setProperty(NOTICE_HEIGHT, `${el.offsetHeight}px`));
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.removeProperty(NOTICE_HEIGHT);
    };
  }, [shown]);

  const choose = (choice: ConsentChoice) => {
    saveConsent(choice);
    setSettingsOpen(false);
  };
  return (
    <>
      {shown && (
        <section
          ref={ref}
          aria-label="Zgoda na pliki cookie"
          // On a phone a compact bar (three lines and one row of answers, about a seventh of the screen):
          // the offer's photo and price stay in sight above it.
          className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white px-4 py-2 sm:py-3 shadow-[0_-4px_16px_rgba(15,23,42,0.12)]"
        >
          <div className="mx-auto flex max-w-6xl flex-col gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
            <p className="text-xs text-slate-700 sm:text-sm">
              {/* The phone's bar keeps to three lines: what the settings and the policy say at length is left out there. */}
              Używamy plików cookie niezbędnych<span className="max-sm:hidden"> do działania serwisu</span>, a
              za Twoją zgodą także {OPTIONAL_CATEGORIES_IN_SENTENCE}.
              <span className="max-sm:hidden"> Zgodę możesz zmienić w każdej chwili.</span>{" "}
              <button
                type="button"
                className="font-semibold text-brand-700 underline"
                onClick={() => setSettingsOpen(true)}
              >
                Ustawienia plików cookie
              </button>{" "}
              <span className="whitespace-nowrap">
                {"· "}
                <Link className="font-semibold text-brand-700 underline" to={COOKIE_POLICY_PATH}>
                  Polityka cookies
                </Link>
              </span>
            </p>
            <div className="grid shrink-0 grid-cols-2 gap-2">
              <AcceptOrReject onChoose={choose} />
            </div>
          </div>
        </section>
      )}
      <ConsentSettings
        open={settingsOpen}
        initial={consent ?? ALL_REJECTED}
        onChoose={choose}
        onClose={() => setSettingsOpen(false)}
      />
    </>
  );
}

/** The two answers of the same weight, in the bar and in the settings. */
function AcceptOrReject({ onChoose }: { onChoose: (choice: ConsentChoice) => void }) {
  return (
    <>
      <button type="button" className={choiceButton} onClick={() => onChoose(ALL_ACCEPTED)}>
        Akceptuję wszystkie
      </button>
      <button type="button" className={choiceButton} onClick={() => onChoose(ALL_REJECTED)}>
        Odrzuć wszystkie
      </button>
    </>
  );
}

function ConsentSettings(props: {
  open: boolean;
  initial: ConsentChoice;
  onChoose: (choice: ConsentChoice) => void;
  onClose: () => void;
}) {
  const { open, initial, onChoose, onClose } = props;
  const descriptions = useId();
  const [choice, setChoice] = useState(initial);
  // Each opening starts from what is stored.
  useEffect(() => {
    if (open) setChoice(initial);
  }, [open, initial]);

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="Ustawienia plików cookie"
      className="max-h-[calc(100dvh-2rem)] w-[min(36rem,calc(100vw-2rem))] overflow-y-auto shadow-xl backdrop:bg-slate-900/50"
      padding="p-5 sm:p-6"
    >
      <p className="mt-2 text-sm text-slate-700">
        Wybierz, na które pliki cookie i podobne technologie się zgadzasz. Zgodę możesz w każdej chwili
        wycofać w „Ustawieniach cookie” w stopce strony. Każdy plik cookie i znacznik opisuje{" "}
        <Link className="font-semibold text-brand-700 underline" to={COOKIE_POLICY_PATH} onClick={onClose}>
          polityka cookies
        </Link>
        , a przetwarzanie danych –{" "}
        <Link className="font-semibold text-brand-700 underline" to={PRIVACY_POLICY_PATH} onClick={onClose}>
          polityka prywatności
        </Link>
        .
      </p>
      <ul className="mt-4 space-y-3">
        {OFFERED_CATEGORIES.map((c) => (
          <li key={c.key} className="rounded-lg border border-slate-200 p-3">
            <label className="flex items-center gap-3 font-semibold">
              <input
                type="checkbox"
                className="size-5 accent-brand-600"
                checked={c.always ? true : choice[c.key]}
                disabled={c.always}
                aria-describedby={`${descriptions}-${c.key}`}
                onChange={(e) => {
                  if (!c.always) setChoice({ ...choice, [c.key]: e.target.checked });
                }}
              />
              {c.name}
              {c.always && <span className="text-xs font-normal text-slate-600">(zawsze włączone)</span>}
            </label>
            <p id={`${descriptions}-${c.key}`} className="mt-1 pl-8 text-sm text-slate-600">
              {c.text}
            </p>
          </li>
        ))}
      </ul>
      <div className="mt-5 grid gap-2 sm:grid-cols-3">
        <button type="button" className={choiceButton} onClick={() => onChoose(choice)}>
          Zapisz wybór
        </button>
        <AcceptOrReject onChoose={onChoose} />
      </div>
    </ModalDialog>
  );
}
