import { type ReactNode, useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { BidErrorCode } from "../../../domain/auctions/errors";
import { ErrorCode } from "../../../domain/errors";
import { ApiRequestError, api, PROFILE_ROUTE, RULES_ROUTE, withReturnTo } from "../../api-client";

/** The refusals a bidder can meet before their price is looked at: each has its way out on the page. */
export const BIDDER_REFUSALS = [
  BidErrorCode.BidNotAllowed,
  ErrorCode.RulesNotAccepted,
  ErrorCode.ProfileIncomplete,
] as const;

type Readiness =
  | { kind: "checking" }
  | { kind: "ready" }
  | { kind: "refused"; code: number; message: string }
  /** The check itself failed (no connection): the bid box is offered, the bid's answer decides. */
  | { kind: "unknown" };

/** Whether a refusal of a bid or maximum is one of BIDDER_REFUSALS (the gate then looks again). */
export const isBidderRefusal = (err: unknown) =>
  err instanceof ApiRequestError && err.code !== null && BIDDER_REFUSALS.some((c) => c === err.code);

/**
 * GET /api/Account/BiddingReadiness for this auction before the bid box is offered: a company whose
 * data is being verified again (64), an account that may not bid (64), new rules to accept (100) or a
 * profile to complete (101) is shown as a state with its way out, instead of a form whose bid would
 * be refused. `children` gets `recheck`, for a bid refused for one of those reasons meanwhile.
 */
export function BiddingGate({
  auctionId,
  children,
}: {
  auctionId: number;
  children: (recheck: () => void) => ReactNode;
}) {
  const [state, setState] = useState<Readiness>({ kind: "checking" });
  const [round, setRound] = useState(0);
  const recheck = useCallback(() => setRound((n) => n + 1), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` asks again after a refused bid
  useEffect(() => {
    let stop = false;
    api
      .get("/api/Account/BiddingReadiness", { query: { auctionId }, passCodes: BIDDER_REFUSALS })
      .then(
        (): Readiness => ({ kind: "ready" }),
        (err): Readiness =>
          isBidderRefusal(err)
            ? { kind: "refused", code: (err as ApiRequestError).code ?? 0, message: (err as Error).message }
            : err instanceof ApiRequestError && err.handled
              ? { kind: "checking" }
              : { kind: "unknown" },
      )
      .then((next) => {
        if (!stop) setState(next);
      });
    return () => {
      stop = true;
    };
  }, [auctionId, round]);

  if (state.kind === "checking") return null;
  if (state.kind === "refused") return <BiddingRefused code={state.code} message={state.message} />;
  return <>{children(recheck)}</>;
}

/** Why the person cannot bid now, and where that changes. */
function BiddingRefused({ code, message }: { code: number; message: string }) {
  const way =
    code === ErrorCode.RulesNotAccepted
      ? { to: withReturnTo(RULES_ROUTE), text: "Przejdź do akceptacji regulaminu" }
      : code === ErrorCode.ProfileIncomplete
        ? { to: withReturnTo(PROFILE_ROUTE), text: "Uzupełnij dane konta" }
        : { to: "/ustawienia", text: "Sprawdź dane firmy w ustawieniach konta" };
  return (
    <div
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="bidding-refused"
    >
      <p className="font-semibold">Nie możesz jeszcze licytować w tej aukcji.</p>
      <p className="mt-1">{message}</p>
      <p className="mt-2">
        <Link className="font-semibold text-brand-700 underline" to={way.to}>
          {way.text}
        </Link>
      </p>
    </div>
  );
}
