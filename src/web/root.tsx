import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { trackingTags } from "../server/tracking/tags";
import { ConnectionLost, isConnectionLost } from "./components/connection-lost";
import { NotFound, ServerErrorPage } from "./components/not-found";
import { shellOptions } from "./components/shell/handle";
import { Shell, type ShellContact, shellContactDefaults } from "./components/shell/shell";
import { PRIVATE_BUYER_MARK_SCRIPT } from "./features/catalogue/private-buyer";
import { MarketingTags } from "./features/consent/marketing-tags";
import { LeadsGlobal } from "./features/leads/leads-global";
import { useNonce } from "./lib/nonce";
import { ZOD_JITLESS_SCRIPT } from "./lib/zod-jitless";

export function Layout({ children }: { children: ReactNode }) {
  // The response's CSP nonce (ADR 015): React Router's inline scripts carry it.
  const nonce = useNonce();
  return (
    // data-buyer is set by the head's script before React runs (a private buyer's kept choice).
    <html lang="pl" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Before the module scripts (see the module); the same text on every page. */}
        <script nonce={nonce} suppressHydrationWarning>
          {ZOD_JITLESS_SCRIPT}
        </script>
        {/* Before the body: a private buyer's first paint shows what is meant for them. */}
        <script nonce={nonce} suppressHydrationWarning>
          {PRIVATE_BUYER_MARK_SCRIPT}
        </script>
        {/* Files in public/ (raster icons drawn by scripts/build.mjs): without them every page
            downloaded the not-found page for /favicon.ico. */}
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/site.webmanifest" />
        <meta name="theme-color" content="#1652c8" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * What every page needs for its shell: the makes of the brands menu (cached by the service) and the
 * contact data of the footer (literals, editable without a deploy).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [makes, literals] = await Promise.all([
    context.services.makes.list(),
    context.services.content.literals(),
  ]);
  const contact: ShellContact = {
    phone: literals.ContactPhone,
    email: literals.ContactEmail,
    hours: literals.ContactHours,
    companyName: literals.CompanyName,
    year: Number(
      new Intl.DateTimeFormat("en", { timeZone: "Europe/Warsaw", year: "numeric" }).format(
        context.services.clock.now(),
      ),
    ),
  };
  // The advertising tags, when configured (loaded in the browser only after marketing consent).
  const tags = trackingTags(context.services.config);
  const tracking = tags.meta || tags.linkedin ? tags : null;
  return { makes: makes.map(({ name, path }) => ({ name, path })), contact, tracking };
}

// The makes change with the catalogue, not with the page: no reload on each navigation.
export function shouldRevalidate() {
  return false;
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { staff } = shellOptions(useMatches());
  return (
    <Shell makes={loaderData.makes} contact={loaderData.contact}>
      <Outlet />
      {staff ? null : <LeadsGlobal />}
      <MarketingTags staffPage={staff} />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The root loader's data is there unless the root loader itself failed.
  const root = useRouteLoaderData<typeof loader>("root");
  const makes = root?.makes ?? [];
  const contact = root?.contact ?? shellContactDefaults;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell makes={makes} contact={contact}>
        <NotFound />
      </Shell>
    );
  }
  if (isConnectionLost(error))
    return (
      <Shell makes={makes} contact={contact}>
        <ConnectionLost />
      </Shell>
    );
  return (
    <Shell makes={makes} contact={contact}>
      <ServerErrorPage />
    </Shell>
  );
}
