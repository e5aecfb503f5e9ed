import { hasControlCharacter, withoutControlCharacters } from "../../domain/input-safety";

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
  const cleanQuery = new URLSearchParams(
    params.map(([k, v]) => [withoutControlCharacters(k), withoutControlCharacters(v)]),
  ).toString();
  return cleanQuery ? `${cleanPath}?${cleanQuery}` : cleanPath;
}
