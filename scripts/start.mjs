// `npm start`: build when there is no build yet, then run the server (migrations and demo data
// are handled by the server itself on start).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const needed = ["build/server/main.js", "build/server/web-server.js"];
if (!needed.every((f) => existsSync(f))) {
  console.log("Brak zbudowanej aplikacji: buduję (jednorazowo)…");
  execFileSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
}
// build/server/main.js sets it too; here it is also set for anything imported before it.
process.env.NODE_ENV = "production";
await import("../build/server/main.js");
