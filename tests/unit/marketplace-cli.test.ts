import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";

// deploy/systemd/marketplace-cli runs an npm command with the environment of a systemd instance: the
// unit's own settings, then the environment file read as systemd reads it (values with spaces and
// angle brackets, quotes, comments), as the service's user.
const root = path.resolve(import.meta.dirname, "../..");

it("runs a command with the service's environment file, read as systemd reads it", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "marketplace-cli-"));
  try {
    const envFile = path.join(dir, "env");
    // The shipped example (MAIL_FROM=Flotis <no-reply@…>, empty values), then this site's own lines.
    fs.writeFileSync(
      envFile,
      `${fs.readFileSync(path.join(root, ".env.example"), "utf8")}\nDATA_DIR=${dir}/dane\nBACKUP_DIR="${dir}/kopie zapasowe"\n`,
    );
    const out = execFileSync(path.join(root, "deploy/systemd/marketplace-cli"), ["3001", "backups"], {
      env: {
        ...process.env,
        MARKETPLACE_ENV_FILE: envFile,
        MARKETPLACE_DIR: root,
        MARKETPLACE_USER: os.userInfo().username,
      },
      encoding: "utf8",
    });
    expect(out.trim()).toBe(`W ${dir}/kopie zapasowe nie ma kopii zapasowych.`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
