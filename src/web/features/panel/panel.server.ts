import type { SubmissionResult } from "@conform-to/react";
import { type AppLoadContext, data, redirect } from "react-router";
import { z } from "zod";
import { FORBIDDEN_MESSAGE, mayUse, type PanelArea } from "../../../domain/staff/roles";
import { columnsSchema, reasonSchema, viewNameSchema } from "../../../domain/staff/table";
import { countHit, minutesToWait, refundHit, tooManyMessage } from "../../../server/http/rate-limit";
import type { AuditEntry } from "../../../server/staff/audit";
import type { PanelListName } from "../../../server/staff/list-prefs";
import type { StaffMember } from "../../../server/staff/members";
import { PANEL_COOKIE, panelTokenOf } from "../../../server/staff/sessions";
import { parseFormData } from "../../components/form/parse-form";
import { serviceRefusal } from "../../lib/service-refusal.server";

/**
 * The back-office's server side: its session cookie, the guard every panel loader and
 * action calls, and how a form's action answers. The session token lives only in an HttpOnly cookie
 * (scripts never see it) with SameSite=Strict, and React Router refuses an action posted from another
 * origin. The cookie's path is / because React Router fetches a page's data at /panel.data, which
 * a cookie limited to /panel would not reach; the page cache does not count it (cached-pages.ts).
 */
const COOKIE_PATH = "/";

export const panelToken = (request: Request) => panelTokenOf(request.headers.get("cookie"));

export function panelCookie(context: AppLoadContext, token: string | null): string {
  const secure = context.services.config.publicUrl.startsWith("https:") ? "; Secure" : "";
  const value = token === null ? "; Max-Age=0" : "";
  return `${PANEL_COOKIE}=${token ?? ""}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict${secure}${value}`;
}

/** Every panel page: never stored by a browser or a proxy, never indexed. */
export const PANEL_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

/** The `headers` export of every panel page: never cached, never indexed. */
export const panelHeaders = () => PANEL_HEADERS;

/** The cookie's session at either stage, with its token and member (one query); null without one. */
export async function panelSession(request: Request, context: AppLoadContext) {
  const token = panelToken(request);
  const found = token ? await context.services.staff.sessions.session(token) : null;
  return found && token ? { token, ...found } : null;
}

/**
 * The signed-in session of a panel request, its member allowed into `area`; everyone else goes to the
 * sign-in page (with the way back), and a member whose role does not cover the area gets 403.
 */
export async function requireStaffSession(
  request: Request,
  context: AppLoadContext,
  area: PanelArea = "overview",
) {
  const found = await panelSession(request, context);
  if (found?.session.stage !== "signed-in") {
    const url = pageAddress(request);
    const back = request.method === "GET" ? `?returnTo=${encodeURIComponent(url.pathname + url.search)}` : "";
    throw redirect(`/panel/logowanie${back}`, { headers: PANEL_HEADERS });
  }
  if (!mayUse(found.member.role, area))
    throw data(FORBIDDEN_MESSAGE, { status: 403, headers: PANEL_HEADERS });
  return found;
}

/** The signed-in member of a panel request, allowed into `area` (requireStaffSession). */
export async function requireStaff(
  request: Request,
  context: AppLoadContext,
  area: PanelArea = "overview",
): Promise<StaffMember> {
  return (await requireStaffSession(request, context, area)).member;
}

/**
 * One form's action: its FormData (without the `intent` that names the form) checked with the form's
 * schema, 400 with the messages; then `run` with the valid values. A refusal comes back to the form,
 * a success goes where `run` says (a redirect) or stays with a notice; the form is emptied then,
 * unless `keepValues` (a file checked first and then imported stays chosen).
 */
export async function panelFormAction<S extends z.ZodType, Done extends object>(
  formData: FormData,
  intent: string,
  schema: S,
  run: (value: z.output<S>) => Promise<Response | Done>,
  { keepValues = false }: { keepValues?: boolean } = {},
) {
  formData.delete("intent");
  const submission = parseFormData(formData, schema);
  const answer = (result: SubmissionResult<string[]>, status: number, done?: Done) =>
    data({ intent, result, ...(done as Partial<Done>) }, { status, headers: PANEL_HEADERS });
  if (submission.status !== "success") return answer(submission.reply(), 400);
  try {
    const done = await run(submission.value as z.output<S>);
    if (done instanceof Response) throw done;
    return answer(submission.reply({ resetForm: !keepValues }), 200, done);
  } catch (err) {
    if (err instanceof Response) throw err;
    const refusal = serviceRefusal(err);
    if (!refusal) throw err;
    return answer(
      submission.reply({
        // A refusal that names a field is told at that field (the form's summary line points to it).
        formErrors: refusal.field ? [] : [refusal.message],
        fieldErrors: refusal.field ? { [refusal.field]: [refusal.message] } : {},
      }),
      refusal.status,
    );
  }
}

/**
 * Reads a request's body away without keeping it, so the answer reaches the browser (a connection
 * closed under an upload ends in a reset, not the page); past `maxBytes` the connection is dropped.
 */
async function discardBody(request: Request, maxBytes = 64 * 1024 * 1024): Promise<void> {
  const reader = request.body?.getReader();
  if (!reader) return;
  let seen = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    seen += value.byteLength;
    if (seen > maxBytes) return reader.cancel();
  }
}

/**
 * A post of more than `maxBytes` (by its Content-Length), refused before its body is read: the body
 * is read away and the form `intent` told at its `field` (413). Null for a post that may be read.
 */
export async function refuseLargePost(
  request: Request,
  maxBytes: number,
  { intent, field, message }: { intent: string; field: string; message: string },
) {
  if (Number(request.headers.get("content-length") ?? "0") <= maxBytes) return null;
  await discardBody(request);
  return panelFieldRefusal(intent, field, message, 413);
}

/**
 * A form posting a file (its field `File`, up to `maxBytes`): a post larger than the file and the
 * form's other fields together is refused at the file before it is read (the body is read whole);
 * any other post is the form's action (panelFormAction).
 */
export async function panelFileAction<S extends z.ZodType, Done extends object>(
  request: Request,
  file: { intent: string; maxBytes: number; tooLarge: string },
  schema: S,
  run: (value: z.output<S>) => Promise<Response | Done>,
  options?: { keepValues?: boolean },
) {
  const refused = await refuseLargePost(request, file.maxBytes + 64 * 1024, {
    intent: file.intent,
    field: "File",
    message: file.tooLarge,
  });
  return refused ?? panelFormAction(await request.formData(), file.intent, schema, run, options);
}

/** A form's answer refusing one field before its schema ran (e.g. an upload too large to read). */
function panelFieldRefusal(intent: string, field: string, message: string, status = 400) {
  const result: SubmissionResult<string[]> = { status: "error", error: { [field]: [message] } };
  const answer: { intent: string; result: typeof result } & PanelDone = { intent, result };
  return data(answer, { status, headers: PANEL_HEADERS });
}

/**
 * A record's number in a panel address (`/panel/oferty/12`), or null at the address of a new one
 * (`nowa`, `nowy`) where the record has one; anything else is the record's 404 page.
 */
export function recordParam(value: string, notFound: string): number;
export function recordParam(value: string, notFound: string, newRecord: string | undefined): number | null;
export function recordParam(value: string, notFound: string, newRecord?: string): number | null {
  if (value === newRecord) return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647)
    throw data(notFound, { status: 404, headers: PANEL_HEADERS });
  return n;
}

/**
 * The page a request is for: with future.v8_passThroughRequests a loader's data request arrives as
 * `/panel/oferty.data?_routes=…` (`/panel/_.data` for a trailing slash), which is no address to come
 * back to. Route modules read their `url` argument instead; this serves the helpers given the request.
 */
function pageAddress(request: Request): URL {
  const url = new URL(request.url);
  url.pathname = url.pathname.replace(/\/_\.data$/, "/").replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  return url;
}

type StaffServices = AppLoadContext["services"]["staff"];

/**
 * A panel list's loader: the member allowed into `area`, the list's choices from the address, one page
 * of rows from the `list` of the staff service `lister` picks and, for a list named in `prefs`, the
 * member's saved views and columns of it.
 */
export async function panelListLoader<Q extends { page: number }, Found extends { total: number }>(
  { request, context }: { request: Request; context: AppLoadContext },
  area: PanelArea,
  readQuery: (url: URL) => Q,
  pageSize: number,
  lister: (staff: StaffServices) => { list(query: NoInfer<Q>, member: StaffMember): Promise<Found> },
  prefs?: PanelListName,
) {
  const member = await requireStaff(request, context, area);
  const query = readQuery(pageAddress(request));
  const { staff } = context.services;
  const [found, kept] = await Promise.all([
    lister(staff).list(query, member),
    prefs ? staff.lists.of(member.id, prefs) : undefined,
  ]);
  return { ...query, ...found, pages: Math.max(1, Math.ceil(found.total / pageSize)), prefs: kept };
}

const viewRemoveSchema = z.object({ Id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * A panel list's action: the member allowed into `area`, then the form its intent names, the list's
 * own (`forms`: its bulk actions) or those every list has: saving and removing a view, choosing the
 * columns (of `columns`) kept in view.
 */
export async function panelListAction(
  { request, context }: { request: Request; context: AppLoadContext },
  area: PanelArea,
  list: PanelListName,
  columns: string[],
  forms: (member: StaffMember) => PanelForms = () => ({}),
) {
  const member = await requireStaff(request, context, area);
  const { lists } = context.services.staff;
  return panelIntents(await request.formData(), {
    ...forms(member),
    "view-save": panelIntent(viewNameSchema, async (v) => {
      await lists.saveView(member.id, list, v.Name, v.Query);
      return { notice: `Zapisano widok „${v.Name}”.` };
    }),
    "view-remove": panelIntent(viewRemoveSchema, async (v) => {
      await lists.removeView(member.id, list, v.Id);
      return { notice: "Usunięto widok." };
    }),
    columns: panelIntent(columnsSchema, async (v) => {
      await lists.setColumns(member.id, list, v.Columns, columns);
      return { notice: "Zapisano wybór kolumn." };
    }),
  });
}

/**
 * A panel record's loader: the member allowed into `area`, the record of the address (null at the
 * address of a new one), its 404 when there is none, and its history: the audit entries of the record
 * under each of `history`'s names (an auction is also its offer), newest first.
 */
export async function panelRecordLoader<T, New extends string | undefined = undefined>(
  { request, params, context }: { request: Request; params: { id: string }; context: AppLoadContext },
  area: PanelArea,
  record: {
    notFound: string;
    newRecord?: New;
    get: (id: number, member: StaffMember) => Promise<T | null | undefined>;
    history: string[];
  },
): Promise<{
  member: StaffMember;
  record: New extends string ? T | null : T;
  audit: AuditEntry[];
  now: string;
}> {
  type Found = New extends string ? T | null : T;
  const member = await requireStaff(request, context, area);
  const id = recordParam(params.id, record.notFound, record.newRecord);
  // The clock's time, for the page's forms whose rules compare with it (an auction ends after it).
  const now = context.services.clock.now().toISOString();
  if (id === null) return { member, record: null as Found, audit: [], now };
  const { audit } = context.services.staff;
  const [found, ...logs] = await Promise.all([
    record.get(id, member),
    ...record.history.map((entity) => audit({ entity, entityId: String(id) })),
  ]);
  if (!found) throw data(record.notFound, { status: 404, headers: PANEL_HEADERS });
  const entries = logs.flatMap((log) => log.entries);
  if (logs.length > 1) entries.sort((a, b) => +b.at - +a.at || b.id - a.id);
  return { member, record: found as Found, audit: entries, now };
}

/**
 * A panel record's action: the member allowed into `area`, the record's number from the address (null
 * at a new one's), a post larger than the page takes refused before its body is read (`tooLarge`),
 * then the form its intent names among `forms` (panelIntents, with `otherwise`).
 */
export async function panelRecordAction<New extends string | undefined = undefined>(
  { request, params, context }: { request: Request; params: { id: string }; context: AppLoadContext },
  area: PanelArea,
  record: {
    notFound: string;
    newRecord?: New;
    tooLarge?: (request: Request) => ReturnType<typeof refuseLargePost>;
    otherwise?: string;
  },
  forms: (id: New extends string ? number | null : number, member: StaffMember) => PanelForms,
) {
  const member = await requireStaff(request, context, area);
  const id = recordParam(params.id, record.notFound, record.newRecord);
  const refused = await record.tooLarge?.(request);
  if (refused) return refused;
  const formData = await request.formData();
  return panelIntents(
    formData,
    forms(id as New extends string ? number | null : number, member),
    record.otherwise,
  );
}

/** A panel action's way to another page (after adding or removing a record). */
export const panelRedirect = (to: string) => redirect(to, { headers: PANEL_HEADERS });

/** One of a page's forms for `panelIntents`: its schema and what a valid submission does. */
export interface PanelIntent {
  schema: z.ZodType;
  run: (value: never) => Promise<Response | PanelDone>;
  keepValues?: boolean;
}
/** A page's forms by intent (one may be absent, e.g. removing a record not yet saved). */
export type PanelForms = Record<string, PanelIntent | undefined>;
/** What a form's success says on the page (and anything else the page shows after it). */
export type PanelDone = { notice?: string } & Record<string, unknown>;

/** A form of `panelIntents`, its values typed by its schema. */
export const panelIntent = <S extends z.ZodType>(
  schema: S,
  run: (value: z.output<S>) => Promise<Response | PanelDone>,
  options: { keepValues?: boolean } = {},
): PanelIntent => ({ schema, run: run as PanelIntent["run"], ...options });

/**
 * The forms of a record staff write and remove whole (a banner, an FAQ entry): `save`, which takes a
 * new record to its own page (`?dodano=1`) and says `saved` on a stored one's; and, once it is stored,
 * `remove`, which goes back to the list at `list` (the records' pages are under it).
 */
export function saveAndRemove<S extends z.ZodType>(
  id: number | null,
  member: StaffMember,
  {
    schema,
    store,
    list,
    saved,
  }: {
    schema: S;
    store: {
      save: (id: number | null, value: z.output<S>, by: StaffMember) => Promise<number>;
      remove: (id: number, by: StaffMember, reason: string) => Promise<unknown>;
    };
    list: string;
    saved: string;
  },
): PanelForms {
  const save = panelIntent(schema, async (v) => {
    const savedId = await store.save(id, v, member);
    return id === null ? panelRedirect(`${list}/${savedId}?dodano=1`) : { notice: saved };
  });
  if (id === null) return { save };
  // Removing takes the record off the site at once: confirmed with its reason, kept in the log.
  const remove = panelIntent(reasonSchema, async (v) => {
    await store.remove(id, member, v.Reason);
    return panelRedirect(list);
  });
  return { save, remove };
}

/**
 * An action of a page with several forms: the one its `intent` names (else `otherwise`'s, for a page
 * whose main form was once its only one) answers through panelFormAction; an unknown intent is 400.
 */
export function panelIntents(formData: FormData, forms: PanelForms, otherwise?: string) {
  const named = String(formData.get("intent") ?? "");
  const intent = Object.hasOwn(forms, named) && forms[named] ? named : otherwise;
  const form = intent === undefined ? undefined : forms[intent];
  if (intent === undefined || !form)
    throw data("Nieznana czynność.", { status: 400, headers: PANEL_HEADERS });
  return panelFormAction(
    formData,
    intent,
    form.schema,
    form.run as (v: unknown) => Promise<Response | PanelDone>,
    {
      keepValues: form.keepValues,
    },
  );
}

/** Where a member goes after signing in: the panel page they asked for (?returnTo=), else its start. */
export function panelReturnTo(request: Request): string {
  const to = new URL(request.url).searchParams.get("returnTo") ?? "";
  return /^\/panel(\/|$|\?)/.test(to) && !to.includes("//") ? to : "/panel";
}

/**
 * The sign-in a token is at the second step of (the password given, the second factor not yet);
 * without one, back to the first step.
 */
export async function requirePendingSignIn(request: Request, context: AppLoadContext) {
  const found = await panelSession(request, context);
  if (found?.session.stage !== "password") throw redirect("/panel/logowanie", { headers: PANEL_HEADERS });
  return found;
}

const STAFF_SIGN_IN = "StaffSignIn";

/**
 * Failed sign-ins per address (10 in 10 minutes, scaled in test environments). An office's staff
 * share one address and sign in every morning, so a sign-in that succeeds must not count: the
 * attempt is counted before the password is checked (parallel guesses cannot slip past the limit)
 * and `signInSucceeded` takes it back.
 */
export async function limitSignIn(context: AppLoadContext): Promise<{ refused: string | null; at: number }> {
  const { services, clientIp } = context;
  const at = services.clock.now().getTime();
  const retryAfterS = await countHit(
    services.db,
    STAFF_SIGN_IN,
    clientIp,
    10 * services.config.RATE_LIMITS_SCALE,
    at,
  );
  return {
    refused: retryAfterS === null ? null : tooManyMessage("prób logowania")(minutesToWait(retryAfterS)),
    at,
  };
}

/** The password was right: this attempt does not count towards the address's limit. */
export function signInSucceeded(context: AppLoadContext, attemptAt: number): Promise<void> {
  return refundHit(context.services.db, STAFF_SIGN_IN, context.clientIp, attemptAt);
}
