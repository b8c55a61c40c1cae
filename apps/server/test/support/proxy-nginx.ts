import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Debian's nginx (`apt-get install nginx-light`; .ci/run installs it) running deploy/nginx's
 * own configuration in a temporary directory, in the foreground, on loopback: only the
 * upstream addresses and the port differ from what an operator deploys.
 */
const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const deployedConfig = fileURLToPath(
  new URL("../../../../deploy/nginx/obmen.conf", import.meta.url),
);

export interface RunningNginx {
  url: string;
  /** One line per request: `status method uri upstream` (a retried one names two upstreams). */
  accessLog(): { upstream: string; status: number; method: string; uri: string }[];
  stop(): Promise<void>;
}

export async function startNginx(options: {
  port: number;
  upstreams: string[];
  /** The address nginx connects to the replicas from, so they can tell it from the client. */
  bindAddress: string;
}): Promise<RunningNginx> {
  if (!existsSync(NGINX))
    throw new Error(`nginx not found at ${NGINX}: apt-get install -y nginx-light (Debian's)`);
  const folder = mkdtempSync(path.join(os.tmpdir(), "obmen-nginx-"));
  for (const temp of ["body", "proxy", "fastcgi", "uwsgi", "scgi"])
    mkdirSync(path.join(folder, temp), { mode: 0o777 });
  const { port } = options;
  const site = readFileSync(deployedConfig, "utf8")
    .replace(
      /upstream obmen \{[^}]*\}/,
      `upstream obmen {\n${options.upstreams.map((address) => `    server ${address} max_fails=1 fail_timeout=5s;`).join("\n")}\n}`,
    )
    .replace("listen 80;", `listen 127.0.0.1:${port};`)
    .replace(
      "proxy_pass http://obmen;",
      `proxy_pass http://obmen;\n        proxy_bind ${options.bindAddress};`,
    );
  if (!site.includes(`127.0.0.1:${port}`) || !site.includes("proxy_bind"))
    throw new Error("deploy/nginx/obmen.conf no longer has the lines this test rewrites");
  writeFileSync(path.join(folder, "obmen.conf"), site);
  const log = path.join(folder, "access.log");
  writeFileSync(
    path.join(folder, "nginx.conf"),
    `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
pid ${folder}/nginx.pid;
error_log stderr warn;
daemon off;
events { worker_connections 512; }
http {
  log_format replicas '$status $request_method $uri $upstream_addr';
  access_log ${log} replicas;
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  include ${folder}/obmen.conf;
}
`,
  );
  let printed = "";
  const child: ChildProcess = spawn(NGINX, ["-p", folder, "-c", path.join(folder, "nginx.conf")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (printed += chunk));
  child.stderr!.on("data", (chunk) => (printed += chunk));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`nginx exited with ${code}:\n${printed}`))),
  );
  const ready = (async () => {
    for (;;) {
      const answer = await fetch(`${url}/healthz`).catch(() => null);
      if (answer?.status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await Promise.race([ready, exited]);
  return {
    url,
    accessLog: () =>
      readFileSync(log, "utf8")
        .trim()
        .split("\n")
        .map((line) => {
          const [status = "0", method = "", uri = "", ...upstream] = line.split(" ");
          return { upstream: upstream.join(" "), status: Number(status), method, uri };
        }),
    async stop() {
      if (child.exitCode === null) {
        const gone = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGQUIT");
        await gone;
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
