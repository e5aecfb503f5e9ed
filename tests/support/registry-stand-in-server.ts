import { startRegistryStandIn } from "./registry-stand-in";

// The VAT register stand-in as a process of its own: Playwright starts it beside the journeys' server
// (playwright.config.ts), so every spec and worker meets the same register for the whole run.
const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error("Użycie: tsx tests/support/registry-stand-in-server.ts PORT");
  process.exit(2);
}
startRegistryStandIn(port).then((s) => console.log(`Rejestr VAT (zastępnik): ${s.url}`));
