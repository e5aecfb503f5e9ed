import { Form, useSearchParams } from "react-router";
import { z } from "zod";
import { formatDateTime } from "../../../domain/format";
import { Notice } from "../../features/accounts/ui";
import {
  panelIntent,
  panelIntents,
  requireStaff,
  requireStaffSession,
} from "../../features/panel/panel.server";
import { buttonOnly, usePanelForm } from "../../features/panel/panel-form";
import { PanelForm } from "../../features/panel/record-page";
import { RecoveryCodes } from "../../features/panel/recovery-codes";
import { cellClass, DataTable, Panel, PanelFormNotice, PanelPage, panelMeta } from "../../features/panel/ui";
import type { Route } from "./+types/account";

export function meta() {
  return panelMeta("Panel: moje konto");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { member, session } = await requireStaffSession(request, context);
  const list = await context.services.staff.sessions.list(member.id);
  return { sessions: list.map((s) => ({ ...s, current: s.id === session.id })) };
}

const revokeSchema = z.object({ Session: z.string().regex(/^[0-9a-f]{16}$/, "Nie ma takiej sesji.") });

/** End one of my sessions ('revoke'); new recovery codes ('codes'). */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireStaff(request, context);
  const { sessions } = context.services.staff;
  const codes = panelIntent(buttonOnly, async () => ({
    notice: "Nowe kody zapasowe są gotowe; poprzednie przestały działać.",
    recoveryCodes: await sessions.renewRecoveryCodes(member),
  }));
  const revoke = panelIntent(revokeSchema, async (v) => {
    await sessions.revoke(member.id, v.Session);
    return { notice: "Sesja została zakończona." };
  });
  return panelIntents(await request.formData(), { codes, revoke }, "revoke");
}

/** The member's own sessions (ended here one by one) and recovery codes. */
export default function PanelAccount({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const revoke = usePanelForm(revokeSchema, { intent: "revoke", answer: actionData });
  const codes = usePanelForm(buttonOnly, { intent: "codes", answer: actionData });
  const recoveryCodes = (actionData as { recoveryCodes?: string[] } | undefined)?.recoveryCodes;
  return (
    <PanelPage title="Moje konto">
      <Panel title="Zalogowane sesje">
        <PanelFormNotice form={revoke} />
        <DataTable
          label="Zalogowane sesje"
          columns={["Przeglądarka", "Adres IP", "Zalogowano", "Ostatnio", "(Działanie)"]}
          rows={loaderData.sessions}
          row={(s) => (
            <tr key={s.id}>
              <td className={`${cellClass} max-w-64 break-words`}>{s.userAgent ?? "–"}</td>
              <td className={cellClass}>{s.ip ?? "–"}</td>
              <td className={cellClass}>{formatDateTime(s.createdAt)}</td>
              <td className={cellClass}>{formatDateTime(s.lastSeenAt)}</td>
              <td className={cellClass}>
                {s.current ? (
                  <span className="text-slate-600">ta sesja</span>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="Session" value={s.id} />
                    <button
                      type="submit"
                      className="rounded-md border border-slate-300 px-3 py-1 hover:bg-slate-50"
                      aria-label={`Zakończ sesję z ${formatDateTime(s.createdAt)}`}
                    >
                      Zakończ
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          )}
        />
      </Panel>
      <Panel title="Kody zapasowe">
        {params.get("kody") === "malo" && !recoveryCodes ? (
          <Notice kind="info">Zostało Ci niewiele kodów zapasowych. Wygeneruj nowe.</Notice>
        ) : null}
        <PanelForm form={codes} label="Kody zapasowe" submit="Wygeneruj nowe kody">
          {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} /> : null}
          <p className="text-sm text-slate-700">Nowe kody zastąpią wszystkie dotychczasowe.</p>
        </PanelForm>
      </Panel>
    </PanelPage>
  );
}

export { PanelErrorBoundary as ErrorBoundary } from "../../features/panel/error-boundary";
