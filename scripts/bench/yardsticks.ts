/**
 * The yardsticks a benchmark of our server's answers is read against, in the same run on the same
 * machine: Debian's nginx serving the same bytes from a file, and Fastify alone sending them from
 * memory (no routing, no React, no database). What our figure adds over theirs is ours to cut; what
 * they take already is the machine and the client.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** nginx serving `root` on `port`; `headers` are added to every answer (e.g. a Content-Encoding). */
export function startNginx(
  work: string,
  port: number,
  root: string,
  headers: Record<string, string> = {},
  defaultType = "text/html",
): ChildProcess {
  const conf = path.join(work, "nginx.conf");
  const added = Object.entries(headers)
    .map(([k, v]) => `add_header ${k} "${v}";`)
    .join(" ");
  fs.writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${work}/body; proxy_temp_path ${work}/proxy; fastcgi_temp_path ${work}/fcgi;
  uwsgi_temp_path ${work}/uwsgi; scgi_temp_path ${work}/scgi;
  default_type "${defaultType}";
  server { listen 127.0.0.1:${port}; root ${root}; location / { ${added} try_files $uri =404; } }
}
`,
  );
  return spawn("/usr/sbin/nginx", ["-c", conf, "-p", work], { stdio: "inherit" });
}

/**
 * Fastify in a process of its own, answering every GET with the bytes of `file` (read once into
 * memory) and `headers`: the least our server could do for the same answer.
 */
export function startFastifyFromMemory(
  port: number,
  file: string,
  headers: Record<string, string>,
): ChildProcess {
  const program = `
    import fs from "node:fs";
    import Fastify from "fastify";
    const body = fs.readFileSync(${JSON.stringify(file)});
    const headers = ${JSON.stringify(headers)};
    const app = Fastify();
    app.get("/*", (_req, reply) => { reply.headers(headers).send(body); });
    await app.listen({ port: ${port}, host: "127.0.0.1" });
  `;
  return spawn(process.execPath, ["--input-type=module", "-e", program], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    stdio: "inherit",
  });
}

/** Waits until `url` answers 200 (a yardstick or a server just spawned). */
export async function waitReady(url: string, child?: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child && child.exitCode !== null) throw new Error(`${url}: process exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} not ready`);
}
