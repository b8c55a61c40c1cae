import { describe, expect, it, vi } from "vitest";
import { shutDownGracefully } from "../src/shutdown.ts";
import type { RunningServer } from "../src/start-server.ts";

function fakeServer(close: () => Promise<void>) {
  const closeAllConnections = vi.fn();
  const log = { info: vi.fn(), error: vi.fn() };
  const server = { app: { log, server: { closeAllConnections } }, url: "", close };
  return { server: server as unknown as RunningServer, closeAllConnections, log };
}

describe("shutDownGracefully", () => {
  it("reports a clean stop when everything closes within the bound", async () => {
    const { server, closeAllConnections } = fakeServer(() => Promise.resolve());
    expect(await shutDownGracefully({ server, timeoutMs: 1_000, signal: "SIGTERM" })).toBe("clean");
    expect(closeAllConnections).not.toHaveBeenCalled();
  });

  it("cuts the connections left after the bound and reports a forced stop", async () => {
    const { server, closeAllConnections, log } = fakeServer(() => new Promise(() => {}));
    const started = performance.now();
    expect(await shutDownGracefully({ server, timeoutMs: 200, signal: "SIGTERM" })).toBe("forced");
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(closeAllConnections).toHaveBeenCalledOnce();
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining("longer than 0.2 s"));
  });
});
