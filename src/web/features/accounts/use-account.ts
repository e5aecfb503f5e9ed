import { useCallback, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { AccountView } from "../../../domain/account";
import { ApiRequestError, api } from "../../api-client";
import { session } from "../../lib/storage";
import { loginUrl } from "./ui";

/**
 * The signed-in person's account for screens only they may see. Tokens live in browser storage
 * (spec section 3), so this runs after hydration: signed out → /login with a way back.
 */
export function useAccount() {
  const navigate = useNavigate();
  const location = useLocation();
  const [account, setAccount] = useState<AccountView | null>(null);
  const [failed, setFailed] = useState(false);

  const reload = useCallback(async () => {
    try {
      setAccount(await api.get<AccountView>("/api/Account"));
    } catch (err) {
      if (err instanceof ApiRequestError) setFailed(true);
      else throw err;
    }
  }, []);

  useEffect(() => {
    if (!session.isLoggedIn()) {
      navigate(loginUrl(location.pathname + location.search), { replace: true });
      return;
    }
    void reload();
  }, [navigate, location.pathname, location.search, reload]);

  return { account, setAccount, failed, reload };
}
