import type { ObmenClient } from "@obmen/contracts/sdk";
import { SERVER_SECTIONS } from "@obmen/i18n";
import { catalogs } from "@obmen/i18n/catalogs";
import { describe, expect, it } from "vitest";
import { loader } from "./root.tsx";
import { createLoadContext } from "./web-context.server.ts";

function loadRoot(path: string) {
  const url = new URL(`http://localhost${path}`);
  const args = {
    context: createLoadContext({
      api: {} as ObmenClient,
      clientIp: "203.0.113.9",
      appOrigin: "http://localhost",
      widgets: {},
      log: { warn: () => {}, error: () => {} },
    }),
    url,
    request: new Request(url),
    params: {},
  } as unknown as Parameters<typeof loader>[0];
  return loader(args);
}

describe("the root loader's catalog (decision 016)", () => {
  it("sends the page's language only, without the letters' and the API's sections", async () => {
    for (const [path, locale] of [
      ["/", "ru"],
      ["/en/faq", "en"],
      ["/uk/order", "uk"],
    ] as const) {
      const data = await loadRoot(path);
      expect(data.locale).toBe(locale);
      const sent = JSON.parse(data.messagesJson) as Record<string, unknown>;
      expect(sent.Home).toEqual(catalogs[locale].Home);
      expect(sent.Calculator).toEqual(catalogs[locale].Calculator);
      for (const section of SERVER_SECTIONS) expect(sent, section).not.toHaveProperty(section);
      // Nothing of the letters, whatever section it might be moved to.
      expect(data.messagesJson).not.toContain(catalogs[locale].Mail.Footer);
      expect(data.messagesJson).not.toContain(catalogs[locale].Errors.BAD_SIGNATURE);
    }
  });
});
