import type { RunningServer } from "./start-server.ts";

/**
 * What SIGTERM (or SIGINT) does, bounded (docs/decisions/034-backups-shutdown-deployment.md):
 * the listening socket closes first, so a proxy's next connection is refused and goes to
 * another replica; requests in flight finish; pg-boss lets running jobs finish for 5 s and
 * then fails the rest back to the queue, where another replica retries them; the outbox
 * dispatcher stops; the database closes. All of that within `timeoutMs`, or connections
 * still open are cut and the process reports a forced stop.
 */
export async function shutDownGracefully(options: {
  server: RunningServer;
  timeoutMs: number;
  signal: string;
}): Promise<"clean" | "forced"> {
  const { server, timeoutMs, signal } = options;
  const log = server.app.log;
  log.info(`${signal} received: finishing requests in flight (at most ${timeoutMs / 1000} s)`);
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"forced">((resolve) => {
    timer = setTimeout(() => resolve("forced"), timeoutMs);
  });
  const outcome = await Promise.race([server.close().then(() => "clean" as const), deadline]);
  clearTimeout(timer);
  if (outcome === "forced") {
    // A request that outlives the bound (a stuck client, a long query) must not keep an
    // upgrade waiting for ever; its transaction rolls back when the connection drops.
    server.app.server.closeAllConnections();
    log.error(`shutdown took longer than ${timeoutMs / 1000} s: open connections were cut`);
  } else {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    log.info(`stopped cleanly in ${seconds} s`);
  }
  return outcome;
}
