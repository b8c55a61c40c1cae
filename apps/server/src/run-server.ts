import { DataDirLockedError } from "@obmen/db";
import { ConfigError, parseConfig } from "./config.ts";
import { shutDownGracefully } from "./shutdown.ts";
import { startServer } from "./start-server.ts";

/**
 * `npm start` (main.ts): parse the configuration, start the one process, stop cleanly on a
 * signal. `web: false` serves the API tier alone (the durability tests run it so, without a
 * site build).
 */
export async function runServer(options: { web: boolean } = { web: true }) {
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }

  // React and friends switch to their production builds on NODE_ENV; an unset NODE_ENV would
  // serve development React (several times slower). The config keeps what the operator set,
  // so the dev mailbox rule still sees "unset" (docs/performance.md).
  process.env.NODE_ENV ??= "production";

  const started = performance.now();
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer(config, { web: options.web });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(3);
    }
    throw error;
  }
  // The last of `npm start`'s progress lines (scripts/ensure-build.mjs prints the others).
  const database =
    config.databaseEngine === "pglite" ? `pglite in ${config.DATA_DIR}` : config.databaseEngine;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Obmen is listening on ${config.APP_URL} (database: ${database}; started in ${seconds} s)`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const outcome = await shutDownGracefully({
      server,
      signal,
      timeoutMs: config.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    });
    // 0 only for a clean stop: a supervisor then knows nothing was cut short.
    process.exit(outcome === "clean" ? 0 : 1);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}
