import { createServer } from "node:net";

/** A port the kernel says is free on loopback right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers `expectStatus`, or throws after `timeoutMs`. */
export async function waitForStatus(
  url: string,
  options: { timeoutMs: number; expectStatus?: number; isAlive?: () => boolean },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  const expect = options.expectStatus ?? 200;
  let last = "no answer";
  while (Date.now() < deadline) {
    if (options.isAlive && !options.isAlive()) throw new Error(`process died waiting for ${url}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === expect) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${url} did not answer ${expect} within ${options.timeoutMs} ms (${last})`);
}
