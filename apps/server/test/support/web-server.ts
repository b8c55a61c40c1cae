import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseConfig } from "../../src/config.ts";
import { type RunningServer, startServer } from "../../src/start-server.ts";

const ENSURE_BUILD = fileURLToPath(
  new URL("../../../../scripts/ensure-build.mjs", import.meta.url),
);

/** Builds the site and the console when missing or stale (a fresh clone's unit stage has none). */
export function ensureWebBuild(): void {
  execFileSync(process.execPath, [ENSURE_BUILD], { stdio: "ignore" });
}

export interface WebServer {
  server: RunningServer;
  url: string;
  close(): Promise<void>;
}

/** The whole server, site included, in this process on a new embedded database. */
export async function startWebServer(env: Record<string, string>): Promise<WebServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "obmen-web-"));
  const config = {
    ...parseConfig({
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      CAPTCHA_PROVIDER: "none",
      ...env,
    }),
    // Any free port: the configuration accepts only real ones.
    PORT: 0,
  };
  const server = await startServer(config);
  const address = server.app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
