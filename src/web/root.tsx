import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { NotFound } from "./components/not-found";
import { LeadsGlobal } from "./features/leads/leads-global";

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="pl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <Outlet />
      <LeadsGlobal />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <main className="mx-auto max-w-2xl p-8">
      <title>Wystąpił błąd</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-bold">Wystąpił błąd</h1>
      <p className="mt-4">Wystąpił błąd po stronie serwera. Spróbuj ponownie za chwilę.</p>
      <a className="mt-6 inline-block text-brand-600 underline" href="/">
        Wróć na stronę główną
      </a>
    </main>
  );
}
