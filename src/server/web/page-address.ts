import { QueryKeys } from "../../domain/catalogue/filters";
import { MAKE_NICKNAMES } from "../../domain/catalogue/vocabulary";
import {
  controlCharactersAsSpaces,
  hasControlCharacter,
  withoutControlCharacters,
} from "../../domain/input-safety";
import { makeSlug, parseOfferPath } from "../../domain/slug";
import { permanentRedirects } from "../../web/redirects";

const decoded = (part: string): string => {
  try {
    return decodeURIComponent(part.replace(/\+/g, " "));
  } catch {
    return part;
  }
};

/**
 * A page address with the control characters taken out of its path and query (`?search=%00`,
 * `/marki/%07`), or null when it has none. Such a character is never part of a page's address (the
 * database refuses U+0000 in a search outright), so the visitor is sent once to the address without
 * it instead of meeting an error page; an API request gets the contract's 400 instead (http/errors.ts).
 */
export function addressWithoutControlCharacters(url: string): string | null {
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? "" : url.slice(q + 1);
  const segments = path.split("/");
  const pathChanged = segments.some((s) => hasControlCharacter(decoded(s)));
  const params = [...new URLSearchParams(query)];
  const queryChanged = params.some(([k, v]) => hasControlCharacter(k) || hasControlCharacter(v));
  if (!pathChanged && !queryChanged) return null;
  const cleanPath = pathChanged
    ? segments
        .map((s) =>
          hasControlCharacter(decoded(s)) ? encodeURIComponent(withoutControlCharacters(decoded(s))) : s,
        )
        .join("/")
    : path;
  if (!queryChanged) return q === -1 ? cleanPath : `${cleanPath}?${query}`;
  // A search's words: the character stood between two of them ("bmw", NUL, "x1" pasted), so it becomes a
  // space rather than joining them into a word no car has.
  const cleanValue = (k: string, v: string) =>
    k === QueryKeys.search ? controlCharactersAsSpaces(v) : withoutControlCharacters(v);
  const cleanQuery = new URLSearchParams(
    params.map(([k, v]) => [withoutControlCharacters(k), cleanValue(k, v)]),
  ).toString();
  return cleanQuery ? `${cleanPath}?${cleanQuery}` : cleanPath;
}

/**
 * Where a path keeps its letter case: tokens that are case-sensitive (an alert's activation link,
 * staff's set-password link, the link to a person's data) and built files whose names carry a hash.
 */
const CASE_KEPT_PREFIXES = ["/alert/", "/panel/ustaw-haslo/", "/moje-dane/", "/assets/"];
/** The legacy detail addresses redirect themselves, in one hop, whatever their spelling. */
const LEGACY_DETAIL_PREFIXES = ["/new/", "/afterlease/", "/auction/"];
/** Addresses that only redirect (redirects.ts): they answer any spelling in one hop themselves. */
const REDIRECT_ONLY = new Set(permanentRedirects.map((r) => r.from.toLowerCase()));
/** The spec spells this page's address with capitals (section 2): any other spelling goes there. */
const SPELLED_PATHS = new Map(["/leasing-BEZ-OBAW"].map((p) => [p.toLowerCase(), p]));
const MAKE_PREFIX = "/marki/";

/** Looks up an offer's canonical detail address (OfferAddressService). */
type CanonicalOfferPath = (id: number) => Promise<string | null>;

/** A path segment as text; one that does not decode (`%zz`) is kept as it came. */
const segmentText = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** The path with every segment in lower case, re-encoded only where it changed. */
const lowerCasePath = (path: string): string =>
  path
    .split("/")
    .map((segment) => {
      const text = segmentText(segment);
      return text.toLowerCase() === text ? segment : encodeURIComponent(text.toLowerCase());
    })
    .join("/");

/**
 * The one address of a page when `path` (raw, percent-encoded) is another spelling of it, else null.
 * A page has one address in lower case, so search engines and shared links do not split it
 * (/LISTA-POJAZDOW, /Kontakt); a make's page is reached by its name as people type it too
 * (/marki/Škoda, /marki/AUDI -> /marki/skoda, /marki/audi); an offer in capitals goes straight to its
 * canonical address with its slug, so no address takes two redirects to reach its page.
 */
async function canonicalPagePath(path: string, offerPath: CanonicalOfferPath): Promise<string | null> {
  const lower = segmentText(path).toLowerCase();
  if (CASE_KEPT_PREFIXES.some((p) => lower.startsWith(p))) return null;
  if (REDIRECT_ONLY.has(lower.replace(/\/+$/, "")) || LEGACY_DETAIL_PREFIXES.some((p) => lower.startsWith(p)))
    return null;
  const make = lower.startsWith(MAKE_PREFIX) ? segmentText(path.slice(MAKE_PREFIX.length)) : "";
  if (make && !make.includes("/")) {
    // An empty slug (a make of no letters) is left to the list's own "not found". A name people use
    // for a make (/marki/vw, /marki/mercedes) is that make's page.
    const typed = makeSlug(make);
    const nickname = MAKE_NICKNAMES[typed];
    const slug = nickname ? makeSlug(nickname) : typed;
    return slug && `${MAKE_PREFIX}${slug}` !== path ? `${MAKE_PREFIX}${slug}` : null;
  }
  const spelled = SPELLED_PATHS.get(lower.replace(/\/+$/, ""));
  if (spelled !== undefined) return spelled === path ? null : spelled;
  const canonical = lowerCasePath(path);
  if (canonical === path) return null;
  const offer = parseOfferPath(lower);
  const offerAddress = offer ? await offerPath(offer.id) : null;
  if (offerAddress?.startsWith(`/${lower.split("/")[1]}/`)) return offerAddress;
  return canonical;
}

/**
 * The address a GET of a page is sent to, once, or null when `url` is already it: control
 * characters taken out and the path in its canonical spelling, the query kept.
 */
export async function canonicalPageAddress(
  url: string,
  offerPath: CanonicalOfferPath,
): Promise<string | null> {
  const clean = addressWithoutControlCharacters(url);
  const address = clean ?? url;
  const q = address.indexOf("?");
  const path = q === -1 ? address : address.slice(0, q);
  // React Router's own requests in the browser (a page's data, `/leasing-BEZ-OBAW.data`, and the route
  // manifest) are not addresses anyone sees: they follow the page's spelling as it is.
  if (path.endsWith(".data") || path.startsWith("/__")) return clean;
  const canonical = await canonicalPagePath(path, offerPath);
  if (canonical === null) return clean;
  return q === -1 ? canonical : `${canonical}${address.slice(q)}`;
}
