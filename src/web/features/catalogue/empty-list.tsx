import type { ReactNode } from "react";
import { Link } from "react-router";

/** A saved list with nothing in it yet (favourites, the comparison): why, and the way to the offers. */
export function EmptyList({ children }: { children: ReactNode }) {
  return (
    <div className="mt-6 rounded-xl border border-dashed border-slate-300 p-10 text-center">
      <p className="text-lg text-slate-700">{children}</p>
      <Link
        to="/lista-pojazdow"
        className="mt-4 inline-block rounded-md bg-brand-600 px-5 py-3 font-semibold text-white"
      >
        Przeglądaj oferty
      </Link>
    </div>
  );
}
