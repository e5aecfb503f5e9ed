import type { Route } from "./+types/home";

export function meta(_: Route.MetaArgs) {
  return [
    { title: "Samochody w leasingu, najmie i na aukcjach | Flotis" },
    {
      name: "description",
      content: "Nowe i poleasingowe samochody w leasingu, najmie długoterminowym i na aukcjach.",
    },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  return { database: context.services.database.kind };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="p-8">
      <h1 className="text-3xl font-bold">Samochody dla firm i klientów prywatnych</h1>
      <p data-db={loaderData.database}>Witamy.</p>
    </main>
  );
}
