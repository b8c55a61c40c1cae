import type { ObmenClient } from "@obmen/contracts/sdk";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLoadContext } from "../web-context.server.ts";
import { loader } from "./site-layout.tsx";

const quietLog = () => ({ warn: vi.fn(), error: vi.fn() });

function loadLayout(list: () => Promise<unknown>, path: string, log = quietLog()) {
  const api = { currencyPairs: { list } } as unknown as ObmenClient;
  const url = new URL(`http://localhost${path}`);
  const args = {
    context: createLoadContext({
      api,
      clientIp: "203.0.113.9",
      appOrigin: "http://localhost",
      widgets: {},
      log,
    }),
    url,
    request: new Request(url),
    params: {},
  } as unknown as Parameters<typeof loader>[0];
  return loader(args);
}

describe("the site layout's pair list (spec §2, §8)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("renders the page without the list when the API fails, and says why in the log", async () => {
    const log = quietLog();
    const data = await loadLayout(() => Promise.reject(new Error("API down")), "/uk/about", log);
    expect(data).toEqual({ catalogueJson: null });
    expect(log.warn).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: "API down" }) },
      expect.stringContaining("pair list failed"),
    );
  });
});
