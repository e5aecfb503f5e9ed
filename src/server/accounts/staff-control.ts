import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { staffMemberSchema } from "../../domain/staff/forms";
import { backUp } from "../db/embedded-backup";
import type { Services } from "../service-types";
import { randomToken } from "./secrets";

/**
 * Staff commands (npm run account:verify, npm run rules:publish, npm run staff:add). With PostgreSQL the command
 * opens the database itself. The embedded database can be opened by one process only, so while the
 * server runs the command asks it instead: the server writes its address and a random key to
 * DATA_DIR/staff-control.json (readable only by its owner), and answers POST /staff/<command> (verify,
 * publish-rules, add-staff, backup) with that key. Whoever can read the file could open the database anyway: no new access is given.
 */
export const STAFF_CONTROL_FILE = "staff-control.json";

interface StaffControl {
  url: string;
  key: string;
}

export function registerStaffControl(app: FastifyInstance, services: Services, dataDir: string): void {
  const key = randomToken();
  const file = path.join(dataDir, STAFF_CONTROL_FILE);
  const commands: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
    verify: (body) => services.staff.bidders.verifyByEmail(String(body.email ?? "")),
    "publish-rules": (body) =>
      services.accounts.publishRules({
        contentType: String(body.contentType ?? "application/pdf"),
        data: Buffer.from(String(body.base64 ?? ""), "base64"),
      }),
    "add-staff": (body) => services.staff.members.addFromCommandLine(staffMemberSchema.parse(body)),
    // npm run backup: the server that holds the embedded database takes the copy (ADR 048).
    backup: async (body) => {
      const backup = await backUp(services.database, {
        file: body.file ? String(body.file) : undefined,
        dir: services.config.backupDir,
        keep: services.config.BACKUP_KEEP,
        now: services.clock.now(),
      });
      app.log.info(
        { file: backup.file, bytes: backup.bytes },
        `Kopia zapasowa bazy: ${backup.file} (npm run backup)`,
      );
      return { File: backup.file, Bytes: backup.bytes };
    },
  };
  app.post("/staff/:command", { bodyLimit: 20 * 1024 * 1024 }, async (request, reply) => {
    const given = Buffer.from(String(request.headers["x-staff-key"] ?? ""));
    const expected = Buffer.from(key);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
      return reply.status(403).send({ error: "Nieprawidłowy klucz." });
    }
    const command = commands[(request.params as { command: string }).command];
    if (!command) return reply.status(404).send({ error: "Nieznane polecenie." });
    try {
      return await command((request.body ?? {}) as Record<string, unknown>);
    } catch (err) {
      return reply.status(400).send({ error: (err as Error).message });
    }
  });
  app.addHook("onListen", async () => {
    const address = app.server.address();
    if (!address || typeof address !== "object") return;
    const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
    const local = host === "0.0.0.0" || host === "[::]" ? "127.0.0.1" : host;
    const control: StaffControl = { url: `http://${local}:${address.port}`, key };
    fs.writeFileSync(file, JSON.stringify(control), { mode: 0o600 });
  });
  app.addHook("onClose", async () => {
    fs.rmSync(file, { force: true });
  });
}

/**
 * The command's side: asks the server that holds `dataDir` to run a command, with the key it wrote
 * there. Throws with the server's Polish reason when it refuses.
 */
export async function askRunningServer(
  dataDir: string,
  command: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const file = path.join(dataDir, STAFF_CONTROL_FILE);
  if (!fs.existsSync(file)) {
    throw new Error(
      `Katalog ${dataDir} jest używany przez serwer, ale brak pliku ${STAFF_CONTROL_FILE}: uruchom serwer ponownie.`,
    );
  }
  const control = JSON.parse(fs.readFileSync(file, "utf8")) as StaffControl;
  const res = await fetch(`${control.url}/staff/${command}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-staff-key": control.key },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(String(answer.error ?? `HTTP ${res.status}`));
  return answer;
}
