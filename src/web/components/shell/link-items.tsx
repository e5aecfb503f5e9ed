import { Link } from "react-router";
import type { NavLink } from "./links";

/**
 * Links as the items of a list (the menus', the footer's): each styled `className`, `onFollow` run
 * when one is followed (a dropdown closes).
 */
export function LinkItems({
  links,
  className,
  onFollow,
}: {
  links: readonly NavLink[];
  className: string;
  onFollow?: () => void;
}) {
  return links.map((l) => (
    <li key={l.to}>
      <Link to={l.to} onClick={onFollow} className={className}>
        {l.label}
      </Link>
    </li>
  ));
}
