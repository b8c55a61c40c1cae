import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { CurrencyPairEntry } from "@obmen/contracts";
import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";

// main.ts without the web tier (its start, configuration and exits are the same).
const main = fileURLToPath(new URL("./api-only-main.ts", import.meta.url));
// main.ts itself, site included: needs the site's build (scripts/ensure-build.mjs).
const mainWithSite = fileURLToPath(new URL("../../src/main.ts", import.meta.url));

/** The partner keys every process started here signs with (registered by the server). */
export const PARTNER = { publicKey: "pk_durability_0001", secret: "d".repeat(40) };

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process printed, for a failure's message. */
  output: () => string;
}

/**
 * `npm start` as an operator runs it (API tier only, unless `web`), in a process of its own on `env`'s database, with the
 * partner keys above; resolves once `/healthz` answers 200.
 */
export async function startServerProcess(
  /** An `undefined` value removes the variable (NODE_ENV: undefined starts as `npm start`). */
  env: Record<string, string | undefined>,
  options: { web?: boolean } = {},
): Promise<ServerProcess> {
  const port = 38_000 + Math.floor(Math.random() * 2_000);
  let printed = "";
  const child = spawn(process.execPath, [options.web ? mainWithSite : main], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      CAPTCHA_PROVIDER: "none",
      API_PUBLIC_KEY: PARTNER.publicKey,
      API_SECRET: PARTNER.secret,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (printed += chunk));
  child.stderr!.on("data", (chunk) => (printed += chunk));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${printed}`))),
  );
  const healthy = (async () => {
    for (;;) {
      const answer = await fetch(`${url}/healthz`).catch(() => null);
      if (answer?.status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  await Promise.race([healthy, exited]);
  return { child, url, output: () => printed };
}

/** Ends the process at once, as a power cut or the OOM killer would, and waits for it. */
export async function killHard(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null) return;
  const gone = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGKILL");
  await gone;
}

/** One signed call as the partner; a network failure (the process died) resolves null. */
export async function signedCall(
  url: string,
  path: string,
  payload: Record<string, unknown>,
): Promise<{ status: number; body: Record<string, any> } | null> {
  const { envelope, timestamp } = sealEnvelope({
    payload,
    publicKey: PARTNER.publicKey,
    secret: PARTNER.secret,
    ip: "203.0.113.11",
    lang: "en",
  });
  try {
    const response = await fetch(`${url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", [TIMESTAMP_HEADER]: String(timestamp) },
      body: JSON.stringify(envelope),
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  } catch {
    return null;
  }
}

export type { CurrencyPairEntry };
